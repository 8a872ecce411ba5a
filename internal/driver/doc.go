// Package driver runs staterootlint's analyzers over Go packages: the
// standalone driver and the go vet unit driver, as a library. The
// command (cmd/staterootlint) keeps the flags, the output (written in
// package format's formats, or unitchecker's under go vet), the
// subcommands, and maps the driver's errors to exit codes; the driver
// never prints a report and never exits.
//
// # Run
//
// Run(ctx, Options) applies the configuration to the analyzers' flags,
// lists the packages, checks the configuration against them (the file
// in effect, the configured authorities and sinks) and runs the
// analyzers. It returns the root packages' findings (Result.Findings,
// sorted and resolved to file positions, so they outlive the analysis),
// their facts when asked (Options.Facts), and hands the results of the
// analyzers named in Options.Collect (an inventory, say) to the caller's
// functions, one per root package.
//
// Two drivers stand behind it:
//
//   - The unit driver analyzes one package at a time, in dependency
//     order, as go vet does: each package is type-checked from source
//     against its dependencies' export data (go list -export), its
//     analyzers run with the facts of its dependencies, and then
//     everything but its encoded facts and its findings is dropped, so
//     memory follows the largest package, not the program. A
//     dependency is analyzed for its facts only, and the driver tells
//     the engine so (FactsOnlyName, factsonly.go). Each
//     dependency's export data is read once per run and its types
//     shared by the units that import it (shared.go); test variants
//     read their own.
//   - The go/packages driver (checker.Analyze over every package in
//     memory) runs when the go command reports errors or a package does
//     not type-check, so those are reported as the go command words
//     them; and when the caller asks for it (Options.Graph), to read the
//     analyzers' results across packages.
//
// Both report the same findings on the same packages.
//
// # go vet
//
// Under go vet -vettool the go command runs the tool once per package
// (a unit), dependencies first, with the unit's configuration (vet.cfg).
// IsVetInvocation recognises such a run; VetBuildID answers -V=full.
// OpenVetUnit reads the unit's vet.cfg (once, for every part below),
// applies the configuration file in effect for the unit's package to
// the analyzers' flags (-NAME.FLAG arguments override it) and prepares
// the analyzers: a unit go vet runs for its facts only runs what facts
// need (factsonly.go), a package nobody imports exports none, and an
// analyzer's first error goes to the caller's VetOptions.Fail, which
// ends the process. VetUnit.Run then answers the unit:
//
//   - with the suite's own unit driver (vetunit.go): the unit is
//     type-checked against its imports' export data, read as the
//     standalone unit driver reads it (readExportData), and its facts
//     go to the next units in a vetx file of this driver's own format,
//     a compressed section per package, decoded only when an analyzer
//     asks (vetunitfacts.go). Its findings, with unitchecker's URL and
//     fix checks (vetdiag.go), come back as a VetReport, which the
//     command prints as unitchecker does;
//   - for a standard library dependency the engine models, with its
//     types and no facts, without analysis (vetstd.go);
//   - or with ErrVetHandoff, for what the own driver leaves to
//     golang.org/x/tools's unitchecker (-flags, -fix, -diff, go fix's
//     archive, another compiler, STATEROOTLINT_VET_DRIVER=unitchecker):
//     the command then runs unitchecker.Main, which prints and exits.
//
// A configuration error, which every unit of a run meets, is a
// *ConfigError whose ReportedBy names the one unit of the run that
// reports it in full (vetonce.go); a unit that fails otherwise is a
// *VetError. The unit driver and the go vet unit driver share what they
// do alike: running a package's analyzers in dependency order
// (runActions: one after the other in the unit driver, in parallel as
// unitchecker does under go vet), the prerequisites and Pass.ReadFile of
// a pass (pass.go), the facts a unit exports and their keys
// (unitfacts.go), reading export data, the facts-only signal.
//
// # Memory
//
// TuneStandaloneGC and TuneVetGC set the garbage collector's target and
// a soft memory limit for a standalone run and a go vet unit (memory.go,
// vetgc.go), unless the user set GOGC or GOMEMLIMIT: the command calls
// them, the driver never tunes the process on its own.
//
// # The cache
//
// With Options.CacheDir, the unit driver keeps, per package, its
// encoded facts, its findings and its collected results, under a key
// that hashes everything they depend on: the executable, every
// analyzer's flags, which analyzers report and which are collected, the
// package's files, and each dependency's export data and facts (see
// cachekey.go). After an edit, the edited package is analyzed again, and
// an importer only if what it sees of the package changed. A rerun on an
// unchanged tree answers from the cache by source keys without building
// anything (warm.go). The store itself, and the memo that spares
// rehashing unchanged files, are package cache; everything in it may be
// deleted at any time.
//
// # Errors
//
// Run's errors are typed, so a caller can say what happened and what to
// do, and choose an exit code:
//
//   - *ConfigError: the configuration does not apply, names what the
//     packages do not have, or is not the file go vet would read;
//   - *LoadError: the go command failed, reported errors in the packages
//     (Problems, each with its position, as go build prints them), or
//     matched nothing;
//   - *AnalysisError: analyzers failed on packages, one line each;
//   - *InternalError: a fault of the driver itself.
//
// # Fixes
//
// ApplyFixes applies the findings' suggested fixes to the files, skipping
// a fix that overlaps another, and reports what it applied and what it
// could not (FixReport); the command prints the report.
//
// An analyzer's panic is recovered by Guard into an error naming the
// analyzer, the package and the line; the driver's own faults are
// recovered in one place (fault) into an InternalError naming the
// package. Analyzers still defer report.Recover themselves:
// golangci-lint, nogo and go vet with another vettool never call this
// package.
package driver
