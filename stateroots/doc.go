// Package stateroots is the authority for where an application keeps its
// durable state.
//
// The "no shadow state" contract: every durable path is derived from one of
// a few canonical roots, and only this package (or a documented wrapper of
// it) decides where those roots are.
//
//   - repo-local state lives in <project root>/.<app> ([RepoStateRoot]); the
//     project root is found by walking up to a marker ([FindProjectRoot]);
//   - hub state lives in <hub root>/.<app> ([HubStateRoot]);
//   - global state lives in ~/.<app>, overridable by the <APP>_GLOBAL_STATE_ROOT
//     environment variable or an option ([GlobalStateRoot]);
//   - rebuildable caches and scratch files go under [CacheRoot] and [TempRoot].
//
// A program resolves all of these once, at start-up, into a [DirContext]
// ([NewDirContext]): the invoked directory, the target directory (a
// --from-dir override), the project root and the state roots, with no
// setters. Paths the user names are resolved against it and confined to
// the project ([DirContext.UserPath]); each run or agent gets a private
// directory of its own under <repo state root>/run ([CreateRunDir],
// [PruneRunDirs]).
//
// User-supplied names are attached to a root with [Join], which refuses
// anything that would leave the root, and names from configuration are
// checked to be one plain component with [RelativeSafe]; [Within] and
// [WithinResolved] check containment. Misconfiguration (no project root,
// a bad override) is reported as an error whose ExitCode method returns
// [ExitConfig] (78, EX_CONFIG), never papered over with a fallback such as
// the working directory.
//
// The root functions carry the //staterootlint:authority directive, so the
// staterootlint analyzers treat their results as state roots without
// configuration; [FindProjectRoot] and [DirContext.ProjectRoot] carry the
// kind "project", so a write under the project root outside the state
// directory is reported unless a may-write directive names it. The package
// reads the environment at call time and has no package-level state; only
// the run-directory functions create anything on disk.
package stateroots
