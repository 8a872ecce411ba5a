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
// User-supplied names are attached to a root with [Join], which refuses
// anything that would leave the root; [Within] and [WithinResolved] check
// containment. Misconfiguration (no project root, a bad override) is reported
// as an error whose ExitCode method returns [ExitConfig] (78, EX_CONFIG),
// never papered over with a fallback such as the working directory.
//
// The root functions carry the //staterootlint:authority directive, so the
// staterootlint analyzers treat their results as state roots without
// configuration. The package reads the environment at call time and has no
// package-level state.
package stateroots
