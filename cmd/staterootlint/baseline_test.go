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
	for _, want := range []string{`"staterootlint-baseline": 3`, `"category": "relative"`, `"package": "example.com/findings/store"`, `"function": "Save"`, `"function": "main"`} {
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
// finding (its origin and write operation), not its message: changing an
// authority's kind from global to state (which rewords the advice) and
// inserting lines above the write leave the entry matching, baselines of
// earlier versions still match, and a different origin is a new finding.
// (A release's rewording of a message is internal/baseline's
// TestStructuredKey.)
func TestBaselineKeyedOnFinding(t *testing.T) {
	dir := copyModule(t, filepath.Join("testdata", "baselinekind"))
	kind := func(k string) string {
		return writeConfig(t, "authorities:\n  - example.com/baselinekind/paths.StateDir="+k+"\n")
	}
	global, state := kind("global"), kind("state")
	base := filepath.Join(t.TempDir(), "baseline.json")
	run := func(args ...string) (int, string, string) {
		return runCLI(t, analyzers.All, append([]string{"-C", dir, "--no-cache", "--quiet"}, args...)...)
	}

	_, asGlobal, _ := run("--config", global)
	_, asState, _ := run("--config", state)
	if !strings.Contains(asGlobal, "paths.StateDir (global root)") || !strings.Contains(asState, "paths.StateDir (state root)") {
		t.Fatalf("the advice does not follow the authority's kind:\n%s%s", asGlobal, asState)
	}
	if code, _, errOut := run("--config", global, "--write-baseline", base); code != exitClean {
		t.Fatalf("--write-baseline: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"staterootlint-baseline": 3`, `"origin": "env BK_OUT out.json"`, `"op": "os.WriteFile"`, `"category": "env"`, `"function": "main"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("baseline entry: want %s:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), "derive") || strings.Contains(string(data), `"seen"`) {
		t.Errorf("baseline entry records message text:\n%s", data)
	}
	if code, out, errOut := run("--config", state, "--baseline", base); code != exitClean || out != "" || errOut != "" {
		t.Errorf("--baseline after the authority's kind changed: exit %d\n%s%s", code, out, errOut)
	}

	// Unrelated lines inserted above the write.
	main := filepath.Join(dir, "main.go")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(src), "func main() {\n", "func main() {\n\t// Lines that move the write down.\n\tprintln(\"starting\")\n\n", 1)
	if moved == string(src) {
		t.Fatal("testdata/baselinekind/main.go has no func main() { line to insert below")
	}
	if err := os.WriteFile(main, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run("--config", state, "--baseline", base); code != exitClean || out != "" || errOut != "" {
		t.Errorf("--baseline after lines were inserted above the write: exit %d\n%s%s", code, out, errOut)
	}

	// A baseline an earlier release wrote (version 1, keyed on the whole
	// message) with advice worded differently still matches.
	old := filepath.Join(t.TempDir(), "old.json")
	v1 := `{"staterootlint-baseline": 1, "findings": [{"analyzer": "shadowwrite", "package": "example.com/baselinekind", "function": "main",
  "message": "os.WriteFile writes a path from the environment variable BK_OUT, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot"}]}`
	if err := os.WriteFile(old, []byte(v1), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run("--config", state, "--baseline", old); code != exitClean || out != "" || strings.Contains(errOut, "no longer") {
		t.Errorf("--baseline with a version 1 file: exit %d\n%s%s", code, out, errOut)
	}
	// And one of version 2 (keyed on the category and the message up to
	// its advice).
	v2 := `{"staterootlint-baseline": 2, "findings": [{"analyzer": "shadowwrite", "package": "example.com/baselinekind", "function": "main",
  "category": "env", "seen": "os.WriteFile writes a path from the environment variable BK_OUT, outside every state root"}]}`
	if err := os.WriteFile(old, []byte(v2), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run("--config", state, "--baseline", old); code != exitClean || out != "" || strings.Contains(errOut, "no longer") {
		t.Errorf("--baseline with a version 2 file: exit %d\n%s%s", code, out, errOut)
	}

	// Another origin is another finding: reported, its entry stale.
	if err := os.WriteFile(main, []byte(strings.Replace(moved, "BK_OUT", "BK_ELSEWHERE", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("--config", state, "--baseline", base)
	if code != exitFindings || !strings.Contains(out, "BK_ELSEWHERE") || !strings.Contains(errOut, "1 entry of "+base+" no longer matches") ||
		!strings.Contains(errOut, "example.com/baselinekind.main: os.WriteFile of env BK_OUT out.json (shadowwrite)") {
		t.Errorf("--baseline with another origin: exit %d\n%s%s", code, out, errOut)
	}
}
