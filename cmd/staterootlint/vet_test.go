package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

type codedError struct{ code int }

func (e codedError) Error() string { return "bad -sinks entry" }
func (e codedError) ExitCode() int { return e.code }

// TestVetFail checks that under go vet an analyzer's error, the engine's
// included, is printed with its own text and ends the unit, with 78 for
// a configuration error. (The driver calls it once, for the first error:
// TestFailFast in internal/driver.)
func TestVetFail(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
	}{
		{codedError{78}, exitConfig},
		{errors.New("internal error"), 1},
	} {
		var stderr bytes.Buffer
		code := -1
		vetFail(&stderr, func(c int) { code = c })("engine", "example.com/p", tc.err)
		want := "staterootlint: analyzer engine failed on package example.com/p: " + tc.err.Error() + "\n"
		if code != tc.code || stderr.String() != want {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.err, code, stderr.String(), tc.code, want)
		}
	}
}

// TestReportVetConfigError pins the two forms of the message and the exit
// status of both.
func TestReportVetConfigError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "go-build1", "b001")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "vet.cfg")
	err := config.Errors{{Pos: config.Pos{File: "./.staterootlint.yaml", Line: 2}, Key: "bogus", Msg: "unknown key"}}
	for i, want := range []string{
		"staterootlint: ./.staterootlint.yaml:2: key \"bogus\": unknown key\n",
		"staterootlint: not analyzed: the configuration error is printed once, for package example.com/a\n",
	} {
		var stderr bytes.Buffer
		pkg := []string{"example.com/a", "example.com/b"}[i]
		first, claimed := driver.ClaimVetError(cfg, pkg, err.Error())
		if claimed {
			first = ""
		}
		if code := reportVetConfigError(&stderr, &driver.ConfigError{Err: err, ReportedBy: first}); code != exitConfig || stderr.String() != want {
			t.Errorf("unit %s: exit %d, stderr %q; want %d, %q", pkg, code, stderr.String(), exitConfig, want)
		}
	}
}

// TestE2EVetConfigErrorOnce runs go vet -vettool on a module of several
// packages with a bad configuration file: the error is printed once, every
// package fails (none is cached as a success), and go vet exits 1, which
// is what docs/integrations.md says; a second run prints it again.
func TestE2EVetConfigErrorOnce(t *testing.T) {
	skipShort(t)
	bin := staterootlintBinary(t)
	app := copyModule(t, filepath.Join(moduleRoot(t), "testdata", "e2e", "app"))
	if err := os.WriteFile(filepath.Join(app, config.FileName), []byte("state-dir: .e2eapp\nbogus-key: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const msg = `.staterootlint.yaml:2: key "bogus-key": unknown key`
	for run := range 2 {
		_, errOut, code := runCommand(t, app, modEnv, "go", "vet", "-vettool="+bin, "./...")
		if n := strings.Count(errOut, msg); n != 1 {
			t.Errorf("run %d: the error is printed %d times, want once:\n%s", run+1, n, errOut)
		}
		// Every package of the module fails, one in full, the others
		// with a line naming it.
		pointers := strings.Count(errOut, "staterootlint: not analyzed: the configuration error is printed once, for package example.com/e2eapp")
		if pkgs := strings.Count(errOut, "# example.com/e2eapp"); pkgs < 4 || pointers != pkgs-1 {
			t.Errorf("run %d: %d packages failed, %d of them pointing at the one that printed the error; want 4 or more, all but one:\n%s", run+1, pkgs, pointers, errOut)
		}
		if code != 1 {
			t.Errorf("run %d: go vet exited %d, want 1 (docs/integrations.md says so)", run+1, code)
		}
	}
	doc, err := os.ReadFile(filepath.Join(moduleRoot(t), "docs", "integrations.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "go vet itself then exits with status 1"; !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), want) {
		t.Errorf("docs/integrations.md does not say %q", want)
	}
}
