// Package blastradius defines an Analyzer that checks the writes a function
// may reach against the radius its doc comment declares.
//
// # Analyzer blastradius
//
// blastradius: check writes against a may-write radius
//
// A command with a bounded blast radius says which paths it may touch. A
// function whose doc comment carries
//
//	//staterootlint:may-write PATTERN...
//
// may only reach, through its whole call graph and across packages, writes
// whose paths match one of the patterns:
//
//	KIND:GLOB  a path under a state root of that kind (repo, hub, global,
//	           cache, or a custom authority kind), GLOB matching the path
//	           below the root: literal segments, * (one segment), ** (any
//	           number); a dynamic segment in the write matches only * or **
//	project:GLOB  an entry of the user's project outside the state
//	           directory (a lock file, dist/**), under the root
//	           stateroots.FindProjectRoot finds; declaring it also lets
//	           shadowwrite accept the write in this function
//	KIND       the same as KIND:**
//	temp       temporary paths (os.TempDir, os.MkdirTemp("", ...))
//	user       paths the user chose (flags, os.Args)
//	none       nothing: a read-only command
//
// GLOB is below the root, which already is the state directory: with
// -state-dir=.myapp, repo:.myapp/logs/** is rejected with the form to
// write, repo:logs/**, so a radius has one spelling, the one inventory
// prints. A malformed glob (repo:logs/[) is reported at its directive line
// instead of never matching.
//
// Each violation names the write, its path pattern and the call chain from
// the annotated function. A call the analysis cannot resolve (an interface
// method or func value passed a path) is reported as unproven rather than
// silently allowed.
//
//	// WRONG: gc also rewrites the run database
//	//staterootlint:may-write repo:logs/**
//	func gc(layout paths.Layout) error { ... rundb.Compact(layout) ... }
//
//	// RIGHT
//	//staterootlint:may-write repo:logs/** repo:runs.db
//	func gc(layout paths.Layout) error { ... }
package blastradius
