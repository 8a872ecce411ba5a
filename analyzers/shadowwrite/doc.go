// Package shadowwrite defines an Analyzer that reports filesystem writes
// whose path is not derived from a state root.
//
// # Analyzer shadowwrite
//
// shadowwrite: report writes outside every state root
//
// Under the "no shadow state" contract all durable state lives under a few
// state roots (repo-local <repo>/.<app>, hub, global ~/.<app>) resolved by
// one authority. A write whose path does not derive from an authority is
// shadow state: a log in the working directory, a file under $HOME/.other,
// a database path taken from an environment variable.
//
// shadowwrite follows every path that reaches a write (os.WriteFile,
// os.Create, a writing os.OpenFile, os.MkdirAll, os.Rename, os.Remove, ...;
// the libraries that keep state in files: database/sql.Open under a
// SQLite driver, a lumberjack.Logger's Filename, bbolt, pebble and badger
// stores; and configured sinks) back to its origins, through helpers,
// fields, package variables, closures and across packages. Temp, cache and
// user-chosen paths (flags, os.Args) are allowed. When a value reaches the
// write through a parameter or a field, the diagnostic lands where the bad
// value enters: at the call or the store. A write whose path may come
// from several origins (an environment variable, else the home
// directory) is one finding that lists them.
//
//	// WRONG
//	os.WriteFile("state.json", data, 0o644)
//	home, _ := os.UserHomeDir()
//	os.WriteFile(filepath.Join(home, ".other", "x"), data, 0o644)
//
//	// RIGHT
//	root, err := stateroots.RepoStateRoot(project, "myapp")
//	if err != nil {
//		return err
//	}
//	os.WriteFile(filepath.Join(root, "state.json"), data, 0o644)
//
// The project root itself (stateroots.FindProjectRoot,
// (*stateroots.DirContext).ProjectRoot, authorities of kind "project") is
// the user's project, not a state root: a write under it outside the state
// directory is reported, unless the function where the path becomes
// concrete declares the entry in its radius, as a contract allowing a lock
// file or dist/ at the top of the project would (blastradius then checks
// the rest of that function's writes against the same radius):
//
//	// WRONG: a file in the user's project that no contract names
//	os.WriteFile(filepath.Join(project, "px-cache.json"), data, 0o644)
//
//	// RIGHT
//	//staterootlint:may-write project:px.lock
//	func pin(project string) error {
//		return os.WriteFile(filepath.Join(project, "px.lock"), version, 0o644)
//	}
//
// Silence a finding that is intended with //staterootlint:ignore
// shadowwrite REASON on the line or the line above (without the list, the
// directive silences every analyzer there).
package shadowwrite
