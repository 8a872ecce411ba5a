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
// os.Create, a writing os.OpenFile, os.MkdirAll, os.Rename, os.Remove, ...
// and configured sinks) back to its origins, through helpers, fields,
// package variables, closures and across packages. Temp, cache and
// user-chosen paths (flags, os.Args) are allowed. When a value reaches the
// write through a parameter or a field, the diagnostic lands where the bad
// value enters: at the call or the store.
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
// Silence a finding that is intended with //staterootlint:ignore
// shadowwrite REASON on the line or the line above (without the list, the
// directive silences every analyzer there).
package shadowwrite
