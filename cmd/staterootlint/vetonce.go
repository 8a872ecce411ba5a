package main

import (
	"fmt"
	"io"

	"github.com/staterootlint/staterootlint/internal/driver"
)

// reportVetConfigError prints a unit's configuration error on stderr, in
// full if no other unit of the go vet run has printed the same message,
// else as one line naming the unit that did, and returns exitConfig.
// unitCfg is the unit's vet.cfg; pkg its import path.
func reportVetConfigError(stderr io.Writer, unitCfg, pkg string, err error) int {
	msg := err.Error()
	if first, claimed := driver.ClaimVetError(unitCfg, pkg, msg); !claimed {
		fmt.Fprintf(stderr, "%s: not analyzed: the configuration error is printed once, for package %s\n", progname, first)
		return exitConfig
	}
	fmt.Fprintf(stderr, "%s: %s\n", progname, msg)
	return exitConfig
}
