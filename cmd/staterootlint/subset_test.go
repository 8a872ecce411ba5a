package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestSubsetWithFullConfig lints one package of a module with the
// module's whole configuration, whose authorities live in a package the
// linted one does not import (one unexported): they are checked by
// loading their package, so the run goes on; a misspelt package is still
// a configuration error.
func TestSubsetWithFullConfig(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "--no-cache", "-C", "testdata/subset", "./cmd/...")
	if code != exitFindings || !strings.Contains(out, "stray.json") || strings.Contains(errOut, "key \"authorities\"") {
		t.Fatalf("subset with the full configuration: exit %d\n%s\n%s", code, out, errOut)
	}
	// The driver that loads everything at once agrees.
	var stdout, stderr bytes.Buffer
	if code := (&cli{suite: analyzers.All, stdout: &stdout, stderr: &stderr, loadAll: true}).main([]string{"-C", "testdata/subset", "./cmd/..."}); code != exitFindings {
		t.Errorf("subset, go/packages driver: exit %d\n%s", code, stderr.String())
	}
	cfg := writeConfig(t, "authorities:\n  - example.com/subset/dirz.StateDir=global\n  - example.com/subset/dirs.NoSuch=global\n")
	code, _, errOut = runCLI(t, analyzers.All, "--no-cache", "-C", "testdata/subset", "--config", cfg, "./cmd/...")
	for _, want := range []string{
		`"example.com/subset/dirz.StateDir=global": no package example.com/subset/dirz can be found`,
		`"example.com/subset/dirs.NoSuch=global": package example.com/subset/dirs has no function or variable NoSuch`,
	} {
		if code != exitConfig || !strings.Contains(errOut, want) {
			t.Errorf("misspelt authorities on a subset: exit %d, want %d and %q in\n%s", code, exitConfig, want, errOut)
		}
	}
}
