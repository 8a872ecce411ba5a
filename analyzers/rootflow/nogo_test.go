package rootflow_test

import (
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/analyzers/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/shadowwrite"
	"github.com/staterootlint/staterootlint/internal/config"
)

// named are the analyzers a driver that configures analyzers by name
// (nogo) can list: the suite and the engine.
func named() []*analysis.Analyzer {
	return append(slices.Clone(analyzers.All), rootflow.Analyzer)
}

// everyKey sets every configuration key.
const everyKey = `
authorities:
  - (*shadowwrite/configured.Context).String=user
  - shadowwrite/configured.scratch=temp
  - shadowwrite/configured.ensureDir=global
sinks: [shadowwrite/configured.save#0]
allow: {temp: true, cache: true, user: true}
state-dir: .myapp
root-env: [MYAPP_GLOBAL_STATE_ROOT]
user-env: [MYAPP_DEFAULT_OPTS]
tests: false
exclude: ["**/zz_generated*.go"]
generated: report
report-unproven: false
allow-write: {"shadowwrite/configured.save": ["cwd:out/**"]}
`

// TestEveryKeyIsAFlagOfANamedAnalyzer checks that each setting of the
// configuration file is an analyzer flag, and that every analyzer the
// suite runs that declares it can be named: so nogo's analyzer_flags,
// with no file read, configure exactly what the file does.
func TestEveryKeyIsAFlagOfANamedAnalyzer(t *testing.T) {
	cfg, err := config.Decode([]byte(everyKey), "everykey.yaml")
	if err != nil {
		t.Fatal(err)
	}
	settings := cfg.Settings()
	if len(settings) != len(config.Keys)+2 { // allow is three flags
		t.Errorf("%d settings for %d keys: the test's configuration misses a key", len(settings), len(config.Keys))
	}
	names := named()
	for _, s := range settings {
		declared := false
		for _, a := range config.Closure(analyzers.All) {
			if s.Analyzer != "" && a.Name != s.Analyzer || a.Flags.Lookup(s.Flag) == nil {
				continue
			}
			declared = true
			if !slices.Contains(names, a) {
				t.Errorf("analyzer %s declares -%s but cannot be named by a driver: export it", a.Name, s.Flag)
			}
		}
		if !declared {
			t.Errorf("key setting -%s is no analyzer's flag", s.Flag)
		}
	}
}

// TestFlagsOnly configures the analyzers as nogo does, by setting each
// named analyzer's flags (no configuration file, no driver), and runs the
// fixture that needs configured authorities.
func TestFlagsOnly(t *testing.T) {
	names := named()
	t.Cleanup(func() {
		if _, err := (&config.Config{}).Apply(names); err != nil {
			t.Fatal(err)
		}
	})
	// nogo's config: {"rootflow": {"analyzer_flags": {"authorities": "..."}}}.
	flags := map[string]map[string]string{
		"rootflow": {"authorities": "(*shadowwrite/configured.Context).String=user,shadowwrite/configured.scratch=temp,shadowwrite/configured.ensureDir=global"},
	}
	for _, a := range names {
		for name, value := range flags[a.Name] {
			if err := a.Flags.Set(name, value); err != nil {
				t.Fatalf("-%s.%s: %v", a.Name, name, err)
			}
		}
	}
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, shadowwrite.Analyzer, "shadowwrite/configured")
}
