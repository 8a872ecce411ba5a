package main

import (
	"runtime"
	"strings"
	"testing"
)

// TestVersion checks that --version and the version subcommand print the
// same line, from the binary's build information.
func TestVersion(t *testing.T) {
	suite, _ := newFakeSuite()
	var outs []string
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, errOut := runCLI(t, suite, args...)
		if code != exitClean || errOut != "" {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		if !strings.HasPrefix(out, progname+" ") || !strings.HasSuffix(out, " "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH+"\n") {
			t.Errorf("%q: %q", args, out)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("--version and version differ: %q", outs)
	}
}
