// Package cwdwrite defines an Analyzer that reports writes through paths
// relative to the working directory, and os.Chdir outside package main.
//
// # Analyzer cwdwrite
//
// cwdwrite: report writes relative to the working directory
//
// A relative path is resolved against the process working directory, so
// where the state lands depends on where the tool was started: run it from
// a subdirectory and it writes a second, shadow copy. cwdwrite reports
// writes whose path is relative (a literal such as "state.json", a bare
// name from filepath.Base, the empty path), followed through helpers,
// fields and package variables like shadowwrite does. Reads are not
// reported.
//
// A relative path written after the function (or every caller of an
// unexported helper in the same package) changed directory with a
// successful os.Chdir into a user-chosen or rooted directory lands there,
// and is not reported.
//
// It also reports os.Chdir outside package main: the working directory is
// process-global state every later relative path depends on, and a
// library that changes it breaks its callers.
//
//	// WRONG
//	os.WriteFile("state.json", data, 0o644)
//	os.Chdir(dir) // in a library
//
//	// RIGHT
//	os.WriteFile(filepath.Join(root, "state.json"), data, 0o644)
package cwdwrite
