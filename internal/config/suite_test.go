package config_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// every sets every key of the file.
const every = `authorities: [example.com/app/paths.ConfigDir]
sinks: [go.etcd.io/bbolt.Open#0]
allow: {temp: true, cache: true, user: true}
state-dir: .myapp
root-env: [MYAPP_GLOBAL_STATE_ROOT]
user-env: [MYAPP_DEFAULT_OPTS]
tests: true
exclude: ["**/zz_generated*.go"]
generated: skip
report-unproven: true
allow-write: {"*": [project:app.lock], "example.com/app/cmd.launch": [cwd:app.toml, "cwd:deploy/**"]}
`

// TestEveryKeyHasAFlag checks that every configuration key sets a flag
// that some analyzer of the suite (or the engine they require) declares:
// Apply skips a setting no analyzer of the selection declares, which is
// right for a selection (--enable shadowwrite has no state-dir) but would
// hide a key the suite lost the flag of.
func TestEveryKeyHasAFlag(t *testing.T) {
	t.Parallel()
	cfg, err := config.Decode([]byte(every), "every.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range config.Keys {
		if !strings.Contains(every, "\n"+key+":") && !strings.HasPrefix(every, key+":") {
			t.Errorf("key %q is missing from the test's configuration", key)
		}
	}
	declared := map[string][]string{}
	for _, a := range config.Closure(analyzers.All) {
		for _, s := range cfg.Settings() {
			if (s.Analyzer == "" || s.Analyzer == a.Name) && a.Flags.Lookup(s.Flag) != nil {
				declared[s.Flag] = append(declared[s.Flag], a.Name)
			}
		}
	}
	settings := cfg.Settings()
	if len(settings) == 0 {
		t.Fatal("no settings")
	}
	for _, s := range settings {
		if len(declared[s.Flag]) == 0 {
			t.Errorf("setting -%s (from the configuration file) is declared by no analyzer of the suite: the key does nothing", s.Flag)
		}
	}
	// The keys that several analyzers read must reach each of them.
	for flag, want := range map[string][]string{
		flagname.Authorities: {"adhocroot", "rootenv", "rootflow"},
		flagname.StateDir:    {"adhocroot", "blastradius", "rootflow"},
		flagname.RootEnv:     {"rootenv", "rootflow"},
		flagname.UserEnv:     {"rootflow"},
		flagname.Tests:       {"adhocroot", "blastradius", "cwdwrite", "rootenv", "rootflow", "shadowwrite", "staleignore", "unproven"},
		flagname.Report:      {"unproven"},
		flagname.AllowWrite:  {"rootflow"},
	} {
		got := slices.Sorted(slices.Values(declared[flag]))
		if !slices.Equal(got, want) {
			t.Errorf("-%s is declared by %v, want %v", flag, got, want)
		}
	}
}
