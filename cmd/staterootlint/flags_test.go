package main

import (
	"strings"
	"testing"
)

// TestCommonFlags checks that every subcommand that analyzes packages
// declares the common flags, with the same help: a user's -C, --config or
// --authority means the same thing whatever the subcommand.
func TestCommonFlags(t *testing.T) {
	suite, _ := newFakeSuite()
	var f flags
	main := newFlagSet(&f)
	for _, args := range [][]string{{"inventory", "--help"}, {"explain", "--help"}} {
		code, out, errOut := runCLI(t, suite, args...)
		if code != exitClean {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		for _, name := range commonFlags {
			fl := main.Lookup(name)
			if fl == nil {
				t.Fatalf("the default command has no --%s", name)
			}
			if !strings.Contains(out, "--"+name) || !strings.Contains(out, strings.Fields(fl.Usage)[0]) {
				t.Errorf("%v does not declare the common flag --%s:\n%s", args, name, out)
			}
		}
	}
}
