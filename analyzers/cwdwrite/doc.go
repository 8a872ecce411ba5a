// Package cwdwrite defines an Analyzer that reports os.Chdir outside
// package main; a write relative to the working directory is shadowwrite's.
//
// # Analyzer cwdwrite
//
// cwdwrite: report os.Chdir outside package main
//
// A relative path is resolved against the process working directory, so
// where the state lands depends on where the tool was started. os.Chdir
// changes that directory for the whole process: every later relative
// path of every caller moves with it, and a library that calls it breaks
// its callers. cwdwrite reports os.Chdir (and the knowledge table's
// look-alikes) outside package main.
//
// A write through a path relative to the working directory ("state.json",
// a bare name from filepath.Base) is one finding, shadowwrite's (category
// literal or cwd), whose message offers the three fixes: a state root, a
// path flag, or //staterootlint:allow-write cwd:NAME on the command that
// produces the file there on purpose. cwdwrite stays silent on it even
// where shadowwrite is disabled, so one write never gets two findings.
//
//	// WRONG
//	os.Chdir(dir) // in a library
//
//	// RIGHT
//	os.WriteFile(filepath.Join(dir, "state.json"), data, 0o644)
package cwdwrite
