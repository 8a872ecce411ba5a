package docs_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/analyzers/rootflow"
)

// fenced returns the bodies of the fenced code blocks of the markdown
// file path whose info string is lang and whose body contains marker.
func fenced(t *testing.T, path, lang, marker string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var body []string
	in := false
	for _, l := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(l)
		switch {
		case !in && strings.HasPrefix(trimmed, "```"):
			in, body = true, nil
			if strings.TrimPrefix(trimmed, "```") != lang {
				body = append(body, "\x00") // not this language
			}
		case in && trimmed == "```":
			in = false
			text := strings.Join(body, "\n")
			if (len(body) == 0 || body[0] != "\x00") && strings.Contains(text, marker) {
				out = append(out, text)
			}
		case in:
			body = append(body, l)
		}
	}
	return out
}

// one returns the single block fenced finds, failing otherwise.
func one(t *testing.T, path, lang, marker string) string {
	t.Helper()
	bs := fenced(t, path, lang, marker)
	if len(bs) != 1 {
		t.Fatalf("%s: %d %s blocks containing %q, want 1", path, len(bs), lang, marker)
	}
	return bs[0]
}

// nogoAnalyzers are the analyzers a nogo configuration lists: those that
// report (go vet's and golangci-lint's) and the engine, by name.
func nogoAnalyzers() map[string]*analysis.Analyzer {
	out := map[string]*analysis.Analyzer{rootflow.Analyzer.Name: rootflow.Analyzer}
	for _, a := range analyzers.Linting {
		out[a.Name] = a
	}
	return out
}

// TestNogoRecipe checks the Bazel section of docs/integrations.md against
// the suite: its nogo deps are exactly the analyzers that report and the
// engine; its JSON configures only those, with flags they declare; and a
// flag it sets on one analyzer is set, to the same value, on every listed
// analyzer that declares it (authorities on the engine, adhocroot and
// rootenv), as .staterootlint.yaml would set it.
func TestNogoRecipe(t *testing.T) {
	const doc = "integrations.md"
	want := nogoAnalyzers()

	build := one(t, doc, "starlark", "deps = [")
	dep := regexp.MustCompile(`"@com_github_staterootlint_staterootlint//analyzers/(\w+)"`)
	var deps []string
	for _, m := range dep.FindAllStringSubmatch(build, -1) {
		deps = append(deps, m[1])
	}
	var names []string
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	if !slices.Equal(deps, names) {
		t.Errorf("%s: nogo deps %v, want %v (sorted): the analyzers that report and the engine", doc, deps, names)
	}

	var cfg map[string]struct {
		AnalyzerFlags map[string]string `json:"analyzer_flags"`
		ExcludeFiles  map[string]string `json:"exclude_files"`
	}
	if err := json.Unmarshal([]byte(one(t, doc, "json", "analyzer_flags")), &cfg); err != nil {
		t.Fatalf("%s: the nogo configuration is not JSON: %v", doc, err)
	}
	set := map[string]string{} // flag name -> value, from any analyzer
	for name, c := range cfg {
		a := want[name]
		if a == nil || !slices.Contains(deps, name) {
			t.Errorf("%s: nogo configures %q, which its deps do not list", doc, name)
			continue
		}
		for f, v := range c.AnalyzerFlags {
			if a.Flags.Lookup(f) == nil {
				t.Errorf("%s: nogo sets %s's flag %q, which it does not declare", doc, name, f)
			}
			if prev, ok := set[f]; ok && prev != v {
				t.Errorf("%s: flag %q is %q on %s but %q elsewhere", doc, f, v, name, prev)
			}
			set[f] = v
		}
	}
	for _, name := range names {
		for f := range set {
			if want[name].Flags.Lookup(f) == nil {
				continue
			}
			if _, ok := cfg[name].AnalyzerFlags[f]; !ok {
				t.Errorf("%s: nogo sets %q on another analyzer but not on %s, which reads it too", doc, f, name)
			}
		}
		if name != rootflow.Analyzer.Name && len(cfg[name].ExcludeFiles) == 0 {
			t.Errorf("%s: nogo gives %s no exclude_files: it would report in third-party code", doc, name)
		}
	}
	for _, f := range []string{"authorities", "root-env", "state-dir"} {
		if set[f] == "" {
			t.Errorf("%s: the nogo example sets no %q: it no longer shows a key several analyzers read", doc, f)
		}
	}
}

// workflowFile is the GitHub Actions workflow docs/integrations.md shows.
const workflowFile = "ci/staterootlint.yml"

// actionlintVersion is the actionlint that checks it, built from the Go
// module proxy.
const actionlintVersion = "v1.7.12"

// workflow is the part of a GitHub Actions workflow the test reads.
type workflow struct {
	Jobs map[string]struct {
		Permissions map[string]string `yaml:"permissions"`
		Steps       []struct {
			ID   string            `yaml:"id"`
			If   string            `yaml:"if"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestCIWorkflow checks the GitHub Actions recipe: the block in
// integrations.md is the file; a step runs staterootlint with SARIF
// output into a file; the upload step uploads that file, only after
// that step, with the permission it needs.
func TestCIWorkflow(t *testing.T) {
	data, err := os.ReadFile(workflowFile)
	if err != nil {
		t.Fatal(err)
	}
	if got := one(t, "integrations.md", "yaml", "upload-sarif"); got+"\n" != string(data) {
		t.Errorf("the workflow in integrations.md is not %s; copy the file into the block", workflowFile)
	}
	var wf workflow
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("%s: %v", workflowFile, err)
	}
	sarifOut := regexp.MustCompile(`staterootlint --format sarif [^>\n]*> (\S+)`)
	checked := 0
	for name, job := range wf.Jobs {
		lintID, sarif := "", ""
		for _, st := range job.Steps {
			if m := sarifOut.FindStringSubmatch(st.Run); m != nil {
				lintID, sarif = st.ID, m[1]
			}
			if !strings.HasPrefix(st.Uses, "github/codeql-action/upload-sarif@") {
				continue
			}
			checked++
			if sarif == "" {
				t.Errorf("job %s: upload-sarif runs before any step writes staterootlint's SARIF", name)
			}
			if st.With["sarif_file"] != sarif {
				t.Errorf("job %s: upload-sarif uploads %q, staterootlint writes %q", name, st.With["sarif_file"], sarif)
			}
			if lintID == "" || !strings.Contains(st.If, "steps."+lintID+".outputs.status") {
				t.Errorf("job %s: the upload's condition %q does not read the status of the step that runs staterootlint (id %q)", name, st.If, lintID)
			}
			if job.Permissions["security-events"] != "write" {
				t.Errorf("job %s: upload-sarif needs permissions security-events: write", name)
			}
		}
	}
	if checked == 0 {
		t.Errorf("%s: no job uploads SARIF with github/codeql-action/upload-sarif", workflowFile)
	}
}

// TestCIWorkflowActionlint runs actionlint on the workflow, and on a copy
// with a typo it must reject, which shows it really checks.
func TestCIWorkflowActionlint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds actionlint from the Go module proxy; skipped under -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(workflowFile)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(t.TempDir(), "broken.yml")
	typo := bytes.ReplaceAll(data, []byte("steps.lint.outputs"), []byte("steps.lnit.outputs"))
	if bytes.Equal(typo, data) {
		t.Fatalf("%s no longer reads steps.lint.outputs; change the typo this test plants", workflowFile)
	}
	if err := os.WriteFile(broken, typo, 0o644); err != nil {
		t.Fatal(err)
	}
	actionlint := func(file string) (string, error) {
		cmd := exec.Command(goBin, "run", "github.com/rhysd/actionlint/cmd/actionlint@"+actionlintVersion, "-no-color", "-oneline", file)
		// Outside this module, with no -mod flag: go run pkg@version
		// resolves actionlint's own module graph.
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := actionlint(abs); err != nil {
		t.Errorf("actionlint %s %s: %v\n%s", actionlintVersion, workflowFile, err, out)
	}
	out, err := actionlint(broken)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(out, "lnit") {
		t.Errorf("actionlint accepted a workflow reading an undefined step (or did not run): %v\n%s", err, out)
	}
}

// hook is one entry of .pre-commit-hooks.yaml, with every key pre-commit
// knows (so that a misspelled one is an error here, where pre-commit
// only warns); the test reads the first few.
type hook struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Entry         string   `yaml:"entry"`
	Args          []string `yaml:"args"`
	Language      string   `yaml:"language"`
	Files         string   `yaml:"files"`
	PassFilenames *bool    `yaml:"pass_filenames"`

	Alias                   string   `yaml:"alias"`
	AdditionalDependencies  []string `yaml:"additional_dependencies"`
	AlwaysRun               bool     `yaml:"always_run"`
	Description             string   `yaml:"description"`
	Exclude                 string   `yaml:"exclude"`
	ExcludeTypes            []string `yaml:"exclude_types"`
	FailFast                bool     `yaml:"fail_fast"`
	LanguageVersion         string   `yaml:"language_version"`
	LogFile                 string   `yaml:"log_file"`
	MinimumPreCommitVersion string   `yaml:"minimum_pre_commit_version"`
	RequireSerial           bool     `yaml:"require_serial"`
	Stages                  []string `yaml:"stages"`
	Types                   []string `yaml:"types"`
	TypesOr                 []string `yaml:"types_or"`
	Verbose                 bool     `yaml:"verbose"`
}

// TestPreCommitHooks parses the repository's .pre-commit-hooks.yaml: the
// staterootlint hook builds this module's command with go install
// (language golang), runs it on ./... without the staged file names (the
// analysis is whole-package), and fires on the files that change its
// result.
func TestPreCommitHooks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []hook
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	i := slices.IndexFunc(hooks, func(h hook) bool { return h.ID == "staterootlint" })
	if i < 0 {
		t.Fatalf(".pre-commit-hooks.yaml has no hook with id staterootlint: %+v", hooks)
	}
	h := hooks[i]
	if h.Name == "" || h.Language != "golang" {
		t.Errorf("hook %s: name %q, language %q; want a name and language golang (pre-commit runs go install ./...)", h.ID, h.Name, h.Language)
	}
	if fi, err := os.Stat(filepath.Join("..", "cmd", h.Entry, "main.go")); err != nil || fi.IsDir() {
		t.Errorf("hook %s: entry %q is not a command of this module (cmd/%s/main.go): %v", h.ID, h.Entry, h.Entry, err)
	}
	if h.PassFilenames == nil || *h.PassFilenames {
		t.Errorf("hook %s: pass_filenames must be false: the analysis is whole-package, a file name is not a package pattern", h.ID)
	}
	if !slices.Equal(h.Args, []string{"./..."}) {
		t.Errorf("hook %s: args %q, want [./...]", h.ID, h.Args)
	}
	files, err := regexp.Compile(h.Files)
	if err != nil {
		t.Fatalf("hook %s: files %q: %v", h.ID, h.Files, err)
	}
	for name, want := range map[string]bool{
		"main.go": true, "internal/paths/paths.go": true, "go.mod": true, "go.sum": true,
		".staterootlint.yaml": true, "sub/.staterootlint.yaml": true,
		"README.md": false, "a.staterootlint.yaml": false, "notgo.mod": false, "main.go.orig": false,
	} {
		if files.MatchString(name) != want {
			t.Errorf("hook %s: files %q matches %s: %v, want %v", h.ID, h.Files, name, !want, want)
		}
	}
}
