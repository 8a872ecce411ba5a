// Command staterootlint reports filesystem writes outside the canonical state
// roots. It runs standalone, as go vet's -vettool, and (through the
// golangciplugin package) inside golangci-lint. Run it with --help.
package main

import (
	"os"

	"github.com/staterootlint/staterootlint/internal/driver"
)

func main() {
	if !driver.IsVetInvocation(os.Args[1:]) {
		driver.TuneStandaloneGC(os.Getenv)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
