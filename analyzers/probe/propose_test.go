package probe

import (
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/internal/config"
)

// TestTextAndDiff renders a proposal, decodes it, and compares files with
// it key by key.
func TestTextAndDiff(t *testing.T) {
	p := &Proposal{
		Patterns: []string{"./..."},
		Authorities: []Authority{
			{Candidate: &Candidate{Name: "example.com/app/dirs.StateDir", Short: "dirs.StateDir", Shape: "function", At: "dirs.go:10", Env: []string{"APP_HOME"}, Home: []string{"os.UserHomeDir"}, Removes: 3}},
			{Candidate: &Candidate{Name: "example.com/app/dirs.CacheDir", Short: "dirs.CacheDir", Shape: "function", At: "dirs.go:20", Home: []string{"os.UserCacheDir"}, Removes: 1}, SiblingOf: "dirs.StateDir"},
		},
		RootEnv:     []Entry{{"APP_HOME", "the override dirs.StateDir reads"}},
		StateDir:    Entry{".app", "the directory dirs.StateDir joins onto os.UserHomeDir"},
		Exclude:     []Entry{{"internal/testutil/**", "test support compiled as normal code (2 findings)"}},
		NotProposed: []NotProposed{{"dirs.Legacy", "dirs.go:30", "only joins onto os.UserHomeDir, with no override variable: an ad hoc root, not a resolver (1 finding)"}},
		Before:      7, After: 2, Checked: true,
	}
	want := `# .staterootlint.yaml proposed by 'staterootlint init ./...'.
# Each entry says why; review them before committing the file.
authorities:
  # dirs.StateDir at dirs.go:10 resolves a directory from $APP_HOME and os.UserHomeDir; as an authority it removes 3 findings
  - example.com/app/dirs.StateDir=global
  # dirs.CacheDir at dirs.go:20 resolves a directory from os.UserCacheDir; as an authority it removes 1 finding, and it is a sibling of dirs.StateDir
  - example.com/app/dirs.CacheDir=cache
root-env:
  # the override dirs.StateDir reads: only the authority may read it
  - APP_HOME
# the directory dirs.StateDir joins onto os.UserHomeDir: a literal naming it elsewhere is an ad hoc root
state-dir: .app
# test files write fixtures and t.TempDir, not state
tests: false
# generated code is fixed in its generator, not in the generated files
generated: skip
exclude:
  # test support compiled as normal code (2 findings)
  - internal/testutil/**
# Not proposed:
#   dirs.Legacy at dirs.go:30 only joins onto os.UserHomeDir, with no override variable: an ad hoc root, not a resolver (1 finding)
# With this file: 2 findings (without it: 7); 0 appear only with this file.
`
	if got := p.Text(); got != want {
		t.Fatalf("Text:\n%s\nwant:\n%s", got, want)
	}
	if err := p.decode(); err != nil {
		t.Fatal(err)
	}
	if d := Diff(p.Config, p.Config); len(d) != 0 {
		t.Errorf("Diff of the proposal with itself: %q", d)
	}
	file, err := config.Decode([]byte("authorities:\n  - example.com/app/dirs.StateDir=global\n  - example.com/app/dirs.Old=global\nroot-env: [APP_HOME, XDG_STATE_HOME]\n"), "file")
	if err != nil {
		t.Fatal(err)
	}
	wantDiff := []string{
		"+ authorities: example.com/app/dirs.CacheDir=cache",
		"- authorities: example.com/app/dirs.Old=global",
		"- root-env: XDG_STATE_HOME",
		"+ state-dir: .app",
		"+ exclude: internal/testutil/**",
	}
	if d := Diff(file, p.Config); !slices.Equal(d, wantDiff) {
		t.Errorf("Diff = %q, want %q", d, wantDiff)
	}
}

// TestOwnOverrideAndOutputFile: the rules that keep a resolver's inputs
// out of root-env and pick user-env's output files.
func TestOwnOverrideAndOutputFile(t *testing.T) {
	for name, want := range map[string]bool{
		"APP_HOME": true, "GH_CONFIG_DIR": true, "HOME": false, "XDG_CONFIG_HOME": false,
		"LocalAppData": false, "AppData": false, "USERPROFILE": false, "TMPDIR": false,
	} {
		if got := ownOverride(name); got != want {
			t.Errorf("ownOverride(%s) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"APP_DUMP_FILE": true, "APP_DEBUG_LOG": true, "APP_CPU_PROFILE": true, "DIRENV_DUMP_FILE_PATH": true, "APP_DEBUG_LOG_PATH": true,
		"PX_DB_PATH": false, "APP_CONFIG_DIR": false, "APP_HOME": false,
	} {
		if got := outputFileVar().MatchString(name); got != want {
			t.Errorf("outputFileVar(%s) = %v, want %v", name, got, want)
		}
	}
}

// TestTestSupportName: the names that are test support on their own.
func TestTestSupportName(t *testing.T) {
	for name, want := range map[string]bool{
		"testutil": true, "tests": true, "mockstore": true, "apimock": true, "fakes": true, "fake": true,
		"latest": false, "contest": false, "golden": false, "storage": false,
	} {
		if got := testSupportName().MatchString(name); got != want {
			t.Errorf("testSupportName(%s) = %v, want %v", name, got, want)
		}
	}
}

// TestTextSummary: a suspect leads the summary, and the findings only
// the file causes are listed with their positions, not shown as
// progress.
func TestTextSummary(t *testing.T) {
	p := &Proposal{
		Patterns: []string{"./..."},
		Suspects: []NotProposed{{"paths.Sessions", "paths.go:38", "ignores APP_DATA, which paths.Data honours"}},
		Added:    []string{"main.go:12: os.WriteFile writes a path outside the root (shadowwrite)"},
		Before:   3, After: 4, Checked: true,
	}
	want := "# Suspect: paths.Sessions ignores APP_DATA, which paths.Data honours; its findings are kept\n" +
		"# With this file: 4 findings (without it: 3); 1 appears only with this file (caused by the file: review the entries involved):\n" +
		"#   main.go:12: os.WriteFile writes a path outside the root (shadowwrite)\n"
	if got := p.Text(); !strings.HasSuffix(got, want) {
		t.Fatalf("Text:\n%s\nwant the suffix:\n%s", got, want)
	}
}

// TestSplitName splits configuration names into package and member,
// the way envOverAuthorities matches the program's references.
func TestSplitName(t *testing.T) {
	for name, want := range map[string][2]string{
		"helm.sh/helm/v3/pkg/helmpath.ConfigPath":            {"helm.sh/helm/v3/pkg/helmpath", "ConfigPath"},
		"(helm.sh/helm/v3/pkg/helmpath.lazypath).configPath": {"helm.sh/helm/v3/pkg/helmpath", "configPath"},
		"(*example.com/app/paths.Layout).Root":               {"example.com/app/paths", "Root"},
		"example.com/app.Dir":                                {"example.com/app", "Dir"},
		"nodot":                                              {"", ""},
	} {
		pkg, member := splitName(name)
		if pkg != want[0] || member != want[1] {
			t.Errorf("splitName(%q) = %q, %q; want %q, %q", name, pkg, member, want[0], want[1])
		}
	}
}
