package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestFixExample runs the migration fixes on a copy of the example app:
// --diff prints the rewrite of the hand-built ~/.px and changes nothing;
// --fix applies it, the copy still builds and vets, and the finding is
// gone; the other findings say why they have no fix; --fix=declare then
// declares px-debug.log a product of legacy.DebugLog.
func TestFixExample(t *testing.T) {
	if testing.Short() {
		t.Skip("lints the example app three times")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "examples")
	if err := os.CopyFS(dir, os.DirFS(exampleDir)); err != nil {
		t.Fatal(err)
	}
	goCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, out)
		}
	}
	goCmd("mod", "edit", "-replace=github.com/staterootlint/staterootlint="+root)
	legacy := filepath.Join(dir, "internal", "legacy", "legacy.go")
	before, err := os.ReadFile(legacy)
	if err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runCLI(t, analyzers.All, "-C", dir, "--quiet", "--no-cache", "--diff", "./...")
	if code != exitClean || !strings.Contains(out, "+	root, err := stateroots.GlobalStateRoot(\"px\")\n") ||
		!strings.Contains(out, "+	dir := filepath.Join(root, \"history\")\n") ||
		!strings.Contains(errOut, "would apply 3 fixes to 1 file") ||
		!strings.Contains(errOut, "legacy.go:51:21: no fix (shadowwrite): the path is not below the state dir .px") {
		t.Fatalf("--diff: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(legacy); string(after) != string(before) {
		t.Fatalf("--diff changed legacy.go")
	}

	code, out, errOut = runCLI(t, analyzers.All, "-C", dir, "--quiet", "--no-cache", "--fix", "./...")
	if code != exitFindings || !strings.Contains(errOut, "applied 3 fixes to 1 file") || strings.Contains(out, "os.UserHomeDir (internal/legacy/legacy.go:6") {
		t.Fatalf("--fix: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	goCmd("vet", "./...")
	code, out, errOut = runCLI(t, analyzers.All, "-C", dir, "--quiet", "--no-cache", "./...")
	if code != exitFindings || strings.Count(out, "\n") != 6 || strings.Contains(out, "SaveHistory") || strings.Contains(out, "legacy.go:6") || strings.Contains(out, "legacy.go:7") {
		t.Fatalf("after --fix: exit %d, want the 6 other findings\n%s%s", code, out, errOut)
	}

	code, out, errOut = runCLI(t, analyzers.All, "-C", dir, "--quiet", "--no-cache", "--fix=declare", "./...")
	if src, _ := os.ReadFile(legacy); !strings.Contains(string(src), "//staterootlint:allow-write cwd:px-debug.log\nfunc DebugLog(") || strings.Contains(out, "px-debug.log") {
		t.Fatalf("--fix=declare: exit %d\n%s%s\nlegacy.go:\n%s", code, out, errOut, src)
	}
}
