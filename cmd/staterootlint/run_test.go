package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The tests below share the fake analyzers' flags (Apply resets them on
// every run), so they do not run in parallel.

func runCLI(t *testing.T, suite []*analysis.Analyzer, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := (&cli{suite: suite, stdout: &stdout, stderr: &stderr}).main(args)
	return code, stdout.String(), stderr.String()
}

func TestHelpGolden(t *testing.T) {
	suite, _ := newFakeSuite()
	code, out, errOut := runCLI(t, suite, "--help")
	if code != exitClean || errOut != "" {
		t.Fatalf("--help: exit %d, stderr %q", code, errOut)
	}
	golden := filepath.Join("testdata", "help.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("--help differs from %s (go test -run TestHelpGolden -update to accept):\n%s", golden, out)
	}
	for _, args := range [][]string{{"-h"}, {"help"}} {
		if code, out2, _ := runCLI(t, suite, args...); code != exitClean || out2 != out {
			t.Errorf("%v: exit %d, output differs from --help", args, code)
		}
	}
}

const (
	wantMain  = `main.go:6:19: os.WriteFile writes "state.json" outside every state root (fakewrite)`
	wantStore = `store/store.go:7:41: os.WriteFile writes "store.db" outside every state root (fakewrite)`
	wantTest  = `main_test.go:9:19: os.WriteFile writes "test.out" outside every state root (fakewrite)`
)

func writeConfig(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRun(t *testing.T) {
	suite, _ := newFakeSuite()
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   string // exact, when not empty
		stderr   string // substring
		noStdout bool
		// notStderr must not appear in stderr; maxStderrLines bounds it.
		notStderr      string
		maxStderrLines int
	}{
		{name: "findings", args: []string{"-C", "testdata/findings"}, code: exitFindings, stdout: wantMain + "\n" + wantStore + "\n"},
		{name: "pattern", args: []string{"-C", "testdata/findings", "./store"}, code: exitFindings, stdout: wantStore + "\n"},
		{name: "tests flag", args: []string{"-C", "testdata/findings", "--tests"}, code: exitFindings, stdout: wantMain + "\n" + wantTest + "\n" + wantStore + "\n"},
		{name: "tests key", args: []string{"-C", "testdata/findings", "--config", writeConfig(t, "tests: true\n")}, code: exitFindings, stdout: wantMain + "\n" + wantTest + "\n" + wantStore + "\n"},
		{name: "no config hint", args: []string{"-C", "testdata/findings"}, code: exitFindings, stderr: "init' proposes one from the program's own state-dir resolvers\n", maxStderrLines: 1},
		{name: "config, no hint", args: []string{"-C", "testdata/findings", "--config", writeConfig(t, "tests: false\n")}, code: exitFindings, notStderr: "init"},
		{name: "clean", args: []string{"--chdir=testdata/clean", "./..."}, code: exitClean, noStdout: true, notStderr: "init"},
		{name: "disable", args: []string{"-C", "testdata/findings", "--disable", "fakewrite"}, code: exitClean, noStdout: true},
		{name: "enable", args: []string{"-C", "testdata/findings", "--enable", "fakewrite"}, code: exitFindings},
		{name: "type error", args: []string{"-C", "testdata/broken"}, code: exitUsage, stderr: `broken.go:5:28: cannot use "42"`},
		{name: "bad pattern", args: []string{"-C", "testdata/clean", "./nothing/..."}, code: exitUsage, stderr: "staterootlint: pattern ./nothing/...: lstat ./nothing/: no such file or directory\n", notStderr: "-:"},
		{name: "missing package", args: []string{"-C", "testdata/clean", "example.com/nope"}, code: exitUsage, stderr: "staterootlint: no required module provides package example.com/nope", notStderr: "-:"},
		{name: "no packages", args: []string{"-C", "testdata/empty"}, code: exitUsage, stderr: "staterootlint: no packages matched ./... in "},
		{name: "unknown analyzer", args: []string{"--enable", "fakewrit"}, code: exitUsage, stderr: `unknown analyzer "fakewrit" in --enable; valid: fakequiet, fakewrite`},
		{name: "unknown disable", args: []string{"--disable=x"}, code: exitUsage, stderr: `unknown analyzer "x" in --disable; valid: fakequiet, fakewrite`},
		{name: "bad format", args: []string{"--format", "xml"}, code: exitUsage, stderr: `invalid argument "xml" for "--format" flag: valid: text, json, sarif`},
		{name: "unknown flag", args: []string{"--bogus"}, code: exitUsage, stderr: "unknown flag: --bogus"},
		{name: "missing -C", args: []string{"-C", "testdata/nowhere"}, code: exitUsage, stderr: "staterootlint: -C testdata/nowhere: no such directory\n"},
		{name: "file -C", args: []string{"-C", "testdata/clean/go.mod"}, code: exitUsage, stderr: "staterootlint: -C testdata/clean/go.mod: not a directory\n"},
		{name: "config is a directory", args: []string{"-C", "testdata/clean", "--config", "."}, code: exitConfig, stderr: "testdata/clean: is a directory; name the configuration file itself (.staterootlint.yaml)"},
		{name: "second document", args: []string{"-C", "testdata/clean", "--config", writeConfig(t, "tests: true\n---\nstate-dir: .x\n")}, code: exitConfig, stderr: `config.yaml:3: a second YAML document`},
		{name: "state-dir dotdot", args: []string{"-C", "testdata/clean", "--config", writeConfig(t, "state-dir: ..\n")}, code: exitConfig, stderr: `config.yaml:1: key "state-dir": expected a directory name such as .myapp, got ".."`},
		{name: "huge bad list", args: []string{"-C", "testdata/clean", "--config", writeConfig(t, "root-env:\n"+strings.Repeat("  - bad-name\n", 3000))}, code: exitConfig, stderr: "config.yaml: and 2990 more configuration errors; fix the ones above first\n", maxStderrLines: 11},
		{name: "missing contract", args: []string{"inventory", "-C", "testdata/clean", "--contract", "NOPE.md"}, code: exitConfig, stderr: "staterootlint: --contract NOPE.md: no such file; create it (staterootlint inventory prints a first draft) or fix the path\n"},
		{name: "missing config", args: []string{"-C", "testdata/clean", "--config", "nope.yaml"}, code: exitConfig, stderr: "testdata/clean/nope.yaml: no such file"},
		{name: "bad config", args: []string{"-C", "testdata/clean", "--config", writeConfig(t, "sinks:\n  x: 1\n")}, code: exitConfig, stderr: `config.yaml:2: key "sinks": expected a list of strings, got a mapping`},
		{name: "bad authority syntax", args: []string{"-C", "testdata/clean", "--authority", "nodot"}, code: exitConfig, stderr: `--authority: "nodot": expected pkg/path.Func`},
		{name: "unresolvable authority", args: []string{"-C", "testdata/findings", "--authority", "example.com/findings/store.Sav"}, code: exitConfig, stderr: `--authority: "example.com/findings/store.Sav": package example.com/findings/store has no function or variable Sav`},
		{name: "unresolvable sink", args: []string{"-C", "testdata/findings", "--config", writeConfig(t, "sinks:\n  - example.com/other.Open#0\n")}, code: exitConfig, stderr: `config.yaml:2: key "sinks": "example.com/other.Open#0": no package example.com/other can be found from the analyzed module (or it does not type-check); check the import path`},
		{name: "sink index out of range", args: []string{"-C", "testdata/findings", "--sink", "os.WriteFile#9"}, code: exitConfig, stderr: `--sink: "os.WriteFile#9": path parameter index 9 out of range: os.WriteFile has 3 parameters, so N must be 0..2`},
		{name: "resolvable names", args: []string{"-C", "testdata/findings", "--authority", "example.com/findings/store.Save=repo", "--sink", "os.WriteFile#0", "./store"}, code: exitFindings, stdout: wantStore + "\n"},
		{name: "allow key", args: []string{"-C", "testdata/clean", "--config", writeConfig(t, "allow: {temp: false}\nstate-dir: .x\nroot-env: [X]\nexclude: [a]\n")}, code: exitClean},
		{name: "version", args: []string{"--version"}, code: exitClean},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, suite, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			if tc.stdout != "" && out != tc.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, tc.stdout)
			}
			if tc.noStdout && out != "" {
				t.Errorf("stdout: %q, want nothing", out)
			}
			if !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr:\n%s\nwant it to contain %q", errOut, tc.stderr)
			}
			if tc.notStderr != "" && strings.Contains(errOut, tc.notStderr) {
				t.Errorf("stderr:\n%s\nwant it without %q", errOut, tc.notStderr)
			}
			if n := strings.Count(errOut, "\n"); tc.maxStderrLines > 0 && n > tc.maxStderrLines {
				t.Errorf("stderr has %d lines, want at most %d:\n%s", n, tc.maxStderrLines, errOut)
			}
			if strings.Contains(errOut, "goroutine ") {
				t.Errorf("stderr has a stack trace:\n%s", errOut)
			}
		})
	}
}

func TestConfigReachesEngine(t *testing.T) {
	suite, engine := newFakeSuite()
	cfg := writeConfig(t, "authorities:\n  - example.com/findings/store.Save\nallow:\n  temp: false\n")
	if code, _, errOut := runCLI(t, suite, "-C", "testdata/findings", "--config", cfg, "--authority", "os.Getwd", "./store"); code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := engine.Flags.Lookup("authorities").Value.String(); got != "example.com/findings/store.Save,os.Getwd" {
		t.Errorf("engine authorities = %q", got)
	}
	if got := engine.Flags.Lookup("allow-temp").Value.String(); got != "false" {
		t.Errorf("engine allow-temp = %q", got)
	}
}

func TestJSON(t *testing.T) {
	suite, _ := newFakeSuite()
	code, out, errOut := runCLI(t, suite, "-C", "testdata/findings", "--format", "json", "./store")
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	abs, _ := filepath.Abs("testdata/findings/store/store.go")
	var got struct {
		Diagnostics []map[string]any `json:"diagnostics"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"analyzer": "fakewrite", "file": abs, "line": 7.0, "column": 41.0,
		"message": `os.WriteFile writes "store.db" outside every state root`, "category": "relative",
	}
	if len(got.Diagnostics) != 1 || !maps.Equal(got.Diagnostics[0], want) {
		t.Errorf("json: %s\nwant one diagnostic %v", out, want)
	}

	code, out, _ = runCLI(t, suite, "-C", "testdata/clean", "--format=json")
	if code != exitClean || strings.Join(strings.Fields(out), "") != `{"diagnostics":[]}` {
		t.Errorf("clean json: exit %d, %q", code, out)
	}
}

func TestHelpAnalyzer(t *testing.T) {
	suite, _ := newFakeSuite()
	code, out, _ := runCLI(t, suite, "help", "fakewrite")
	if code != exitClean || !strings.HasPrefix(out, "fakewrite: report relative os.WriteFile paths\n\nThe fake analyzer") {
		t.Errorf("help fakewrite: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, suite, "help", "fakeflow")
	if code != exitClean || !strings.Contains(out, "-fakeflow.NAME under go vet") || !strings.Contains(out, "-allow-temp") {
		t.Errorf("help fakeflow: exit %d\n%s", code, out)
	}
	code, _, errOut := runCLI(t, suite, "help", "nope")
	if code != exitUsage || !strings.Contains(errOut, `unknown analyzer "nope" in help; valid: fakeflow, fakequiet, fakewrite`) {
		t.Errorf("help nope: exit %d, %s", code, errOut)
	}
}

func TestPanicIsAnError(t *testing.T) {
	suite, _ := newFakeSuite()
	suite = append(suite, newPanicAnalyzer())
	code, _, errOut := runCLI(t, suite, "-C", "testdata/findings")
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	want := "staterootlint: analyzer fakepanic failed on package example.com/findings/store: internal error: assignment to entry in nil map at "
	if !strings.Contains(errOut, want) || !strings.Contains(errOut, "fake_test.go:") || strings.Contains(errOut, "goroutine ") {
		t.Errorf("stderr:\n%s\nwant %q naming fake_test.go, without a stack trace", errOut, want)
	}
}

func TestFix(t *testing.T) {
	suite, _ := newFakeSuite()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/findings")); err != nil {
		t.Fatal(err)
	}
	// A configuration file, so stderr has no first-run hint.
	if err := os.WriteFile(filepath.Join(dir, ".staterootlint.yaml"), []byte("tests: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, suite, "-C", dir, "--fix")
	if code != exitClean || out != "" || !strings.Contains(errOut, "applied 2 fixes to 2 files") {
		t.Fatalf("--fix: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	src, err := os.ReadFile(filepath.Join(dir, "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), `os.WriteFile("/tmp/state.json", nil, 0o644)`) {
		t.Errorf("main.go after --fix:\n%s", src)
	}
	if code, out, errOut := runCLI(t, suite, "-C", dir); code != exitClean {
		t.Errorf("after --fix: exit %d\n%s%s", code, out, errOut)
	}
}

// TestFixSaysWhatItCouldNotFix runs --fix where two analyzers propose
// overlapping fixes for one literal and two findings have no fix: the
// summary counts the findings without a fix and names the one whose fix
// was not applied, with the reason.
func TestFixSaysWhatItCouldNotFix(t *testing.T) {
	suite, _ := newFakeSuite()
	suite = append(suite, newConflictAnalyzer())
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/findings")); err != nil {
		t.Fatal(err)
	}
	// A configuration file, so stderr has no first-run hint.
	if err := os.WriteFile(filepath.Join(dir, ".staterootlint.yaml"), []byte("tests: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, suite, "-C", dir, "--fix")
	if code != exitFindings {
		t.Errorf("exit %d, want %d", code, exitFindings)
	}
	wantErr := "staterootlint: applied 2 fixes to 2 files; 2 findings have no suggested fix; could not apply the fix of 1 finding:\n" +
		`main.go:6:19: os.WriteFile writes "state.json" outside every state root (fakewrite): its edits overlap another fix's; run --fix again` + "\n"
	if errOut != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, wantErr)
	}
	if !strings.Contains(out, `main.go:6:19: os.WriteFile writes "state.json" outside every state root (fakewrite)`) || !strings.Contains(out, "package main has no fix (fakeconflict)") {
		t.Errorf("stdout lacks the unfixed findings:\n%s", out)
	}
}

// TestCgoAndGenerated runs the real suite on a package that imports "C"
// and has a generated file: cgo's translations are analyzed and reported
// at the user's lines, generated files are reported unless the
// configuration says generated: skip.
func TestCgoAndGenerated(t *testing.T) {
	const (
		native    = `native.go:13:21: os.WriteFile writes "native-state.json" relative to the working directory, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot, take it from a flag (such as --output), or, if the command produces it there on purpose, declare it on the command with //staterootlint:allow-write cwd:native-state.json (shadowwrite)`
		generated = `zz_generated.go:9:21: os.WriteFile writes "generated-status.json" relative to the working directory, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot, take it from a flag (such as --output), or, if the command produces it there on purpose, declare it on the command with //staterootlint:allow-write cwd:generated-status.json (shadowwrite)`
	)
	for _, tc := range []struct {
		name   string
		args   []string
		stdout string
	}{
		{"default", nil, native + "\n" + generated + "\n"},
		{"report", []string{"--config", writeConfig(t, "generated: report\n")}, native + "\n" + generated + "\n"},
		{"skip", []string{"--config", writeConfig(t, "generated: skip\n")}, native + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"-C", "testdata/cgo", "--enable", "shadowwrite"}, tc.args...)
			code, out, errOut := runCLI(t, analyzers.All, args...)
			if code != exitFindings || out != tc.stdout {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, exitFindings, out, tc.stdout, errOut)
			}
		})
	}
}

// writeTree writes files (slash-separated names relative to dir).
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestConfigRule checks which configuration file counts: the one found
// from the module root; a file between a package and its module root is
// an error naming it; a working directory whose walk finds another file
// than go vet would is an error unless --config names the file.
func TestConfigRule(t *testing.T) {
	suite, engine := newFakeSuite()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"mod/go.mod":                 "module example.com/mod\n\ngo 1.26\n",
		"mod/" + config.FileName:     "authorities: [example.com/mod/pkg.Root]\n",
		"mod/pkg/pkg.go":             "package pkg\n\n// Root is the root.\nfunc Root() string { return \"/r\" }\n",
		"mod/pkg/" + config.FileName: "tests: true\n",
	})
	mod := filepath.Join(dir, "mod")
	stray := filepath.Join(mod, "pkg", config.FileName)

	code, _, errOut := runCLI(t, suite, "-C", mod)
	want := stray + ": not read: only the .staterootlint.yaml found from the module root " + mod + " upward counts (" + filepath.Join(mod, config.FileName) + " is in effect); move these keys to " + filepath.Join(mod, config.FileName) + " and delete this file"
	if code != exitConfig || !strings.Contains(errOut, want) {
		t.Errorf("stray file: exit %d\n%s\nwant exit %d and %q", code, errOut, exitConfig, want)
	}
	// Started in the package's directory, the walk finds the stray file
	// first: still an error, not a silent switch of configuration.
	if code, _, errOut := runCLI(t, suite, "-C", filepath.Join(mod, "pkg")); code != exitConfig || !strings.Contains(errOut, want) {
		t.Errorf("stray file from the package directory: exit %d\n%s", code, errOut)
	}
	// --config does not make a stray file read.
	if code, _, errOut := runCLI(t, suite, "-C", mod, "--config", config.FileName); code != exitConfig || !strings.Contains(errOut, want) {
		t.Errorf("stray file with --config: exit %d\n%s", code, errOut)
	}

	if err := os.Remove(stray); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, suite, "-C", filepath.Join(mod, "pkg")); code != exitClean {
		t.Errorf("from the package directory: exit %d\n%s", code, errOut)
	}
	if got := engine.Flags.Lookup("authorities").Value.String(); got != "example.com/mod/pkg.Root" {
		t.Errorf("engine authorities = %q, want the module root's file applied", got)
	}

	// A workspace whose root has its own file: the module's packages are
	// configured by the module's file under go vet, so the CLI stops.
	writeTree(t, dir, map[string]string{
		"go.work":       "go 1.26\n\nuse ./mod\n",
		config.FileName: "tests: true\n",
	})
	code, _, errOut = runCLI(t, suite, "-C", dir, "./mod/...")
	want = dir + ": the working directory finds " + filepath.Join(dir, config.FileName) + ", but the packages of the module " + mod + " are configured by the file found from its root (" + filepath.Join(mod, config.FileName) + "), as go vet reads them"
	if code != exitConfig || !strings.Contains(errOut, want) {
		t.Errorf("workspace: exit %d\n%s\nwant exit %d and %q", code, errOut, exitConfig, want)
	}
	if code, _, errOut := runCLI(t, suite, "-C", dir, "--config", config.FileName, "./mod/..."); code != exitClean {
		t.Errorf("workspace with --config: exit %d\n%s", code, errOut)
	}
}

// TestTags checks that build tags reach the loader, by --tags and by
// GOFLAGS: a write in a file behind a build constraint is analyzed only
// when the tag is set.
func TestTags(t *testing.T) {
	suite, _ := newFakeSuite()
	const want = `special.go:8:44: os.WriteFile writes "special.json" outside every state root (fakewrite)` + "\n"
	if code, out, errOut := runCLI(t, suite, "-C", "testdata/tags"); code != exitClean || out != "" {
		t.Errorf("without tags: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, suite, "-C", "testdata/tags", "--tags", "other,special"); code != exitFindings || out != want {
		t.Errorf("--tags special: exit %d\n%s%s\nwant:\n%s", code, out, errOut, want)
	}
	t.Setenv("GOFLAGS", "-tags=special")
	if code, out, errOut := runCLI(t, suite, "-C", "testdata/tags"); code != exitFindings || out != want {
		t.Errorf("GOFLAGS=-tags=special: exit %d\n%s%s\nwant:\n%s", code, out, errOut, want)
	}
}
