// Package testwrites checks that a write only a _test.go file makes adds
// nothing to the package's findings while tests are off: go vet analyzes
// the package's test variant beside it, and must find what the CLI, which
// does not load test variants then, finds.
package testwrites

import "os"

// Report is what a command prints; only a test writes its Out.
type Report struct {
	Out  string
	Text string
}

// New returns a report for text.
func New(text string) Report {
	return Report{Out: "report.txt", Text: text} // ok: only a _test.go file writes Out
}

// Save writes the report where the caller says.
func Save(r Report, dir string) error {
	return os.WriteFile(dir+"/"+r.Text, nil, 0o644) // ok: a parameter
}

// Log writes a log in the working directory.
func Log() error {
	return os.WriteFile("testwrites.log", nil, 0o644) // want `os.WriteFile writes "testwrites.log" relative to the working directory`
}
