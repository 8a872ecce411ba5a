package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// The end-to-end tests build the real binary and run it the three ways
// users do: standalone, as go vet's -vettool and inside a custom
// golangci-lint built from the module proxy. They skip under -short.

// golangciVersion is the golangci-lint the plugin is tested against.
const golangciVersion = "v2.15.0"

func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test skipped under -short: it builds staterootlint and a custom golangci-lint and runs go vet")
	}
}

// moduleRoot is the root of this module.
func moduleRoot(t *testing.T) string {
	t.Helper()
	return mustAbs(t, filepath.Join("..", ".."))
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// staterootlintBinary builds the command once per test process.
func staterootlintBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "staterootlint-e2e-")
		if buildErr != nil {
			return
		}
		builtBin = filepath.Join(buildDir, "staterootlint")
		start := time.Now()
		out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
		fmt.Fprintf(os.Stderr, "e2e: built staterootlint in %v\n", time.Since(start).Round(time.Millisecond))
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// copyModule copies a fixture module to a temporary directory, so the tests
// can edit it without writing into the repository.
func copyModule(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// e2eFinding is a finding as the three drivers can all express it.
type e2eFinding struct {
	Analyzer string
	File     string // relative to the module root, slash-separated
	Line     int
	Column   int
	Message  string
}

func (f e2eFinding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s (%s)", f.File, f.Line, f.Column, f.Message, f.Analyzer)
}

func sortFindings(fs []e2eFinding) []e2eFinding {
	slices.SortFunc(fs, func(a, b e2eFinding) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column), cmp.Compare(a.Analyzer, b.Analyzer), cmp.Compare(a.Message, b.Message))
	})
	return slices.Compact(fs)
}

func relTo(t *testing.T, dir, file string) string {
	t.Helper()
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(rel)
}

// runCommand runs name with args in dir and returns stdout, stderr and the
// exit code; env is added to the test's environment.
func runCommand(t *testing.T, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s %s (in %s): %v", filepath.Base(name), strings.Join(args, " "), filepath.Base(dir), time.Since(start).Round(time.Millisecond))
	code := 0
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("run %s: %v", name, err)
		}
		code = exit.ExitCode()
	}
	return stdout.String(), stderr.String(), code
}

// modEnv lets the go command complete go.sum in the temporary modules
// (the golangci-lint wrapper, fixture copies), keeping the user's GOFLAGS.
var modEnv = []string{"GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "GOWORK=off"}

// standaloneFindings runs staterootlint --format json in dir.
func standaloneFindings(t *testing.T, bin, dir string) []e2eFinding {
	t.Helper()
	out, errOut, code := runCommand(t, dir, modEnv, bin, "--format", "json", "./...")
	if code != exitClean && code != exitFindings {
		t.Fatalf("staterootlint: exit %d\n%s", code, errOut)
	}
	var doc struct {
		Diagnostics []jsonDiagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("staterootlint --format json: %v\n%s", err, out)
	}
	if (code == exitFindings) != (len(doc.Diagnostics) > 0) {
		t.Errorf("staterootlint: exit %d with %d findings", code, len(doc.Diagnostics))
	}
	var fs []e2eFinding
	for _, d := range doc.Diagnostics {
		fs = append(fs, e2eFinding{d.Analyzer, relTo(t, dir, d.File), d.Line, d.Column, d.Message})
	}
	return sortFindings(fs)
}

// vetFindings runs go vet -vettool=bin -json in dir and parses the
// per-package JSON trees it prints.
func vetFindings(t *testing.T, bin, dir string, vetFlags ...string) []e2eFinding {
	t.Helper()
	args := append([]string{"vet", "-vettool=" + bin, "-json"}, vetFlags...)
	out, errOut, code := runCommand(t, dir, modEnv, "go", append(args, "./...")...)
	if code != 0 {
		t.Fatalf("go vet -json: exit %d\n%s%s", code, out, errOut)
	}
	var fs []e2eFinding
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go vet -json output: %v\n%s", err, out)
		}
		for _, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var diags []struct {
					Posn    string `json:"posn"`
					Message string `json:"message"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("go vet: analyzer %s: %s", analyzer, raw)
				}
				for _, d := range diags {
					file, line, col := splitPosn(t, d.Posn)
					fs = append(fs, e2eFinding{analyzer, relTo(t, dir, file), line, col, d.Message})
				}
			}
		}
	}
	return sortFindings(fs)
}

func splitPosn(t *testing.T, posn string) (string, int, int) {
	t.Helper()
	i := strings.LastIndex(posn, ":")
	j := strings.LastIndex(posn[:max(i, 0)], ":")
	if i < 0 || j < 0 {
		t.Fatalf("bad position %q", posn)
	}
	line, err1 := strconv.Atoi(posn[j+1 : i])
	col, err2 := strconv.Atoi(posn[i+1:])
	if err1 != nil || err2 != nil {
		t.Fatalf("bad position %q", posn)
	}
	return posn[:j], line, col
}

// golangciFindings runs the custom golangci-lint in dir, as
// docs/integrations.md says to run staterootlint alone, with its .golangci.yml
// carrying the settings of the module's .staterootlint.yaml.
func golangciFindings(t *testing.T, gcl, cacheDir, dir string) []e2eFinding {
	t.Helper()
	cfg := writeGolangciConfig(t, dir, nil)
	out, errOut, code := runCommand(t, dir, append(modEnv, "GOLANGCI_LINT_CACHE="+cacheDir), gcl,
		"run", "-c", cfg, "--enable-only", "staterootlint", "--output.json.path=stdout", "--show-stats=false", "./...")
	if code != 0 && code != 1 {
		t.Fatalf("golangci-lint: exit %d\n%s%s", code, out, errOut)
	}
	var doc struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.NewDecoder(strings.NewReader(out)).Decode(&doc); err != nil {
		t.Fatalf("golangci-lint json: %v\n%s", err, out)
	}
	var fs []e2eFinding
	for _, is := range doc.Issues {
		if is.FromLinter != "staterootlint" {
			t.Errorf("golangci-lint issue from %s: %s", is.FromLinter, is.Text)
			continue
		}
		// With several analyzers, golangci-lint prefixes the analyzer name.
		analyzer, msg, _ := strings.Cut(is.Text, ": ")
		fs = append(fs, e2eFinding{analyzer, relTo(t, dir, is.Pos.Filename), is.Pos.Line, is.Pos.Column, msg})
	}
	return sortFindings(fs)
}

// readmeBlock returns the first fenced code block of docs/integrations.md
// in the given language that contains marker: the tests run what the
// documentation shows, so it cannot drift from what works.
func readmeBlock(t *testing.T, lang, marker string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot(t), "docs", "integrations.md"))
	if err != nil {
		t.Fatal(err)
	}
	var block []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case !in && line == "```"+lang:
			in, block = true, nil
		case in && line == "```":
			if text := strings.Join(block, "\n") + "\n"; strings.Contains(text, marker) {
				return text
			}
			in = false
		case in:
			block = append(block, line)
		}
	}
	t.Fatalf("docs/integrations.md has no ```%s block containing %q", lang, marker)
	return ""
}

// writeGolangciConfig writes (outside dir) docs/integrations.md's .golangci.yml with
// the staterootlint settings replaced by those of dir's
// .staterootlint.yaml, or by settings when it is not nil.
func writeGolangciConfig(t *testing.T, dir string, settings map[string]any) string {
	t.Helper()
	if settings == nil {
		settings = map[string]any{}
		if data, err := os.ReadFile(filepath.Join(dir, ".staterootlint.yaml")); err == nil {
			if err := yaml.Unmarshal(data, &settings); err != nil {
				t.Fatal(err)
			}
		}
	}
	var cfg map[string]any
	if err := yaml.Unmarshal([]byte(readmeBlock(t, "yaml", "max-issues-per-linter")), &cfg); err != nil {
		t.Fatalf("docs/integrations.md's .golangci.yml: %v", err)
	}
	issues, _ := cfg["issues"].(map[string]any)
	for _, key := range []string{"max-issues-per-linter", "max-same-issues"} {
		if issues[key] != 0 {
			t.Errorf("docs/integrations.md's .golangci.yml: issues.%s = %v, want 0: golangci-lint hides findings otherwise", key, issues[key])
		}
	}
	linters := cfg["linters"].(map[string]any)
	linters["settings"].(map[string]any)["custom"].(map[string]any)["staterootlint"].(map[string]any)["settings"] = settings
	cfg["run"] = map[string]any{"tests": false, "relative-path-mode": "wd"}
	data, err := yaml.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), ".golangci.yml")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// golangciBinary returns a golangci-lint built with the plugin, from a
// wrapper module in a temporary directory that requires golangci-lint from
// the module proxy and this module through a replace. The binary is cached
// under the user cache directory, keyed by a hash of this module's sources
// and the versions, so only the first run pays for the build; the key is
// also the binary's version string, which golangci-lint folds into its
// result cache key, so a changed plugin never sees stale results.
func golangciBinary(t *testing.T) (bin, cacheDir string) {
	t.Helper()
	root := moduleRoot(t)
	key := sourceKey(t, root)
	base, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(base, "staterootlint-e2e")
	dir := filepath.Join(cache, "golangci-"+key[:16])
	bin = filepath.Join(dir, "golangci-lint")
	if _, err := os.Stat(bin); err == nil {
		t.Logf("golangci-lint: reusing %s", bin)
		return bin, filepath.Join(dir, "cache")
	}

	// The documented steps: a module requiring golangci-lint and this
	// module (replaced by the checkout), the documented main.go, tidy.
	steps := readmeBlock(t, "sh", "go mod init example.com/golangci-staterootlint")
	if !strings.Contains(steps, "github.com/golangci/golangci-lint/v2@"+golangciVersion) {
		t.Errorf("docs/integrations.md's build steps do not use golangci-lint %s:\n%s", golangciVersion, steps)
	}
	wrapper := t.TempDir()
	if err := os.WriteFile(filepath.Join(wrapper, "main.go"), []byte(readmeBlock(t, "go", "commands.Execute")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"mod", "init", "staterootlint.local/golangci-lint"},
		{"get", "github.com/golangci/golangci-lint/v2@" + golangciVersion},
		{"mod", "edit", "-require=github.com/staterootlint/staterootlint@v0.0.0", "-replace=github.com/staterootlint/staterootlint=" + root},
		{"mod", "tidy"},
	} {
		if out, errOut, code := runCommand(t, wrapper, []string{"GOWORK=off"}, "go", args...); code != 0 {
			t.Fatalf("go %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := bin + ".tmp"
	version := strings.TrimPrefix(golangciVersion, "v") + "-staterootlint." + key[:16]
	start := time.Now()
	out, errOut, code := runCommand(t, wrapper, []string{"GOWORK=off"}, "go", "build", "-ldflags=-X main.version="+version, "-o", tmp, ".")
	if code != 0 {
		t.Fatalf("build golangci-lint with the plugin: exit %d\n%s%s", code, out, errOut)
	}
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "e2e: built golangci-lint %s with the plugin in %v\n", version, time.Since(start).Round(time.Millisecond))
	// Older builds are dead weight (each is ~70 MB).
	if old, _ := filepath.Glob(filepath.Join(cache, "golangci-*")); len(old) > 0 {
		for _, o := range old {
			if o != dir {
				os.RemoveAll(o)
			}
		}
	}
	return bin, filepath.Join(dir, "cache")
}

// sourceKey hashes what the plugin build depends on: the module's non-test
// Go files, go.mod and go.sum, docs/integrations.md (its main.go is the
// wrapper's), the golangci-lint version and the Go version.
func sourceKey(t *testing.T, root string) string {
	t.Helper()
	h := sha256.New()
	fmt.Fprintf(h, "golangci-lint %s\n%s\n", golangciVersion, runtime.Version())
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" || rel == "examples") {
				return filepath.SkipDir
			}
			return nil
		}
		if !(strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") || rel == "go.mod" || rel == "go.sum" || rel == filepath.Join("docs", "integrations.md")) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func findingsText(fs []e2eFinding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func containsFinding(fs []e2eFinding, analyzer, file, msgPrefix string) bool {
	return slices.ContainsFunc(fs, func(f e2eFinding) bool {
		return f.Analyzer == analyzer && f.File == file && strings.HasPrefix(f.Message, msgPrefix)
	})
}

// TestE2EVet runs go vet -vettool on the fixture module, then edits the
// configuration and checks that vet's cache does not serve stale findings.
func TestE2EVet(t *testing.T) {
	skipShort(t)
	bin := staterootlintBinary(t)
	app := copyModule(t, filepath.Join(moduleRoot(t), "testdata", "e2e", "app"))

	// The plain (non -json) output is what users read.
	_, errOut, code := runCommand(t, app, modEnv, "go", "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(errOut, `main.go:20:14: os.Getenv reads the root override "E2EAPP_GLOBAL_STATE_ROOT"`) {
		t.Errorf("go vet: exit %d, want findings on stderr:\n%s", code, errOut)
	}
	if !strings.Contains(errOut, `main.go:15:24: os.WriteFile writes "state.json" relative to the working directory, outside every state root`) {
		t.Errorf("go vet: no shadowwrite finding for state.json:\n%s", errOut)
	}

	before := vetFindings(t, bin, app)
	if !containsFinding(before, "rootenv", "main.go", `os.Getenv reads the root override "E2EAPP_GLOBAL_STATE_ROOT"`) {
		t.Errorf("go vet findings lack rootenv's:\n%s", findingsText(before))
	}

	// Analyzer flags on the vet command line override the file.
	flagged := vetFindings(t, bin, app, "-rootenv.root-env=SOMETHING_ELSE")
	if containsFinding(flagged, "rootenv", "main.go", "os.Getenv") {
		t.Errorf("-rootenv.root-env=SOMETHING_ELSE did not override the file:\n%s", findingsText(flagged))
	}

	// Editing the file changes the findings: -V=full hashes it, so vet's
	// result cache misses.
	cfgPath := filepath.Join(app, ".staterootlint.yaml")
	if err := os.WriteFile(cfgPath, []byte("state-dir: .e2eapp\nroot-env: [SOMETHING_ELSE]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	after := vetFindings(t, bin, app)
	if containsFinding(after, "rootenv", "main.go", "os.Getenv") {
		t.Errorf("after editing %s, go vet still reports rootenv (stale cache?):\n%s", cfgPath, findingsText(after))
	}
	if len(after) != len(before)-1 {
		t.Errorf("after the edit: %d findings, want %d:\n%s", len(after), len(before)-1, findingsText(after))
	}

	// A broken config is a vet failure naming the file and line.
	if err := os.WriteFile(cfgPath, []byte("root-env: MISSING_LIST\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runCommand(t, app, modEnv, "go", "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(errOut, `.staterootlint.yaml:1: key "root-env": expected a list of strings, got a string "MISSING_LIST"`) {
		t.Errorf("go vet with a bad config: exit %d\n%s", code, errOut)
	}
	if err := os.WriteFile(cfgPath, []byte("state-dir: .e2eapp\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// A bad analyzer flag shows the engine's own message, on every run:
	// a failed unit is not cached as a success.
	for run := range 2 {
		_, errOut, code = runCommand(t, app, modEnv, "go", "vet", "-vettool="+bin, "-rootflow.sinks=os.WriteFile#9", "./...")
		want := `rootflow: invalid -sinks entry "os.WriteFile#9": path parameter index 9 out of range: os.WriteFile has 3 parameters, so N must be 0..2`
		if code == 0 || !strings.Contains(errOut, want) || strings.Contains(errOut, "failed prerequisites") {
			t.Errorf("go vet -rootflow.sinks=os.WriteFile#9 (run %d): exit %d\n%s\nwant %q", run+1, code, errOut, want)
		}
	}
	_, errOut, code = runCommand(t, app, modEnv, "go", "vet", "-vettool="+bin, "-shadowwrite.exclude=[", "./...")
	if want := `staterootlint: -shadowwrite.exclude: "[": expected a file glob`; code == 0 || !strings.Contains(errOut, want) {
		t.Errorf("go vet -shadowwrite.exclude=[: exit %d\n%s\nwant %q", code, errOut, want)
	}

	// A configuration file in a package directory is read by no driver:
	// an error naming it, seen even though the results were cached.
	stray := filepath.Join(app, "store", ".staterootlint.yaml")
	if err := os.WriteFile(stray, []byte("tests: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runCommand(t, app, modEnv, "go", "vet", "-vettool="+bin, "./...")
	if want := "store/.staterootlint.yaml: not read: only the .staterootlint.yaml found from the module root"; code == 0 || !strings.Contains(errOut, want) {
		t.Errorf("go vet with %s: exit %d\n%s\nwant %q", stray, code, errOut, want)
	}
	_, errOut, code = runCommand(t, app, modEnv, bin, "./...")
	if want := stray + ": not read"; code != exitConfig || !strings.Contains(errOut, want) {
		t.Errorf("staterootlint with %s: exit %d\n%s\nwant %q", stray, code, errOut, want)
	}
	if err := os.Remove(stray); err != nil {
		t.Fatal(err)
	}
	if got := vetFindings(t, bin, app); len(got) == 0 {
		t.Errorf("go vet after removing %s: no findings", stray)
	}
}

// TestE2EGolangciSettings checks that wrong plugin settings stop the
// custom golangci-lint (built from the README's main.go) with the
// message and a failing exit code.
func TestE2EGolangciSettings(t *testing.T) {
	skipShort(t)
	gcl, gclCache := golangciBinary(t)
	app := copyModule(t, filepath.Join(moduleRoot(t), "testdata", "e2e", "app"))
	for _, tc := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"bogus": 1}, `key "bogus": unknown key`},
		{map[string]any{"sinks": []any{"os.WriteFile#9"}}, `rootflow: invalid -sinks entry "os.WriteFile#9": path parameter index 9 out of range: os.WriteFile has 3 parameters`},
	} {
		cfg := writeGolangciConfig(t, app, tc.settings)
		out, errOut, code := runCommand(t, app, append(modEnv, "GOLANGCI_LINT_CACHE="+gclCache), gcl, "run", "-c", cfg, "--enable-only", "staterootlint", "./...")
		// golangci-lint logs in logfmt: quotes come escaped.
		if code == 0 || code == 1 || !strings.Contains(strings.ReplaceAll(out+errOut, `\"`, `"`), tc.want) {
			t.Errorf("settings %v: exit %d\n%s%s\nwant a failure saying %q", tc.settings, code, out, errOut, tc.want)
		}
	}
}

// TestE2ESameFindings runs the three drivers on the fixture module and on
// the example app and requires identical findings.
func TestE2ESameFindings(t *testing.T) {
	skipShort(t)
	bin := staterootlintBinary(t)
	gcl, gclCache := golangciBinary(t)
	app := copyModule(t, filepath.Join(moduleRoot(t), "testdata", "e2e", "app"))
	// The example app's replace points at ../; the copy points at the
	// module root instead, so -mod=mod never writes into the repository.
	examples := copyModule(t, filepath.Join(moduleRoot(t), "examples"))
	if out, errOut, code := runCommand(t, examples, nil, "go", "mod", "edit", "-replace", "github.com/staterootlint/staterootlint="+moduleRoot(t)); code != 0 {
		t.Fatalf("go mod edit: %s%s", out, errOut)
	}

	for _, dir := range []string{app, examples} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			standalone := standaloneFindings(t, bin, dir)
			vet := vetFindings(t, bin, dir)
			golangci := golangciFindings(t, gcl, gclCache, dir)
			if findingsText(vet) != findingsText(standalone) {
				t.Errorf("go vet and standalone differ:\nvet:\n%s\nstandalone:\n%s", findingsText(vet), findingsText(standalone))
			}
			if findingsText(golangci) != findingsText(standalone) {
				t.Errorf("golangci-lint and standalone differ:\ngolangci-lint:\n%s\nstandalone:\n%s", findingsText(golangci), findingsText(standalone))
			}
			t.Logf("%d findings:\n%s", len(standalone), findingsText(standalone))
			if dir != app {
				return
			}
			for _, want := range []struct{ analyzer, file, msg string }{
				{"rootenv", "main.go", `os.Getenv reads the root override "E2EAPP_GLOBAL_STATE_ROOT"`},
				{"adhocroot", "store/store.go", "filepath.Join builds a state path on os.UserHomeDir"},
				{"shadowwrite", "main.go", `os.WriteFile writes "state.json"`},
				{"shadowwrite", "native/native.go", `os.WriteFile writes "native-state.json"`},
				{"shadowwrite", "gen/zz_generated.go", `os.WriteFile writes "generated-state.json"`},
			} {
				if !containsFinding(standalone, want.analyzer, want.file, want.msg) {
					t.Errorf("no %s finding in %s starting %q", want.analyzer, want.file, want.msg)
				}
			}
		})
	}

	// golangci-lint's settings come from .golangci.yml, which its cache
	// key covers: changing them changes the findings.
	if err := os.WriteFile(filepath.Join(app, ".staterootlint.yaml"), []byte("state-dir: .e2eapp\nroot-env: [SOMETHING_ELSE]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	standalone := standaloneFindings(t, bin, app)
	golangci := golangciFindings(t, gcl, gclCache, app)
	if containsFinding(golangci, "rootenv", "main.go", "os.Getenv") || findingsText(golangci) != findingsText(standalone) {
		t.Errorf("after the edit:\ngolangci-lint:\n%s\nstandalone:\n%s", findingsText(golangci), findingsText(standalone))
	}
}

// TestE2EReadmeCommand runs the README's first command from the module root:
// the example app is a separate module, reached with -C, and the text
// output's paths are relative to DIR, as go -C prints them.
func TestE2EReadmeCommand(t *testing.T) {
	skipShort(t)
	bin := staterootlintBinary(t)
	out, errOut, code := runCommand(t, moduleRoot(t), nil, bin, "-C", "examples", "./...")
	if code != exitFindings {
		t.Fatalf("staterootlint -C examples ./...: exit %d, want %d\n%s%s", code, exitFindings, out, errOut)
	}
	want := `internal/legacy/legacy.go:21:21: os.WriteFile writes "px-debug.log" relative to the working directory, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot, take it from a flag (such as --output), or, if the command produces it there on purpose, declare it on the command with //staterootlint:allow-write cwd:px-debug.log (shadowwrite)`
	if !strings.Contains(out, want+"\n") {
		t.Errorf("output lacks\n%s\ngot:\n%s", want, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(line, "internal/legacy/") {
			t.Errorf("finding outside the labelled legacy package: %s", line)
		}
	}
}
