package main

import "github.com/staterootlint/staterootlint/internal/format"

// The output's shapes and the SARIF root, by the names this package's
// tests read the output with (they live in internal/format).
type (
	jsonDiagnostic = format.Diagnostic
	jsonStep       = format.Step
	sarifLocation  = format.SARIFLocation
	sarifCodeFlow  = format.SARIFCodeFlow
)

const srcRoot = format.SrcRoot

func repoRoot(dir string) string { return format.RepoRoot(dir) }
