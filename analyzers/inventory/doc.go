// Package inventory defines an Analyzer that lists the artifacts a program
// writes (each path pattern with its root kind) and the check that keeps a
// contract document such as STATE_ROOTS.md true.
//
// # Analyzer inventory
//
// inventory: list the path patterns the code writes
//
// The "no shadow state" contract asks that every place a tool writes is
// documented. inventory computes that list from the code: for every write
// a function reaches, through its whole call graph and across packages, it
// records the path pattern below the root the path derives from
// (repo:logs/*.log, global:cache/update.json, cache:outputs/*.txt), the
// entries of the user's project outside the state directory
// (project:px.lock, declared with may-write project:...), or temp, user,
// devnull; paths outside every root are listed as unknown
// (or cwd:...), and as unproven exactly the writes the unproven analyzer
// reports, where it reports them (a call the analysis cannot resolve is
// no write: only a command's rows count it, so that the command is never
// shown read-only). A path that arrives through a parameter or field is
// listed where it becomes concrete: in the caller or the store that
// supplies its root.
//
// inventory reports nothing itself. Its result and a package fact carry
// the artifacts; "staterootlint inventory" prints them as a markdown or
// JSON table, and "staterootlint inventory --contract STATE_ROOTS.md"
// checks them against a contract document: a markdown file with one
// artifact per list item or table row, starting with the pattern in
// backticks. Every pattern the code writes under a root, a temp, cache or
// user path must be documented, and every documented pattern must still be
// written. Unknown and unproven writes are not documented: they are shadow
// state, which shadowwrite and blastradius report (os.DevNull keeps no
// state, so it is not asked for either).
//
// The result also lists, per command the package declares (a cobra or
// urfave/cli Command literal, a switch on the first argument, a kong
// struct field tagged cmd:"" whose type has a Run method, a
// //staterootlint:command NAME directive), the writes the command's entry
// reaches and the flags each depends on, as rows with Command set; they
// stay out of the fact and the table, and "staterootlint inventory
// --by-command" draws them. A cobra or urfave/cli command is named by its
// path from the root ("session delete"), following AddCommand and
// Subcommands across packages.
//
//	// WRONG: STATE_ROOTS.md lists
//	- `repo:runs.json` — the run records
//	// but the code now writes repo:runs.db
//
//	// RIGHT
//	- `repo:runs.db` — the run database, JSON lines; durable
package inventory
