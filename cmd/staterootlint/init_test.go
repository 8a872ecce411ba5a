package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
)

// TestInitPrograms runs init on programs of every shape it proposes
// for, each beside its decoys: the proposal has every line of want and
// none of not, decodes as a configuration, and stderr says how to write
// it.
func TestInitPrograms(t *testing.T) {
	for _, tc := range []struct {
		name      string
		dir       string
		want, not []string
		// lint and lintNot, when set, are what a lint with the
		// proposal reports, and what it does not.
		lint, lintNot []string
	}{
		// A program with its own resolver, one in a dependency, a decoy that
		// only joins onto the home directory, a helper derived from the
		// resolver, and resolver look-alikes in a test and a generated file.
		{
			name: "initapp",
			dir:  filepath.Join("testdata", "initapp"),
			want: []string{
				"authorities:\n",
				"  # dirs.StateDir at internal/dirs/dirs.go:10 resolves a directory from $INITAPP_HOME, $XDG_STATE_HOME and os.UserHomeDir; as an authority it removes 3 findings\n  - example.com/initapp/internal/dirs.StateDir=global\n",
				"  # xdgdirs.ConfigHome (in the dependency example.com/xdgdirs) at xdgdirs.go:10 resolves a directory from $XDG_CONFIG_HOME and os.UserConfigDir; as an authority it removes 2 findings\n  - example.com/xdgdirs.ConfigHome=global\n",
				"root-env:\n  # the override dirs.StateDir reads: only the authority may read it\n  - INITAPP_HOME\n",
				"state-dir: .initapp\n",
				"tests: false\n",
				"generated: skip\n",
				"#   dirs.LegacyDir at internal/dirs/dirs.go:35 only joins onto os.UserHomeDir, with no override variable",
				"# With this file: 4 findings (without it: 9); 0 appear only with this file.\n",
			},
			not: []string{
				"- example.com/initapp/internal/dirs.LegacyDir", "LogDir", "GeneratedDir", "GEN_HOME", "testDir", "TEST_HOME",
			},
		},
		// A program that already uses the stateroots library has its state-dir
		// name and override variable in its calls.
		{
			name: "examples",
			dir:  filepath.Join("..", "..", "examples"),
			want: []string{
				"  - PX_GLOBAL_STATE_ROOT\n", "state-dir: .px\n", "with the stateroots library",
				// a candidate's evidence: the commands that reach it, and a read
				`#   "example.com/px/internal/legacy.DebugLog": ["cwd:px-debug.log"]  # written at internal/legacy/legacy.go:21 by 1 command (run); read back at internal/legacy/legacy.go:20: state?` + "\n",
			},
		},
		// A program whose resolvers have every shape init proposes, each beside
		// a decoy: a package variable set at start-up (beside one built on $HOME
		// alone), a type with memoizing methods (beside one memoizing a
		// directory under the home directory), a family of four siblings of
		// which one feeds most writes (beside a home-only function in the same
		// package), a dependency's resolver the program wraps, platform
		// variables that are inputs rather than overrides and an XDG parent that
		// is not the state-dir, an env variable naming the output file (beside
		// one naming a directory), test support compiled as normal code, by its
		// name or by the testing.TB it takes (beside a package whose name only
		// ends like it, and one that imports testing only to call
		// testing.Testing), and a directory inside the repository's git
		// directory (beside a relative directory that is no dot-directory), a
		// directory variable the program reads where it writes under it (beside
		// one it writes under once), and a resolver handed a getenv function by
		// its caller, its home directory found in a helper (beside a list from
		// the environment alone), and one whose path is its second result, and a
		// store directory with its own override built on the home directory
		// behind another (beside that home directory), and a flag library's
		// accessor the program calls (beside one it does not call and a Stringer
		// that is no flag value), and a list of places for a run-commands file,
		// the home's and the project's (beside a file in the working directory
		// only), and a project file found by walking up from the working
		// directory (beside a marker found the same way with state kept beside
		// it, and a fresh name that does not exist yet).
		{
			name: "initshapes",
			dir:  filepath.Join("testdata", "initshapes"),
			want: []string{
				// a package variable
				"  # vars.Root at internal/vars/vars.go:13 (package variable) resolves a directory from $SHAPES_CONFIG_DIR, $XDG_CONFIG_HOME and os.UserHomeDir; as an authority it removes 3 findings\n  - example.com/initshapes/internal/vars.Root=global\n",
				// memoizing methods of one type, sync.Once and a lazily filled field
				"  - (*example.com/initshapes/internal/memo.Dirs).State=global\n",
				"(*memo.Dirs).Cache at internal/memo/memo.go:38 (memoizing method) resolves a directory from $XDG_CACHE_HOME",
				"  - (*example.com/initshapes/internal/memo.Dirs).Cache=cache\n",
				// the family: all four, whatever each removes
				"  - example.com/initshapes/internal/family.ConfigDir=global\n",
				"  - example.com/initshapes/internal/family.StateDir=global\n",
				"  - example.com/initshapes/internal/family.DataDir=global\n",
				"as an authority it removes 0 findings, and it is a sibling of family.ConfigDir\n  - example.com/initshapes/internal/family.CacheDir=cache\n",
				// the innermost resolver, in the dependency, and its wrapper
				"  # xdgbase.DataHome (in the dependency example.com/xdgbase) at xdgbase.go:11 resolves a base many programs share from $XDG_DATA_HOME and os.UserHomeDir: the root is the state-dir name below it; as an authority it removes 2 findings\n  # (the program reaches it through paths.DataDir)\n  - example.com/xdgbase.DataHome=global:base\n",
				"  - example.com/initshapes/internal/plat.Dir=global\n",
				// a resolver whose inputs the caller passes, its home directory
				// found in a helper: the paths it builds name every source
				"  # lookup.listFiles at internal/lookup/lookup.go:14 resolves a directory from $HOME, $SHAPES_LISTS and os.UserHomeDir; as an authority it removes 3 findings\n  - example.com/initshapes/internal/lookup.listFiles=global\n",
				"  # the override lookup.listFiles reads: only the authority may read it\n  - SHAPES_LISTS\n",
				// a path as the second result, after whether the file exists
				"  # locate.find at internal/locate/locate.go:12 resolves a directory from $SHAPES_CONF and os.UserConfigDir; as an authority it removes 3 findings\n  - example.com/initshapes/internal/locate.find=global\n",
				// the home directory behind an override is no authority; the store
				// built on it with its own override and dot-directory is one
				"  # store.Dir at internal/store/store.go:22 resolves a directory from $SHAPES_HOMEDIR, $SHAPES_STORE_DIR and os.UserHomeDir; as an authority it removes 1 finding\n  - example.com/initshapes/internal/store.Dir=global\n",
				"#   store.HomeDir at internal/store/store.go:13 returns the home directory itself ($SHAPES_HOMEDIR and os.UserHomeDir), no directory of the program's own: a path joined onto it is an ad hoc root (4 findings)\n",
				// a flag library's accessor the program calls: the user's value
				"  # (*flagkit.Context).String (in the dependency example.com/flagkit) at flagkit.go:46 (flag accessor) returns the value the user gave a flag (the flag value prints itself at flagkit.go:30); as a user-chosen path it removes 2 findings\n  - (*example.com/flagkit.Context).String=user\n",
				// a list of places for a run-commands file, the home's and the
				// project's, unexported, its relative literal with no position
				"  # rcfile.places at internal/rcfile/rcfile.go:16 resolves a directory from os.UserHomeDir and the repository's .shapesrc; as an authority it removes 3 findings\n  - example.com/initshapes/internal/rcfile.places=global\n",
				// a project file found by walking up from the working directory
				"  # finder.projectFile at internal/finder/finder.go:34 (finder) returns a file it finds existing in a directory or a parent: the user's file; as a user-chosen path it removes 1 finding\n  - example.com/initshapes/internal/finder.projectFile=user\n",
				"#   finder.markerFile at internal/finder/finder.go:48 returns a file it finds existing, but its package takes the directory of what it returns at internal/finder/finder.go:78: state of the program's own beside the user's file, no user path\n",
				// a root under the repository: kind repo
				"  # repo.HooksDir at internal/repo/repo.go:27 resolves a directory from the repository's .git/shapes-hooks; as an authority it removes 2 findings\n  - example.com/initshapes/internal/repo.HooksDir=repo\n",
				// root-env: the program's own overrides
				"  # a directory the program writes under (2 findings), read where it is used: only the authority may read it\n  - SHAPESCACHE\n",
				"  - SHAPES_CONFIG_DIR\n", "  - SHAPES_STATE_DIR\n", "  - SHAPES_CONFIG_HOME\n", "  - SHAPES_CACHE_HOME\n", "  - SHAPES_PLAT\n",
				"user-env:\n  # names the file written at main.go:48: a path the user chose\n  - SHAPES_DUMP_FILE\n  # names the file written at main.go:52: a path the user chose\n  - SHAPES_TRACE_LOG_PATH\n",
				"state-dir: .shapes\n",
				"exclude:\n  # test support compiled as normal code (2 findings)\n  - internal/snapshots/**\n  # test support compiled as normal code (1 finding)\n  - internal/testutil/**\n",
				// fixed names in the working directory: candidates, declared by nobody
				"# allow-write:\n",
				`#   "example.com/initshapes/internal/runmode.Record": ["cwd:runmode.json"]  # written at internal/runmode/runmode.go:16 (no command recognised: //staterootlint:command NAME on a function names one); not read back` + "\n",
				"#   (*memo.Dirs).Spool at internal/memo/memo.go:52 only joins onto os.UserHomeDir, with no override variable",
				"#   family.TrashDir at internal/family/family.go:69 only joins onto os.UserHomeDir, with no override variable",
				"#   vars.Old at internal/vars/vars.go:17 only joins onto $HOME, with no override variable",
			},
			not: []string{
				"Spool=", "TrashDir=", "vars.Old=", "paths.DataDir=", "BuildDir=", "extraFiles=", "homeOf=", "store.HomeDir=", // decoys and the wrapper
				"- HOME\n", "- XDG_", "- LocalAppData\n", "- AppData\n", // inputs, not overrides
				"state-dir: .local", "state-dir: .config", "state-dir: .git", // XDG parents, the git directory
				"- SHAPES_SPOOL", "- SHAPES_DB_PATH", // a directory, and state
				"- internal/latest", "- internal/runmode", // not test support
				"\nallow-write:",           // candidates only, never declared
				"markerFile=", "freshName", // state beside the found file; a name that does not exist yet
				"scratch=", "state-dir: .shapesrc", // a file in the working directory only; a file's name is no state-dir
				"Context).Path=", "LevelName=", "Level).String=", "Many).String=", // an accessor the program does not call, a Stringer that is no flag value, the value itself

			},
		},
		// A program whose state is below the XDG bases of a resolver library in
		// another module (package variables filled in its init): the variables
		// are proposed as shared bases with the program's directory below them
		// as state-dir, and the run with the proposal has no finding left. The
		// library's helper that joins a caller's name below a base, and its
		// function returning the home directory itself, are not proposed.
		{
			name: "initxdg",
			dir:  filepath.Join("testdata", "initxdg"),
			want: []string{
				"(package variable) resolves a base many programs share from $XDG_CONFIG_HOME: the root is the state-dir name below it; as an authority it removes 3 findings\n  - example.com/xdgvars.ConfigHome=global:base\n",
				"  - example.com/xdgvars.DataHome=global:base\n",
				"# the directory the program keeps below the shared bases it writes under (xdgvars.ConfigHome, xdgvars.DataHome): a literal naming it elsewhere is an ad hoc root\nstate-dir: .xdgprog\n",
				// the write through the helper is its own finding: the name
				// the helper joins may be empty, so its requirement is not
				// the plain join's
				"# With this file: 0 findings (without it: 4); 0 appear only with this file.",
			},
			not: []string{
				"ConfigFile=", "xdgvars.Home=", "ConfigHome=global\n",
			},
		},
		// A program whose state is below the XDG bases a resolver library
		// keeps in the fields of one unexported value (filled in its init),
		// reached through the library's helpers that join the program's name
		// below a base (the engine cannot follow the value: its writes are
		// unproven, none is a finding), and through an exported copy of one
		// base the program reads itself: the fields its writes go through, and
		// the copy, are proposed as shared bases, the name the program passes
		// to the helpers as state-dir. A base the program writes nothing below
		// (the cache's), the copies it does not read, and the helpers are not
		// proposed.
		{
			name: "initxdgstruct",
			dir:  filepath.Join("testdata", "initxdgstruct"),
			want: []string{
				"  - (*example.com/xdgstruct.bases).configHome=global:base\n",
				"  - (*example.com/xdgstruct.bases).configDirs=global:base\n",
				"  - (*example.com/xdgstruct.bases).stateHome=global:base\n",
				"  - (*example.com/xdgstruct.bases).dataHome=global:base\n",
				"  - example.com/xdgstruct.StateHome=global:base\n",
				"state-dir: .xsprog\n",
			},
			not: []string{
				"cacheHome", "CacheHome", "xdgstruct.ConfigHome=", "xdgstruct.DataHome=", "File=", "=global\n",
			},
			// the copy declared with its field: the write below it is rooted
			lintNot: []string{"xdgstruct.StateHome"},
		},
		// The same library, a program keeping two directories of its own
		// below its bases (lazygit's legacy jesseduffield/lazygit beside
		// lazygit): state-dir names one, so declared :base the writes below
		// the other would be outside the root. No base is proposed, and
		// "Not proposed" says why.
		{
			name: "initxdglegacy",
			dir:  filepath.Join("testdata", "initxdglegacy"),
			want: []string{
				"#   (*xdgstruct.bases).configHome at xdgstruct.go:",
				"the program keeps more than one directory of its own below these bases (legacyorg, xlprog), and state-dir names one: the writes below another would be outside the root",
				"# With this file: 0 findings (without it: 0); 0 appear only with this file.",
			},
			not: []string{":base\n", "state-dir:"},
		},
		// One write through a scope library's resolver of an XDG base, by
		// a method that joins the application's name below it (vhs's
		// known_hosts through go-app-paths' DataPath): the directory is
		// the program's, proposed on one finding.
		{
			name: "initscopeonce",
			dir:  filepath.Join("testdata", "initscopeonce"),
			want: []string{
				"  - (*example.com/scopepaths.Scope).DataPath=global:file\n",
				"# With this file: 0 findings (without it: 1)",
			},
		},
		// A package that resolves the program's files once into a map
		// (from XDG resolvers of its own and the home directory) and hands
		// them out through an exported getter the rest of the program
		// calls (syncthing's locations.Get): the getter is the authority;
		// the resolvers behind it, whose values reach the writes only
		// through it, remove nothing on their own.
		{
			name: "initgetter",
			dir:  filepath.Join("testdata", "initgetter"),
			want: []string{
				"  - example.com/initgetter/internal/locations.Get=global\n",
				"# With this file: 0 findings (without it: 5)",
			},
			not: []string{"locations.configDir=", "locations.dataDir="},
		},
		// The same two directories, reached through the program's own
		// resolvers (lazygit's findConfigFile and LogPath): its override
		// first, then the library's variable or function with its name
		// below. No base can be declared; the resolver can, as a file's
		// (it joins the caller's name), and a variable the program takes
		// in place of that root's file is its override, not the user's.
		{
			name: "initxdgresolvers",
			dir:  filepath.Join("testdata", "initxdgresolvers"),
			want: []string{
				"  - example.com/initxdgresolvers/internal/conf.findConfigFile=global:file\n",
				"  - XRCONFIG_DIR\n",
				"  # taken in place of the path conf.findConfigFile resolves (the write at main.go:27 is given either): an override of that root: only the authority may read it\n  - XRPROG_LOG_PATH\n",
				"# With this file: 1 finding (without it: 5)",
			},
			not: []string{":base\n", "state-dir:", "user-env:"},
			// the log's override read outside the authority's package
			lint: []string{"internal/logs/logs.go:11:10: os.Getenv reads the root override \"XRPROG_LOG_PATH\""},
		},
		// A program whose directories come from a scope library's exported
		// methods, which join the application's name below what unexported
		// methods resolve (and add system-wide defaults): the proposal names the
		// exported methods the program calls, which a configuration can declare
		// and which cover the defaults too, not the unexported innermost
		// resolvers, and it is no shared base (the library joins the program's
		// name itself); one that joins the caller's file name below the
		// directory is declared :file.
		{
			name: "initscope",
			dir:  filepath.Join("testdata", "initscope"),
			want: []string{
				"  # (unexported: declared as what the program calls that returns it, (*scopepaths.Scope).CacheDir)\n  - (*example.com/scopepaths.Scope).CacheDir=cache\n",
				"  # (unexported: declared as what the program calls that returns it, (*scopepaths.Scope).ConfigDirs)\n  - (*example.com/scopepaths.Scope).ConfigDirs=global\n",
				// a helper that joins the caller's file name below the directory:
				// its result is a file in the root, a backup beside it inside
				"  # (unexported: declared as what the program calls that returns it, (*scopepaths.Scope).DataPath)\n  - (*example.com/scopepaths.Scope).DataPath=global:file\n",
				"# With this file: 0 findings (without it: 5); 0 appear only with this file.",
			},
			not: []string{
				").configDir=", ").cacheDir=", ").dataDir=", "DataPath=global\n", ":base", "state-dir:",
			},
		},
		// A program that searches its configuration in its own override
		// directory and below $XDG_CONFIG_HOME before a scope library's
		// directories, hands the list to a configuration library's
		// package-level finder and writes the default file in the first: the
		// value has an origin per source, the override first, which arises in
		// no resolver. The library's resolver the others arise in is proposed,
		// and the two variables as overrides (the program's own, and the XDG
		// base with the program's name below it), not the package variable
		// the path is kept in nor the finder's field the list is copied into.
		{
			name: "initscopeenv",
			dir:  filepath.Join("testdata", "initscopeenv"),
			want: []string{
				"  - (*example.com/scopepaths.Scope).ConfigDirs=global\n",
				"  - (*example.com/scopepaths.Scope).CacheDir=cache\n",
				"  - INITSCOPEENV_CONFIG_HOME\n",
				"  - XDG_CONFIG_HOME=global:base\n",
				"state-dir: .initscopeenv\n",
			},
			not: []string{
				"initscopeenv.configFile=", "search.Finder", ":base\n  - (*example.com/scopepaths.Scope).CacheDir",
			},
		},
		// A command whose loader fills a configuration struct's fields from
		// the environment map it is given (its own override, else helpers
		// that read the XDG bases or the home directory from the map), one
		// handed out by a method: every origin is the map's, arising in no
		// resolver, and one write's finding at the caller names one field.
		// The fields and the method are proposed, the cache field as a
		// cache, the override as root-env.
		{
			name: "initenvstruct",
			dir:  filepath.Join("testdata", "initenvstruct"),
			want: []string{
				"  - (*example.com/initenvstruct/internal/cmd.Config).AllowDir=global\n",
				"  - (*example.com/initenvstruct/internal/cmd.Config).CacheDir=cache\n",
				"  - (*example.com/initenvstruct/internal/cmd.Config).ConfDir=global\n",
				"  - INITENVSTRUCT_CONFIG\n",
				"# With this file: 0 findings (without it: 1); 0 appear only with this file.",
			},
		},
		// A package of the program's own code that also holds a helper for
		// its tests in a non-test file (taking a *testing.T): nothing is
		// excluded, the package's writes and the helper's stay reported, and
		// the helper's file is named as one the author may exclude.
		{
			name: "inittesthelper",
			dir:  filepath.Join("testdata", "inittesthelper"),
			want: []string{
				"#   exclude runner/test_util.go: a test helper in a non-test file of a package of the program's own (1 finding): not excluded, as the program may call it; exclude the file by hand if only the tests do\n",
				"# With this file: 3 findings (without it: 3); 0 appear only with this file.",
			},
			not: []string{"runner/**", "exclude:"},
		},
		// A store directory's resolver whose result is kept in the store's
		// field before it is written, and cleaned on the way by a helper
		// that reads the home override (the first origin the write names):
		// credited with the writes through the field and proposed. Its copy
		// in the old configuration's package, whose result is migrated into
		// the new configuration file's content (no write is seen through
		// it), is proposed with it: otherwise the proposal's root-env and
		// state-dir make findings of its reads.
		{
			name: "initfieldstore",
			dir:  filepath.Join("testdata", "initfieldstore"),
			want: []string{
				"  - example.com/initfieldstore/internal/config.StoreDir=global\n",
				"and it is a copy of config.StoreDir (the same name and sources in another package): the same root\n  - example.com/initfieldstore/internal/config/legacy.StoreDir=global\n",
				"  - FSTORE_STORE_DIR\n",
			},
			not:     []string{"clean.Path=", "home.Dir="},
			lintNot: []string{"internal/config/legacy/"},
		},
		// A resolver of one dot-file in the home directory (gopass's legacy
		// ~/.gopass.yml): proposed, but the file's name is no state-dir.
		{
			name: "initdotfile",
			dir:  filepath.Join("testdata", "initdotfile"),
			want: []string{
				"  - example.com/initdotfile.ConfigLocations=global\n",
				"  - DOTFILE_CONFIG\n",
			},
			not: []string{"state-dir:"},
		},
		// A program whose resolver reads a package variable that a
		// urfave/cli-style flag, bound to an environment variable, stores its
		// value into, before it falls back to the home directory: the resolver
		// is proposed as the authority and the flag's environment variable as
		// its override. A function that only joins onto the home directory, and
		// a flag variable no resolver reads, are not.
		{
			name: "initclienv",
			dir:  filepath.Join("testdata", "initclienv"),
			want: []string{
				"  # dirs.ConfigDir at internal/dirs/dirs.go:18 resolves a directory from $CLIENV_CONFIG_DIR and os.UserHomeDir; as an authority it removes 2 findings\n  - example.com/initclienv/internal/dirs.ConfigDir=global\n",
				"root-env:\n  # the override dirs.ConfigDir reads through the --config-dir flag bound to it at main.go:16, stored into dirs.ConfigDirFlag: only the authority may read it\n  - CLIENV_CONFIG_DIR\n",
				"state-dir: .clienv\n",
				"#   dirs.TrashDir at internal/dirs/dirs.go:28 only joins onto os.UserHomeDir, with no override variable",
				"# With this file: 1 finding (without it: 3); 0 appear only with this file.",
			},
			not: []string{
				"TrashDir=", "CLIENV_LOG_LEVEL", "ConfigDirFlag=", "LogLevel=",
			},
		},
		// A program whose resolver returns its settings file, not a directory,
		// and which writes a backup and a database beside it: the resolver is
		// proposed =global:file (its directory is the root), and a resolver of a
		// directory whose name has a one-letter extension (plugins.d) stays a
		// plain one.
		{
			name: "initfile",
			dir:  filepath.Join("testdata", "initfile"),
			want: []string{
				"  # conf.SettingsFile at internal/conf/conf.go:13 resolves a file from $INITFILE_CONFIG and os.UserConfigDir: the root is the file's directory; as an authority it removes 4 findings\n  - example.com/initfile/internal/conf.SettingsFile=global:file\n",
				"  - example.com/initfile/internal/conf.PluginDir=global\n",
				"# With this file: 0 findings (without it: 6); 0 appear only with this file.",
			},
			not: []string{
				"SettingsFile=global\n", "PluginDir=global:file",
			},
		},
		// A program whose scaffold command writes its products where it runs,
		// whose upgrade commands replace the running binary (one through a
		// library's helper), whose profile command hands a name to a helper in a
		// goroutine, whose scratch command keeps a temporary file there (no
		// candidate: its name is fixed by nothing), and whose every command
		// appends to a log there that one reads back: each is a commented
		// candidate with its evidence (the commands reaching it, whether every
		// command does, whether the program reads it back), and nothing is
		// declared.
		{
			name: "initcwd",
			dir:  filepath.Join("testdata", "initcwd"),
			want: []string{
				"# allow-write:\n",
				`#   "example.com/initcwd.scaffold": ["cwd:app.toml"]  # written at main.go:40 by 1 command (scaffold); not read back` + "\n",
				`#   "example.com/initcwd.scaffold": ["cwd:Dockerfile"]  # written at main.go:42 by 1 command (scaffold); not read back` + "\n",
				`#   "example.com/initcwd.logRun": ["cwd:initcwd.log"]  # written at main.go:70 by every command: state?; read back at main.go:64: state?` + "\n",
				`#   "example.com/initcwd.upgrade": ["exe"]  # the running executable or a file named from it, written at main.go:55 by 1 command (upgrade)` + "\n",
				// the path passed on to a helper that writes it: the commands
				// whose chains go through the function of the finding
				`#   "example.com/initcwd.profile": ["cwd:prof-*.csv"]  # written at main.go:89 by 1 command (profile); not read back` + "\n",
				`#   "example.com/initcwd/internal/selfupdate.To": ["exe"]  # the running executable or a file named from it, written at internal/selfupdate/selfupdate.go:13 by 1 command (selfupdate)` + "\n",
				"# With this file: 10 findings (without it: 10); 0 appear only with this file.",
			},
			not: []string{
				// candidates only, never declared
				"\nallow-write:",
				// a temporary file's name fixes nothing: cwd:* would allow any file
				`["cwd:*"]`,
			},
		},
		// A program whose setup command appends to an ignore file where it
		// runs after a helper of its package has read it (a file the program
		// reads back, through the helper), whose docs command has a library
		// write pages into a fixed directory there, whose man command has it
		// write pages below a fixed directory it does not make (goreleaser's
		// docs command and cobra's generator), and whose test support
		// writes golden files below testdata: the first three are candidates
		// with their evidence; the test support's are none, as the proposal
		// excludes its package.
		{
			name: "initcwdmore",
			dir:  filepath.Join("testdata", "initcwdmore"),
			want: []string{
				"  - internal/testutil/**\n",
				`#   "example.com/initcwdmore.setup": ["cwd:.moreignore"]  # written at main.go:37 by 1 command (setup); read back at main.go:34: state?` + "\n",
				`#   "example.com/initcwdmore.docs": ["cwd:site/cli"]  # written at main.go:55 by 1 command (docs); not read back` + "\n",
				// pages written below the directory only: the command's rows
				// name files below the candidate's name
				`#   "example.com/initcwdmore.man": ["cwd:man/man1"]  # written at main.go:62 by 1 command (man); not read back` + "\n",
			},
			not: []string{"\nallow-write:", "testutil.Golden", "cwd:testdata"},
		},
		// A program whose directories a library resolves with the program's own
		// name already joined below the XDG bases, and its own override
		// variables (go-gh's shape): they are plain authorities, not shared
		// bases (declared :base with the name as state-dir, the root was the
		// name twice, and writes stayed reported).
		{
			name: "initownbase",
			dir:  filepath.Join("testdata", "initownbase"),
			want: []string{
				"  - example.com/ownbase.CacheDir=cache\n",
				"  - example.com/ownbase.StateDir=global\n",
				"  - OWNBASE_CACHE_DIR\n",
				"# With this file: 0 findings (without it: 3); 0 appear only with this file.",
			},
			not: []string{
				":base", "state-dir: .ownbase",
			},
		},
		// A program that writes its configuration in the first of a list
		// of directories: its own override variable, read once where the
		// list is built, before a scope library's directories (glow's
		// $GLOW_CONFIG_HOME): the variable is the override of that
		// directory. A directory variable read once with nothing to fall
		// back on (a report's) is no override.
		{
			name: "initoverride",
			dir:  filepath.Join("testdata", "initoverride"),
			want: []string{
				"  - (*example.com/scopepaths.Scope).ConfigDirs=global\n",
				"  # the program's own override, taken before $XDG_CONFIG_HOME and os.UserHomeDir for the directory written under at main.go:26: only the authority may read it\n  - INITOVERRIDE_CONFIG_HOME\n",
				// the report's write, and rootenv's finding on the
				// override read outside the authority
				"# With this file: 2 findings (without it: 4); 1 appears only with this file (caused by the file: review the entries involved):\n#   main.go:23: os.Getenv reads the root override \"INITOVERRIDE_CONFIG_HOME\" outside the authority package",
			},
			not:     []string{"INITOVERRIDE_DUMP_DIR"},
			lint:    []string{`main.go:23:10: os.Getenv reads the root override "INITOVERRIDE_CONFIG_HOME" outside the authority package`, "environment variable INITOVERRIDE_DUMP_DIR"},
			lintNot: []string{"environment variable INITOVERRIDE_CONFIG_HOME"},
		},
		// A program that builds its list of configuration directories
		// itself (glow's shape): its own override variable, then its name
		// joined below $XDG_CONFIG_HOME, read in its own code, then a scope
		// library's directories; the file's path kept in a package variable
		// another function writes. The variable is a shared base with the
		// program's name below it (root-env's :base form, state-dir the
		// name), the override a root-env entry; a file written right
		// below $XDG_DATA_HOME names no directory of the program's there.
		{
			name: "initxdgenv",
			dir:  filepath.Join("testdata", "initxdgenv"),
			want: []string{
				"  - (*example.com/scopepaths.Scope).ConfigDirs=global\n",
				"  - INITXDGENV_CONFIG_HOME\n",
				"  # read by the program at main.go:42, which keeps its directory \"initxdgenv\" below it (1 finding): a base many programs share, the root is the state-dir name below it: only the authority may read it\n  - XDG_CONFIG_HOME=global:base\n",
				"state-dir: .initxdgenv\n",
			},
			not:     []string{"- XDG_DATA_HOME", "- XDG_CACHE_HOME", "XDG_CONFIG_HOME=global\n"},
			lint:    []string{"environment variable XDG_DATA_HOME"},
			lintNot: []string{"variable initxdgenv.configFile"},
		},
		// A program whose configuration file, a database beside it and a
		// source directory are below the bases an XDG library resolves into
		// a struct's fields, joined by its own methods, which expand a
		// leading ~/ onto a home directory kept in a field that a function
		// returning the home directory itself fills (chezmoi's shape): the
		// methods are its resolvers, the one returning the file :file; the
		// home directory function is not proposed, nor a function filling a
		// struct of defaults from a base (chezmoi's newConfigFile), nor
		// the variable it also reads. The home directory is also the default
		// the program stores into the field a --destination flag is bound to
		// (the tree of the user's files it writes): that field is the user's;
		// one it only reads needs no entry.
		{
			name: "initxdgwrap",
			dir:  filepath.Join("testdata", "initxdgwrap"),
			want: []string{
				"  - (*example.com/initxdgwrap/internal/cmd.Config).defaultConfigFile=global:file\n",
				"  - (*example.com/initxdgwrap/internal/cmd.Config).defaultSourceDir=global\n",
				"  # (*cmd.Config).destDir at internal/cmd/config.go:86 (field) holds what the user gives the --destination flag bound to it there, or the default the program stores into it, which arises at internal/home/home.go:12: a user-chosen path; as a user-chosen path it removes 1 finding\n  - (*example.com/initxdgwrap/internal/cmd.Config).destDir=user\n",
				"# With this file: 0 findings (without it: 1); 0 appear only with this file.",
			},
			// newDefaults joins the program's name below the cache home,
			// but nothing it holds reaches a finding: the library's
			// constructor removes none, and is not proposed.
			not: []string{"home.UserHomeDir=", "workDir", "defaultConfigFile=global\n", "persistentStateFile=", "newDefaults=", "INITXDGWRAP_KEYDIR", "NewBaseDirectorySpecification="},
		},
		// The same library, the program's own name joined below its cache
		// home by the function filling the struct of the settings'
		// defaults, a field the --cache flag is bound to and a purge
		// removes (chezmoi's newConfigFile): no resolver of the program
		// holds that join, and every path it builds on the struct's bases
		// is its own, so the library's constructor of the struct is the
		// authority, a plain root as the hand-written file has it.
		{
			name: "initxdgdefaults",
			dir:  filepath.Join("testdata", "initxdgdefaults"),
			want: []string{
				"  - (*example.com/initxdgdefaults/internal/cmd.Config).defaultConfigFile=global:file\n",
				"  - (*example.com/initxdgdefaults/internal/cmd.Config).defaultSourceDir=global\n",
				"  # (it fills a struct of bases many programs share: the program joins its own name, initxdgdefaults, below them, in its resolvers over the struct and in the defaults it fills from it)\n  - example.com/xdgspec.NewBaseDirectorySpecification=global\n",
				"# With this file: 0 findings (without it: 2); 0 appear only with this file.",
			},
			not: []string{":base\n", "state-dir:", "CacheDir=", "newSettings=", "NewTestBaseDirectorySpecification="},
		},
		// A root kept in a struct field: a loader fills Config.DataDir from
		// the program's override variable, else from a default "~/.tool"
		// that a helper expands against the home directory. The field is the
		// authority, the variable its override, the default's dot-directory
		// the state-dir; the helper, which returns the home directory itself
		// for "~", is none.
		{
			name: "initfieldroot",
			dir:  filepath.Join("testdata", "initfieldroot"),
			want: []string{
				"/internal/config.Config).DataDir=global\n",
				"  - FIELDROOT_DATA_DIR\n",
				"state-dir: .fieldroot\n",
				"# With this file: 0 findings (without it: 3); 0 appear only with this file.\n",
			},
			not: []string{"ExpandHome=", "FIELDROOT_MODEL"},
		},
		// A project directory found by walking up from the working directory
		// for a marker file, the program's state in a dot-directory below it
		// and the marker file itself rewritten: the function that hands the
		// directory out is a repo root, the dot-directory the state-dir.
		{
			name: "initmarker",
			dir:  filepath.Join("testdata", "initmarker"),
			want: []string{
				"  - example.com/initmarker/internal/project.Root=repo\n",
				"state-dir: .markertool\n",
				// the program names its dot-directory outside the authority's
				// package (adhocroot's finding, SPEC 4.2): the summary lists it
				// as the file's own doing
				"# With this file: 1 finding (without it: 4); 1 appears only with this file (caused by the file: review the entries involved):\n#   main.go:17: literal \".markertool\" names the state dir",
			},
			not: []string{"project.Root=user", "project.Root=global"},
		},
		// A project directory kept in a field, the working directory by
		// default or a directory the program changes into ($wdtool_wd), and
		// the method joining the tool's scratch directory (a setting) below
		// it, which the writes go through: that method is a repo root. The
		// method joining the user's program below it, which is only run,
		// is none, nor is the field (the project's every file is below it).
		{
			name: "initworkdir",
			dir:  filepath.Join("testdata", "initworkdir"),
			want: []string{
				"  - (*example.com/initworkdir/runner.Config).scratchPath=repo\n",
				"  - wdtool_wd\n",
				"# With this file: 1 finding (without it: 3); 0 appear only with this file.\n",
			},
			not: []string{"binPath=", "Config).Root="},
		},
		// A data-directory option whose default is a relative dot-directory
		// joined on the working directory: the option's field is a repo root,
		// the dot-directory the state-dir.
		{
			name: "initdotopt",
			dir:  filepath.Join("testdata", "initdotopt"),
			want: []string{
				"/internal/app.Options).DataDirectory=repo\n",
				"state-dir: .dotopt\n",
				"# With this file: 0 findings (without it: 2); 0 appear only with this file.\n",
			},
			not: []string{"WorkingDir="},
		},
		// Resolvers of files whose names are built from the program's name:
		// the one whose result the program writes as a file, and whose
		// directory it writes beside, is :file; the directory's resolver,
		// which the other file is joined below, stays a plain one.
		{
			name: "initfileres",
			dir:  filepath.Join("testdata", "initfileres"),
			want: []string{
				"  # paths.StateFile at internal/paths/paths.go:29 resolves a file from $FILERES_STATE_FILE, $XDG_STATE_HOME and os.UserHomeDir: the root is the file's directory;",
				"  - example.com/initfileres/internal/paths.StateFile=global:file\n",
				"  - example.com/initfileres/internal/paths.GlobalDir=global\n",
				"# With this file: 0 findings (without it: 7); 0 appear only with this file.\n",
			},
			not: []string{"StateFile=global\n", "GlobalDir=global:file"},
		},
		// A cache directory: its override named like a cache, then
		// $XDG_CACHE_HOME, then ~/.cache: kind cache, beside a configuration
		// directory of kind global.
		{
			name: "initcacheres",
			dir:  filepath.Join("testdata", "initcacheres"),
			want: []string{
				"  - example.com/initcacheres/internal/dirs.CacheDir=cache\n",
				"  - example.com/initcacheres/internal/dirs.ConfigDir=global\n",
			},
			not: []string{"CacheDir=global"},
		},
		// A runtime directory ($XDG_RUNTIME_DIR, sockets and pids) is
		// temporary, not state: proposed with the kind temp, which the
		// default allow.temp allows, and no state-dir of its own.
		{
			name: "initruntime",
			dir:  filepath.Join("testdata", "initruntime"),
			want: []string{
				"  - example.com/initruntime/internal/dirs.DataDir=global\n",
				"  # dirs.RunDir at internal/dirs/dirs.go:23 resolves a runtime directory from $XDG_RUNTIME_DIR: sockets and pids, temporary, not state; as an authority it removes 3 findings\n  - example.com/initruntime/internal/dirs.RunDir=temp\n",
				"# With this file: 0 findings (without it: 5); 0 appear only with this file.\n",
			},
			not: []string{"RunDir=global", "RunDir=cache"},
		},
		// A file extension compared and switched on in the function that
		// sets the data directory is no state-dir.
		{
			name: "initext",
			dir:  filepath.Join("testdata", "initext"),
			want: []string{"  - example.com/initext/internal/conf.Dir=global\n", "state-dir: .extapp\n"},
			not:  []string{"state-dir: .json", "state-dir: .yaml", "state-dir: .toml", "state-dir: .go"},
		},
		// A resolver that copies its sibling's logic but skips the override
		// the sibling honours (a shadow-state bug the lint finds) is not
		// proposed: "Not proposed" says why, and so does the summary's first
		// line.
		{
			name: "initsibling",
			dir:  filepath.Join("testdata", "initsibling"),
			want: []string{
				"  - example.com/initsibling/internal/paths.GlobalConfig=global\n",
				"  - example.com/initsibling/internal/paths.GlobalConfigData=global\n",
				"#   paths.GlobalSessions at internal/paths/paths.go:38 ignores SIBAPP_GLOBAL_DATA, which paths.GlobalConfigData honours",
				"# Suspect: paths.GlobalSessions ignores SIBAPP_GLOBAL_DATA, which paths.GlobalConfigData honours; its findings are kept\n# With this file:",
			},
			not: []string{"GlobalSessions="},
		},
		// A function whose results the program only reads (skill directories,
		// another tool's among them) is no authority, even beside a proposed
		// sibling; its variable is no override of a root.
		{
			name: "initreadonly",
			dir:  filepath.Join("testdata", "initreadonly"),
			want: []string{
				"  - example.com/initreadonly/internal/dirs.ConfigDir=global\n",
				"#   dirs.SkillDirs at internal/dirs/dirs.go:25 returns directories the program only reads: no authority",
			},
			not: []string{"SkillDirs=", "ROAPP_SKILLS_PATH", "state-dir: .othertool"},
		},
		// Paths below the program's directories that the user may relocate
		// one by one (helm's HELM_PLUGINS, HELM_REPOSITORY_CONFIG): a
		// variable taken, through a helper or an if, in place of a path an
		// authority resolves, kept in a field the writes read, is the
		// override of that root's entry, root-env, whether a write through
		// it is seen or not; one taken in place of a name in the working
		// directory, or of a command's name, is none, however it is named.
		{
			name: "initenvor",
			dir:  filepath.Join("testdata", "initenvor"),
			want: []string{
				"  - example.com/initenvor/internal/where.ConfigPath=global\n",
				"  - example.com/initenvor/internal/where.DataPath=global\n",
				"  # taken in place of the path where.DataPath resolves (the write at main.go:18 is given either): an override of that root: only the authority may read it\n  - ENVOR_EXTENSIONS\n",
				"  # taken in place of the path where.ConfigPath resolves (the write at main.go:19 is given either): an override of that root: only the authority may read it\n  - ENVOR_SOURCES_CONFIG\n",
				"  - ENVOR_CREDENTIALS_CONFIG\n",
				// the same shape with no write seen (a library writes the
				// file): its sibling's override all the same
				"  - ENVOR_REGISTRY_CONFIG\n",
			},
			not: []string{"- ENVOR_EXPORT", "ENVOR_PAGER"},
			// the writes through the fields are rooted, the report is not;
			// the overrides are read outside the authority's package
			lintNot: []string{"main.go:18:", "main.go:19:", "main.go:20:", "main.go:21:"},
			lint:    []string{"main.go:22:", "internal/settings/settings.go:31:15: settings.orElse reads, through a helper, the root override \"ENVOR_EXTENSIONS\""},
		},
		// Locations a package keeps in exported package variables, filled
		// once by a function from the program's override or, by default,
		// from a resolver library's helpers over the XDG bases (k9s's
		// InitLocs: AppConfigDir, AppDumpsDir, ... from $K9S_CONFIG_DIR or
		// adrg/xdg), read by the writes everywhere: the variables are
		// proposed (the package becomes an authority package, so its reads
		// of the overrides are no finding), those joined on the override's
		// variable as honouring it (no suspect); a flag's variable is not.
		{
			name: "initpkgvars",
			dir:  filepath.Join("testdata", "initpkgvars"),
			want: []string{
				"  - example.com/initpkgvars/internal/locs.ConfigDir=global\n",
				"  - example.com/initpkgvars/internal/locs.ConfigFile=global\n",
				"  - example.com/initpkgvars/internal/locs.DumpsDir=global\n",
				"  - example.com/initpkgvars/internal/locs.ClustersDir=global\n",
				"  - example.com/initpkgvars/internal/locs.LogFile=global\n",
				"  - PVAPP_CONFIG_DIR\n",
				"  - PVAPP_LOGS_DIR\n",
				"# With this file: 0 findings (without it: 4); 0 appear only with this file.\n",
			},
			not:     []string{"main.export", "Suspect", "ignores"},
			lintNot: []string{"reads the root override", "reads, through a helper, the root override"},
		},
		// An output directory that is a setting of the user's project file
		// (a field with a json tag, decoded from the file the user names),
		// defaulted in code to a relative name when left empty (goreleaser's
		// config.Project.Dist and "dist"): the user's, as a flag's default
		// is, =user; a field without a tag defaulted so (a cache of the
		// program's own) is no setting, nor is a name the program makes
		// itself (delve's __debug_bin from a helper), and both stay
		// reported.
		{
			name: "initsetting",
			dir:  filepath.Join("testdata", "initsetting"),
			want: []string{
				"  - (*example.com/initsetting/config.Project).Dist=user\n",
			},
			not:     []string{"cacheDir=", "runner", `["cwd:dist"]`, "Binary="},
			lint:    []string{"pipe/pipe.go:64:21: os.WriteFile writes \"buildcache/last\"", "pipe/pipe.go:40:5: field config.Project.Binary is assigned"},
			lintNot: []string{"config.Project.Dist"},
		},
		// A variable holding default options, parsed like the command line
		// before it (fzf's $FZF_DEFAULT_OPTS): a path given there is the
		// user's, as on the command line: user-env. A directory variable
		// written under is not.
		{
			name: "initoptsenv",
			dir:  filepath.Join("testdata", "initoptsenv"),
			want: []string{
				"user-env:\n  # holds options parsed like the command line (a path the program writes comes from it, main.go:28): the user's\n  - OPTSENV_DEFAULT_OPTS\n",
			},
			not: []string{"- OPTSENV_SPOOL_DIR"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, analyzers.All, "init", "-C", tc.dir)
			if code != exitClean {
				t.Fatalf("init: exit %d\n%s", code, errOut)
			}
			for _, want := range tc.want {
				if !strings.Contains(out, want) {
					t.Errorf("init output lacks %q:\n%s", want, out)
				}
			}
			for _, not := range tc.not {
				if strings.Contains(out, not) {
					t.Errorf("init output has %q:\n%s", not, out)
				}
			}
			if _, err := config.Decode([]byte(out), "proposal"); err != nil {
				t.Errorf("the proposal does not decode: %v", err)
			}
			if !strings.Contains(errOut, "init --write") {
				t.Errorf("stderr does not say how to write it: %q", errOut)
			}
			if tc.lint == nil && tc.lintNot == nil {
				return
			}
			file := filepath.Join(t.TempDir(), config.FileName)
			if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			_, findings, _ := runCLI(t, analyzers.All, "--config", file, "-C", tc.dir)
			for _, want := range tc.lint {
				if !strings.Contains(findings, want) {
					t.Errorf("the lint with the proposal lacks %q:\n%s", want, findings)
				}
			}
			for _, not := range tc.lintNot {
				if strings.Contains(findings, not) {
					t.Errorf("the lint with the proposal reports %q:\n%s", not, findings)
				}
			}
		})
	}
}

func TestInitWrite(t *testing.T) {
	tmp := t.TempDir()
	for _, m := range []string{"initapp", "initdep"} {
		if err := os.CopyFS(filepath.Join(tmp, m), os.DirFS(filepath.Join("testdata", m))); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(tmp, "initapp")
	code, out, errOut := runCLI(t, analyzers.All, "init", "--write", "-C", dir)
	target := filepath.Join(dir, config.FileName)
	if code != exitClean || !strings.Contains(errOut, "wrote "+target) {
		t.Fatalf("init --write: exit %d\n%s", code, errOut)
	}
	data, err := os.ReadFile(target)
	if err != nil || string(data) != out {
		t.Fatalf("written file differs from the printed proposal (%v):\n%s", err, data)
	}
	// The file is found and used: the resolvers' writes are rooted now.
	code, findings, _ := runCLI(t, analyzers.All, "-C", dir)
	if code != exitFindings || strings.Contains(findings, "state.json") || strings.Contains(findings, "config.toml") || !strings.Contains(findings, "internal/dirs.StateDir (global root)") {
		t.Errorf("with the written file: exit %d\n%s", code, findings)
	}
	// Never over an existing file.
	if err := os.WriteFile(target, []byte("tests: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, analyzers.All, "init", "--write", "-C", dir)
	if code != exitConfig || !strings.Contains(errOut, target+" exists, and init never overwrites a configuration") {
		t.Errorf("init --write over a file: exit %d\n%s", code, errOut)
	}
	if data, _ := os.ReadFile(target); string(data) != "tests: true\n" {
		t.Errorf("the existing file was changed: %q", data)
	}
	// --output chooses another file, relative to -C.
	if code, _, errOut = runCLI(t, analyzers.All, "init", "--write", "-o", "proposal.yaml", "-C", dir); code != exitClean || !strings.Contains(errOut, "wrote "+filepath.Join(dir, "proposal.yaml")) {
		t.Errorf("init --write -o: exit %d\n%s", code, errOut)
	}
}

// TestInitCheck compares configuration files with the proposal: the
// proposal itself agrees, a hand-edited file differs key by key, and no
// file is a configuration error.
func TestInitCheck(t *testing.T) {
	tmp := t.TempDir()
	for _, m := range []string{"initapp", "initdep"} {
		if err := os.CopyFS(filepath.Join(tmp, m), os.DirFS(filepath.Join("testdata", m))); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(tmp, "initapp")
	if code, _, errOut := runCLI(t, analyzers.All, "init", "--check", "-C", dir); code != exitConfig || !strings.Contains(errOut, "no .staterootlint.yaml") {
		t.Errorf("init --check without a file: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI(t, analyzers.All, "init", "--write", "-C", dir); code != exitClean {
		t.Fatalf("init --write: exit %d\n%s", code, errOut)
	}
	code, out, errOut := runCLI(t, analyzers.All, "init", "--check", "-C", dir)
	if code != checkSame || !strings.Contains(out, "agrees with what init proposes") {
		t.Errorf("init --check on the proposal: exit %d\n%s%s", code, out, errOut)
	}
	edited := "authorities:\n  - example.com/initapp/internal/dirs.LegacyDir=global\n  - example.com/xdgdirs.ConfigHome=global\nroot-env: [INITAPP_HOME, XDG_STATE_HOME]\nstate-dir: .initapp\n"
	if err := os.WriteFile(filepath.Join(dir, config.FileName), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, analyzers.All, "init", "--check", "-C", dir)
	want := "+ authorities: example.com/initapp/internal/dirs.StateDir=global\n- authorities: example.com/initapp/internal/dirs.LegacyDir=global\n- root-env: XDG_STATE_HOME\n"
	if code != checkDiffers || !strings.HasSuffix(out, want) {
		t.Errorf("init --check on an edited file: exit %d, want %d and the lines\n%s\ngot\n%s%s", code, checkDiffers, want, out, errOut)
	}
}

// TestInitCheckFinders: --check runs no checking run, so it leaves the
// finders out, and a file that declares one (here the proposal itself)
// differs by that entry alone.
func TestInitCheckFinders(t *testing.T) {
	tmp := t.TempDir()
	for _, m := range []string{"initshapes", "initbase", "initflags"} {
		if err := os.CopyFS(filepath.Join(tmp, m), os.DirFS(filepath.Join("testdata", m))); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(tmp, "initshapes")
	if code, _, errOut := runCLI(t, analyzers.All, "init", "--write", "-C", dir); code != exitClean {
		t.Fatalf("init --write: exit %d\n%s", code, errOut)
	}
	code, out, errOut := runCLI(t, analyzers.All, "init", "--check", "-C", dir)
	want := "(+ proposed, not in the file; - in the file, not proposed):\n- authorities: example.com/initshapes/internal/finder.projectFile=user\n"
	if code != checkDiffers || !strings.HasSuffix(out, want) {
		t.Errorf("init --check: exit %d, want %d and the lines\n%s\ngot\n%s%s", code, checkDiffers, want, out, errOut)
	}
}

// TestInitCheckForms: --check agrees with the proposal's own file on
// every form of authority init proposes: a field (of a loader and of an
// option), a project directory's function, a :file resolver, a cache, a
// resolver kept in a field with its copy, and a project directory's
// method.
func TestInitCheckForms(t *testing.T) {
	for _, m := range []string{"initfieldroot", "initdotopt", "initmarker", "initfileres", "initcacheres", "initfieldstore", "initworkdir"} {
		t.Run(m, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), m)
			if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", m))); err != nil {
				t.Fatal(err)
			}
			if code, _, errOut := runCLI(t, analyzers.All, "init", "--write", "-C", dir); code != exitClean {
				t.Fatalf("init --write: exit %d\n%s", code, errOut)
			}
			code, out, errOut := runCLI(t, analyzers.All, "init", "--check", "-C", dir)
			if code != checkSame || !strings.Contains(out, "agrees with what init proposes") {
				t.Errorf("init --check on the proposal: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
}
