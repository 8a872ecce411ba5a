package rootflow_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/packages"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// The engine benchmarks load their packages once, from source with all
// their dependencies (as analysistest and the standalone driver do), and
// then time checker.Analyze per iteration over the same packages (pkgs/op):
//
//   - buildssa: SSA for every package, the reference cost of any
//     SSA-based analyzer;
//   - rootflow: the engine as the suite runs it; it builds SSA itself,
//     and models standard library dependencies by its tables instead of
//     analyzing them;
//   - rootflow-analyze-std: the engine analyzing the standard library
//     too (-analyze-std, what staterootlint std does).
//
// Each iteration analyzes the dependencies too, because the engine
// exports facts. Run them with
//
//	go test -run '^$' -bench BenchmarkEngine -benchtime 3x ./analyzers/internal/rootflow
//
// To see where the time goes, add -cpuprofile /tmp/cpu.out (or
// -memprofile) together with -o /tmp/rootflow.test, so go test keeps the
// test binary outside the source tree. Timings are only comparable on an
// idle machine; B/op and allocs/op are stable anywhere. bench/run.sh
// measures the whole CLI beside go vet.

// BenchmarkEngineFixtures runs over every shadowwrite fixture package
// (GOPATH mode over testdata, like analysistest).
func BenchmarkEngineFixtures(b *testing.B) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		b.Fatal(err)
	}
	env := []string{"GOPATH=" + dir, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off"}
	benchEngine(b, load(b, dir, env, "shadowwrite/..."))
}

// BenchmarkEngineNetHTTP runs over net/http and its ~150 dependencies:
// a realistic, large, mostly standard-library graph.
func BenchmarkEngineNetHTTP(b *testing.B) {
	benchEngine(b, load(b, ".", nil, "net/http"))
}

// BenchmarkEngineStdlibManifest runs over golang.org/x/tools/internal/stdlib,
// whose manifest.go is one 740 kB composite literal initializing a
// package variable: a single huge init function, the worst case seen
// under bench/run.sh.
func BenchmarkEngineStdlibManifest(b *testing.B) {
	benchEngine(b, load(b, ".", nil, "golang.org/x/tools/internal/stdlib"))
}

// load loads patterns from dir with their dependencies, from source.
func load(b *testing.B, dir string, env []string, patterns ...string) []*packages.Package {
	b.Helper()
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), env...),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		b.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		b.Fatalf("loading %v: %d errors", patterns, n)
	}
	if len(pkgs) == 0 {
		b.Fatalf("loading %v: no packages", patterns)
	}
	return pkgs
}

// benchEngine times buildssa alone and the engine on pkgs. The engine
// exports facts, so the checker runs it on every dependency too; buildssa
// does not, so the baseline names every package of the graph as a root,
// and all lines cover the same packages (pkgs/op).
func benchEngine(b *testing.B, pkgs []*packages.Package) {
	var all []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) { all = append(all, p) })
	b.Run("buildssa", func(b *testing.B) { analyze(b, buildssa.Analyzer, all) })
	b.Run("rootflow", func(b *testing.B) { analyze(b, rootflow.New(rootflow.DefaultConfig()), pkgs) })
	b.Run("rootflow-analyze-std", func(b *testing.B) {
		cfg := rootflow.DefaultConfig()
		cfg.AnalyzeStd = true
		analyze(b, rootflow.New(cfg), pkgs)
	})
}

// analyze runs a over pkgs and their dependencies once per iteration and
// reports the number of packages analyzed.
func analyze(b *testing.B, a *analysis.Analyzer, pkgs []*packages.Package) {
	b.ReportAllocs()
	units := 0
	for b.Loop() {
		graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		units = 0
		for act := range graph.All() {
			if act.Err != nil {
				b.Fatalf("%s: %v", act, act.Err)
			}
			if act.Analyzer == a {
				units++
			}
		}
	}
	b.ReportMetric(float64(units), "pkgs/op")
}
