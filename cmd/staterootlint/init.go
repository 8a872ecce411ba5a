package main

import (
	"fmt"

	"github.com/staterootlint/staterootlint/internal/config"
)

// noConfigHint says, once per run, that no configuration file was found:
// the findings of a first run mostly point at the program's own resolver,
// which only the configuration can declare.
func (c *cli) noConfigHint(dir string) {
	fmt.Fprintf(c.stderr, "%s: no %s in %s or any parent directory: running with the defaults; '%s init' proposes one from the program's own state-dir resolvers\n",
		progname, config.FileName, dir, progname)
}

func (c *cli) init(args []string) int { return exitUsage }
