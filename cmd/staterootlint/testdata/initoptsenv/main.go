// Command initoptsenv takes its default options from
// $OPTSENV_DEFAULT_OPTS, parsed like the command line before it: a path
// given there (--log FILE) is the user's, as on the command line.
package main

import (
	"os"
	"strings"
)

// Options are the parsed options.
type Options struct {
	Log string
}

func parse(args []string) *Options {
	o := &Options{}
	for i, a := range args {
		if a == "--log" && i+1 < len(args) {
			o.Log = args[i+1]
		}
	}
	return o
}

func main() {
	words := strings.Fields(os.Getenv("OPTSENV_DEFAULT_OPTS"))
	o := parse(append(words, os.Args[1:]...))
	if o.Log != "" {
		_ = os.WriteFile(o.Log, nil, 0o644)
	}
	// a directory variable, written under: no options
	_ = os.WriteFile(os.Getenv("OPTSENV_SPOOL_DIR")+"/x", nil, 0o644)
}
