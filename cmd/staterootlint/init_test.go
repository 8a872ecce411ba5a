package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
)

// TestInit runs init on a program with its own resolver, one in a
// dependency, a decoy that only joins onto the home directory, a
// helper derived from the resolver, and resolver look-alikes in a test
// and a generated file.
func TestInit(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "init", "-C", "testdata/initapp")
	if code != exitClean {
		t.Fatalf("init: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{
		"authorities:\n",
		"  # dirs.StateDir at dirs.go:10 resolves the state dir from $INITAPP_HOME, $XDG_STATE_HOME and os.UserHomeDir; as an authority it removes 7 findings\n  - example.com/initapp/internal/dirs.StateDir=global\n",
		"  # xdgdirs.ConfigHome (in the dependency example.com/xdgdirs) at xdgdirs.go:10 resolves the state dir from $XDG_CONFIG_HOME and os.UserConfigDir; as an authority it removes 2 findings\n  - example.com/xdgdirs.ConfigHome=global\n",
		"root-env:\n  # the override dirs.StateDir reads: only the authority may read it\n  - INITAPP_HOME\n",
		"state-dir: .initapp\n",
		"tests: false\n",
		"generated: skip\n",
		"#   dirs.LegacyDir at dirs.go:35 only joins onto os.UserHomeDir, with no override variable",
		"# With this file: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("init output lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"- example.com/initapp/internal/dirs.LegacyDir", "LogDir", "GeneratedDir", "GEN_HOME", "testDir", "TEST_HOME"} {
		if strings.Contains(out, not) {
			t.Errorf("init output proposes %q:\n%s", not, out)
		}
	}
	if _, err := config.Decode([]byte(out), "proposal"); err != nil {
		t.Errorf("the proposal does not decode: %v", err)
	}
	if !strings.Contains(errOut, "init --write") {
		t.Errorf("stderr does not say how to write it: %q", errOut)
	}
}

func TestInitWrite(t *testing.T) {
	tmp := t.TempDir()
	for _, m := range []string{"initapp", "initdep"} {
		if err := os.CopyFS(filepath.Join(tmp, m), os.DirFS(filepath.Join("testdata", m))); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(tmp, "initapp")
	code, out, errOut := runCLI(t, analyzers.All, "init", "--write", "-C", dir)
	target := filepath.Join(dir, config.FileName)
	if code != exitClean || !strings.Contains(errOut, "wrote "+target) {
		t.Fatalf("init --write: exit %d\n%s", code, errOut)
	}
	data, err := os.ReadFile(target)
	if err != nil || string(data) != out {
		t.Fatalf("written file differs from the printed proposal (%v):\n%s", err, data)
	}
	// The file is found and used: the resolvers' writes are rooted now.
	code, findings, _ := runCLI(t, analyzers.All, "-C", dir)
	if code != exitFindings || strings.Contains(findings, "state.json") || strings.Contains(findings, "config.toml") || !strings.Contains(findings, "internal/dirs.StateDir (global root)") {
		t.Errorf("with the written file: exit %d\n%s", code, findings)
	}
	// Never over an existing file.
	if err := os.WriteFile(target, []byte("tests: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, analyzers.All, "init", "--write", "-C", dir)
	if code != exitConfig || !strings.Contains(errOut, target+" exists, and init never overwrites a configuration") {
		t.Errorf("init --write over a file: exit %d\n%s", code, errOut)
	}
	if data, _ := os.ReadFile(target); string(data) != "tests: true\n" {
		t.Errorf("the existing file was changed: %q", data)
	}
	// --output chooses another file, relative to -C.
	if code, _, errOut = runCLI(t, analyzers.All, "init", "--write", "-o", "proposal.yaml", "-C", dir); code != exitClean || !strings.Contains(errOut, "wrote "+filepath.Join(dir, "proposal.yaml")) {
		t.Errorf("init --write -o: exit %d\n%s", code, errOut)
	}
}

// TestInitExample: a program that already uses the stateroots library has
// its state-dir name and override variable in its calls.
func TestInitExample(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "init", "-C", filepath.Join("..", "..", "examples"))
	if code != exitClean {
		t.Fatalf("init: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{"  - PX_GLOBAL_STATE_ROOT\n", "state-dir: .px\n", "with the stateroots library"} {
		if !strings.Contains(out, want) {
			t.Errorf("init output lacks %q:\n%s", want, out)
		}
	}
}
