package docs_test

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

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
