// Package probe is the library behind the staterootlint commands that
// are not lints: init, which proposes a configuration file for a
// program, and explain, which shows every origin the engine found for the
// path of one write.
//
// Propose runs the analysis with the default configuration, finds the
// program's candidate authorities (Gather: the functions, methods,
// package variables and fields that look like its own state-directory
// resolvers, in the program or a dependency), decides the proposal and,
// unless asked not to, checks it with a second run. It returns the
// proposal as data (Proposal); Proposal.Text renders the file, and Diff
// compares an existing file with it. The command keeps the flags, the
// output and writing the file.
//
// ExplainLine runs the analysis with the go/packages driver and Explain
// reads the rootflow engine's results in its checker.Graph: the sites on
// one line and every origin of their paths; Explanation.Text renders
// them.
//
// Beyond the driver's runs, probe reads only: the engine's results and
// facts, and the syntax of the analyzed packages. Its Origins analyzer
// reports nothing and is not part of the suite.
package probe
