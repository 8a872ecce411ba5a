package golangciplugin

import (
	"os"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/config"
)

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin(Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{
		"authorities": []any{"example.com/app/paths.ConfigDir"},
		"allow":       map[string]any{"temp": true, "user": false},
		"root-env":    []any{"APP_GLOBAL_STATE_ROOT", "XDG_CONFIG_HOME=global:base"},
		"state-dir":   ".app",
		"user-env":    []any{"APP_DEFAULT_OPTS"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	// A root-env entry with a kind reaches the engine's flag whole.
	found := false
	for _, a := range config.Closure(analyzers) {
		if f := a.Flags.Lookup("root-env"); f != nil && a.Name == "rootflow" {
			found = true
			if got, want := f.Value.String(), "APP_GLOBAL_STATE_ROOT,XDG_CONFIG_HOME=global:base"; got != want {
				t.Errorf("rootflow's root-env = %q, want %q", got, want)
			}
		}
	}
	if !found {
		t.Error("no rootflow analyzer with a root-env flag among the plugin's analyzers")
	}
}

func TestBadSettings(t *testing.T) {
	_, err := New(map[string]any{"authority": []any{"x.Y"}, "tests": "yes"})
	want := `.golangci.yml (linters.settings.custom.staterootlint.settings): key "authority": unknown key; valid keys: authorities, sinks, allow, state-dir, root-env, user-env, tests, exclude, generated, report-unproven, allow-write
.golangci.yml (linters.settings.custom.staterootlint.settings): key "tests": expected true or false, got a string "yes"`
	if err == nil || err.Error() != want {
		t.Errorf("New with bad settings: %v\nwant:\n%s", err, want)
	}
}

func TestNoSettings(t *testing.T) {
	t.Chdir(t.TempDir())
	// A .staterootlint.yaml is not read: golangci-lint's cache would not
	// see its edits.
	if err := os.WriteFile(".staterootlint.yaml", []byte("bogus: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, settings := range []any{nil, map[string]any{}} {
		p, err := New(settings)
		if err != nil {
			t.Fatalf("New(%v): %v", settings, err)
		}
		if _, err := p.BuildAnalyzers(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDropDeclarations: under golangci-lint, whose --fix applies every
// fix of an issue, a finding keeps its rewrite and loses its declaration.
func TestDropDeclarations(t *testing.T) {
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	run := dropDeclarations(func(pass *analysis.Pass) (any, error) {
		pass.Report(analysis.Diagnostic{Message: "x", SuggestedFixes: []analysis.SuggestedFix{
			{Message: "Derive the path from paths.Root()"},
			{Message: "Declare cwd:x on f with //staterootlint:allow-write"},
		}})
		return nil, nil
	})
	if _, err := run(pass); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[0].SuggestedFixes) != 1 || got[0].SuggestedFixes[0].Message != "Derive the path from paths.Root()" {
		t.Errorf("reported %+v", got)
	}
}
