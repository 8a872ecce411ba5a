package driver_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/analyzers/shadowwrite"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// run runs the driver on testdata/mod with shadowwrite reporting and the
// inventory collected, and returns the result and the inventories by
// package.
func run(t *testing.T, opts driver.Options) (*driver.Result, map[string][]inventory.Artifact, error) {
	t.Helper()
	dir, err := filepath.Abs("testdata/mod")
	if err != nil {
		t.Fatal(err)
	}
	return runIn(t, dir, opts)
}

// runIn is run in another directory.
func runIn(t *testing.T, dir string, opts driver.Options) (*driver.Result, map[string][]inventory.Artifact, error) {
	t.Helper()
	opts.Dir = dir
	opts.Analyzers = []*analysis.Analyzer{shadowwrite.Analyzer, inventory.Analyzer}
	inv := map[string][]inventory.Artifact{}
	opts.Collect = map[*analysis.Analyzer]func(string, any){inventory.Analyzer: func(pkg string, r any) {
		inv[pkg] = append(inv[pkg], r.(*inventory.Result).Artifacts...)
	}}
	res, err := driver.Run(context.Background(), opts)
	return res, inv, err
}

// TestRun runs the library on a small module: cold and warm from the
// cache, and with the go/packages driver, which must all agree on the
// findings, the collected inventories and the facts.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	cacheDir := t.TempDir()
	cold, coldInv, err := run(t, driver.Options{CacheDir: cacheDir, Facts: true})
	if err != nil {
		t.Fatal(err)
	}
	if !cold.Stats.Units || cold.Stats.Analyzed == 0 || cold.Stats.Cached != 0 {
		t.Errorf("cold run: %+v, want the unit driver analyzing", cold.Stats)
	}
	if len(cold.Findings) != 1 {
		t.Fatalf("findings: %v, want one", cold.Findings)
	}
	f := cold.Findings[0]
	if f.Analyzer != "shadowwrite" || filepath.Base(f.Pos.Filename) != "main.go" || f.Pos.Line != 12 ||
		!strings.Contains(f.Message, `"state.json"`) || f.Package != "example.com/mod" || f.Func != "main" {
		t.Errorf("finding: %+v", f)
	}
	if len(coldInv["example.com/mod"]) == 0 {
		t.Errorf("collected inventories: %v, want example.com/mod's", coldInv)
	}
	if !slices.ContainsFunc(factKeys(cold.Facts), func(k string) bool { return strings.HasPrefix(k, "example.com/mod/store Save ") }) {
		t.Errorf("facts %v: none about store.Save", factKeys(cold.Facts))
	}

	warm, warmInv, err := run(t, driver.Options{CacheDir: cacheDir, Facts: true})
	if err != nil {
		t.Fatal(err)
	}
	if !warm.Stats.Warm || warm.Stats.Analyzed != 0 {
		t.Errorf("second run: %+v, want it answered from the cache", warm.Stats)
	}
	graph, graphInv, err := run(t, driver.Options{Graph: true, Facts: true})
	if err != nil {
		t.Fatal(err)
	}
	if graph.Graph == nil || graph.Stats.Units {
		t.Errorf("Graph: %+v, want the go/packages driver's analysis", graph.Stats)
	}
	for name, got := range map[string]*driver.Result{"warm": warm, "go/packages": graph} {
		if fmt.Sprint(got.Findings) != fmt.Sprint(cold.Findings) {
			t.Errorf("%s findings:\n%v\nwant\n%v", name, got.Findings, cold.Findings)
		}
		if !slices.Equal(factKeys(got.Facts), factKeys(cold.Facts)) {
			t.Errorf("%s facts:\n%v\nwant\n%v", name, factKeys(got.Facts), factKeys(cold.Facts))
		}
	}
	for name, got := range map[string]map[string][]inventory.Artifact{"warm": warmInv, "go/packages": graphInv} {
		if fmt.Sprint(got) != fmt.Sprint(coldInv) {
			t.Errorf("%s inventories:\n%v\nwant\n%v", name, got, coldInv)
		}
	}
}

// factKeys lists facts as "package object type".
func factKeys(pfs []driver.PackageFacts) []string {
	var out []string
	for _, pf := range pfs {
		for _, f := range pf.Facts {
			out = append(out, fmt.Sprintf("%s %s %T", pf.Package, f.Object, f.Fact))
		}
	}
	return out
}

// TestRunErrors: the driver's errors are typed, say what happened, and
// carry what the caller needs to report them.
func TestRunErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	// A pattern that matches no directory: the go command's error.
	_, _, err := run(t, driver.Options{Patterns: []string{"./nosuch"}})
	var loadErr *driver.LoadError
	if !errors.As(err, &loadErr) || len(loadErr.Problems) == 0 || !strings.Contains(err.Error(), "nosuch") || !strings.Contains(err.Error(), "fix them first") {
		t.Errorf("bad pattern: %T %v, want a *LoadError naming it", err, err)
	}

	// An authority the packages do not have: a configuration error.
	cfg := &config.Config{}
	if err := cfg.AddAuthority("example.com/mod/store.Root", "--authority"); err != nil {
		t.Fatal(err)
	}
	_, _, err = run(t, driver.Options{Config: cfg})
	var cfgErr *driver.ConfigError
	if !errors.As(err, &cfgErr) || !strings.Contains(err.Error(), "store.Root") {
		t.Errorf("unknown authority: %T %v, want a *ConfigError naming it", err, err)
	}

	// A cancelled run stops with the context's error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir, _ := filepath.Abs("testdata/mod")
	if _, err := driver.Run(ctx, driver.Options{Dir: dir, Analyzers: []*analysis.Analyzer{shadowwrite.Analyzer}}); err == nil {
		t.Error("a cancelled run succeeded")
	}
}
