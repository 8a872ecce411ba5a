// Package probe answers questions about a finished analysis for the
// staterootlint commands that are not analyzers: which functions of a
// program look like its own state-directory resolvers (staterootlint
// init), and every origin the engine found for the path of one write
// (staterootlint explain).
//
// It only reads: the rootflow engine's results and facts in a
// checker.Graph, and the syntax of the analyzed packages. It is not an
// analyzer and is not part of the suite.
package probe
