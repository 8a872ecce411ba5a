package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

func TestBaseline(t *testing.T) {
	suite, _ := newFakeSuite()
	dir := copyModule(t, "testdata/findings")
	base := filepath.Join(t.TempDir(), "baseline.json")

	code, out, errOut := runCLI(t, suite, "-C", dir, "--write-baseline", base)
	if code != exitClean || out != "" || !strings.Contains(errOut, "recorded 2 findings in "+base) {
		t.Fatalf("--write-baseline: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	data, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"staterootlint-baseline": 2`, `"category": "relative"`, `"package": "example.com/findings/store"`, `"function": "Save"`, `"function": "main"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("baseline lacks %s:\n%s", want, data)
		}
	}

	// The recorded findings are not reported, even after lines moved.
	main := filepath.Join(dir, "main.go")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(src), "func main() {", "// A comment that moves every line.\n\nfunc main() {", 1)
	if err := os.WriteFile(main, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, suite, "-C", dir, "--baseline", base)
	if code != exitClean || out != "" || strings.Contains(errOut, "no longer match") {
		t.Fatalf("--baseline after moving lines: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}

	// A second identical finding in the same function is new.
	dup := strings.Replace(moved, "\tsave()\n", "\tsave()\n\t_ = os.WriteFile(\"state.json\", nil, 0o644)\n", 1)
	if err := os.WriteFile(main, []byte(dup), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, suite, "-C", dir, "--baseline", base)
	if code != exitFindings || strings.Count(out, "\n") != 1 || !strings.Contains(out, "main.go:11:19:") {
		t.Errorf("--baseline with a second finding: exit %d\n%s", code, out)
	}

	// A fixed finding leaves a stale entry, listed so the file shrinks.
	if err := os.WriteFile(main, []byte(strings.ReplaceAll(dup, `"state.json"`, `"/abs/state.json"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, suite, "-C", dir, "--baseline", base)
	wantStale := "1 entry of " + base + " no longer matches"
	if code != exitClean || out != "" || !strings.Contains(errOut, wantStale) || !strings.Contains(errOut, `  example.com/findings.main: os.WriteFile writes "state.json" outside every state root (fakewrite)`) {
		t.Errorf("--baseline with a fixed finding: exit %d\nstdout:\n%s\nstderr:\n%s\nwant %q", code, out, errOut, wantStale)
	}

	// Relative paths are relative to -C, like --config.
	code, _, errOut = runCLI(t, suite, "-C", dir, "--baseline", "nope.json")
	if code != exitConfig || !strings.Contains(errOut, "--baseline "+filepath.Join(dir, "nope.json")+": no such file; create it with --write-baseline") {
		t.Errorf("missing baseline: exit %d, %s", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"findings": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut = runCLI(t, suite, "-C", dir, "--baseline", "bad.json"); code != exitConfig || !strings.Contains(errOut, "rewrite it with --write-baseline") {
		t.Errorf("malformed baseline: exit %d, %s", code, errOut)
	}
	if code, _, errOut = runCLI(t, suite, "-C", dir, "--baseline", base, "--write-baseline", base); code != exitUsage || !strings.Contains(errOut, "do not go together") {
		t.Errorf("both flags: exit %d, %s", code, errOut)
	}
}

// TestBaselineKeyedOnFinding checks that a baseline entry names the
// finding, not its advice: changing an authority's kind (which rewords
// the advice) or a release's rewording of the advice leaves the entry
// matching, while a different origin is a new finding.
func TestBaselineKeyedOnFinding(t *testing.T) {
	dir := copyModule(t, filepath.Join("testdata", "baselinekind"))
	kind := func(k string) string {
		return writeConfig(t, "authorities:\n  - example.com/baselinekind/paths.StateDir="+k+"\n")
	}
	global, repo := kind("global"), kind("repo")
	base := filepath.Join(t.TempDir(), "baseline.json")
	run := func(args ...string) (int, string, string) {
		return runCLI(t, analyzers.All, append([]string{"-C", dir, "--no-cache", "--quiet"}, args...)...)
	}

	_, asGlobal, _ := run("--config", global)
	_, asRepo, _ := run("--config", repo)
	if !strings.Contains(asGlobal, "paths.StateDir (global root)") || !strings.Contains(asRepo, "paths.StateDir (repo root)") {
		t.Fatalf("the advice does not follow the authority's kind:\n%s%s", asGlobal, asRepo)
	}
	if code, _, errOut := run("--config", global, "--write-baseline", base); code != exitClean {
		t.Fatalf("--write-baseline: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	want := `"seen": "os.WriteFile writes a path from the environment variable BK_OUT, outside every state root"`
	if !strings.Contains(string(data), want) || !strings.Contains(string(data), `"category": "env"`) || strings.Contains(string(data), "derive") {
		t.Errorf("baseline entry: want %s and category env, no advice:\n%s", want, data)
	}
	if code, out, errOut := run("--config", repo, "--baseline", base); code != exitClean || out != "" || strings.Contains(errOut, "no longer") {
		t.Errorf("--baseline after the authority's kind changed: exit %d\n%s%s", code, out, errOut)
	}

	// A baseline an earlier release wrote (version 1, keyed on the whole
	// message) with advice worded differently still matches.
	old := filepath.Join(t.TempDir(), "old.json")
	v1 := `{"staterootlint-baseline": 1, "findings": [{"analyzer": "shadowwrite", "package": "example.com/baselinekind", "function": "main",
  "message": "os.WriteFile writes a path from the environment variable BK_OUT, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot"}]}`
	if err := os.WriteFile(old, []byte(v1), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run("--config", repo, "--baseline", old); code != exitClean || out != "" || strings.Contains(errOut, "no longer") {
		t.Errorf("--baseline with a version 1 file: exit %d\n%s%s", code, out, errOut)
	}

	// Another origin is another finding: reported, its entry stale.
	main := filepath.Join(dir, "main.go")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, []byte(strings.Replace(string(src), "BK_OUT", "BK_ELSEWHERE", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("--config", repo, "--baseline", base)
	if code != exitFindings || !strings.Contains(out, "BK_ELSEWHERE") || !strings.Contains(errOut, "1 entry of "+base+" no longer matches") {
		t.Errorf("--baseline with another origin: exit %d\n%s%s", code, out, errOut)
	}
}
