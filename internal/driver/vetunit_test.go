package driver

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestParseVetUnitFlags: the flags of a go vet unit are parsed as
// unitchecker parses them, and what the own driver does not implement is
// left to unitchecker.
func TestParseVetUnitFlags(t *testing.T) {
	newRoots := func() []*analysis.Analyzer {
		a := &analysis.Analyzer{Name: "alpha", Doc: "alpha: a", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
		a.Flags.String("sinks", "", "sinks")
		b := &analysis.Analyzer{Name: "beta", Doc: "beta: b", Run: a.Run}
		return []*analysis.Analyzer{a, b}
	}
	names := func(as []*analysis.Analyzer) string {
		var s []string
		for _, a := range as {
			s = append(s, a.Name)
		}
		return strings.Join(s, ",")
	}
	for _, tc := range []struct {
		args      []string
		ok        bool
		json      bool
		context   int
		analyzers string
	}{
		{[]string{"x.cfg"}, true, false, -1, "alpha,beta"},
		{[]string{"-json", "-c=2", "x.cfg"}, true, true, 2, "alpha,beta"},
		{[]string{"-alpha.sinks", "os.WriteFile#0", "x.cfg"}, true, false, -1, "alpha,beta"},
		{[]string{"-beta", "x.cfg"}, true, false, -1, "beta"},
		{[]string{"-beta=false", "x.cfg"}, true, false, -1, "alpha"},
		{[]string{"-alpha=true", "-beta=false", "x.cfg"}, true, false, -1, "alpha"},
		{[]string{"-fix", "x.cfg"}, false, false, -1, ""},
		{[]string{"-fix", "-diff", "x.cfg"}, false, false, -1, ""},
		{[]string{"-nosuch", "x.cfg"}, false, false, -1, ""},
		{[]string{"-c=two", "x.cfg"}, false, false, -1, ""},
	} {
		roots := newRoots()
		opts, ok := parseVetUnitFlags(tc.args, roots)
		if ok != tc.ok {
			t.Errorf("%q: own driver %v, want %v", tc.args, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if opts.json != tc.json || opts.context != tc.context || names(opts.analyzers) != tc.analyzers {
			t.Errorf("%q: json %v, -c %d, analyzers %s; want %v, %d, %s", tc.args, opts.json, opts.context, names(opts.analyzers), tc.json, tc.context, tc.analyzers)
		}
		if tc.args[0] == "-alpha.sinks" && roots[0].Flags.Lookup("sinks").Value.String() != "os.WriteFile#0" {
			t.Errorf("%q: -alpha.sinks not set on the analyzer", tc.args)
		}
	}
}

// TestOwnVetDriverChoice: VetDriverEnv, go fix's archive and a compiler
// other than gc leave the unit to unitchecker.
func TestOwnVetDriverChoice(t *testing.T) {
	dir := t.TempDir()
	write := func(cfg vetUnitConfig) string {
		data, err := json.Marshal(cfg)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "vet.cfg")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	base := vetUnitConfig{Compiler: "gc", ImportPath: "example.com/p", GoFiles: []string{"p.go"}}
	env := func(v string) func(string) string { return func(string) string { return v } }
	for _, tc := range []struct {
		name string
		cfg  func(vetUnitConfig) vetUnitConfig
		env  string
		want bool
	}{
		{"gc", func(c vetUnitConfig) vetUnitConfig { return c }, "", true},
		{"env", func(c vetUnitConfig) vetUnitConfig { return c }, VetDriverUnitchecker, false},
		{"gccgo", func(c vetUnitConfig) vetUnitConfig { c.Compiler = "gccgo"; return c }, "", false},
		{"go fix", func(c vetUnitConfig) vetUnitConfig { c.FixArchive = "fix.zip"; return c }, "", false},
		{"no files", func(c vetUnitConfig) vetUnitConfig { c.GoFiles = nil; return c }, "", false},
	} {
		path := write(tc.cfg(base))
		cfg, err := readVetUnitConfig(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := ownVetDriver([]string{path}, nil, cfg, env(tc.env)); ok != tc.want {
			t.Errorf("%s: own driver %v, want %v", tc.name, ok, tc.want)
		}
	}
}

type vetTestFact struct{ N int }

func (*vetTestFact) AFact() {}

// TestVetUnitFactsHalves: a unit's importers see its package facts and
// its facts about package-level functions only when they import it
// directly, and its facts about methods, fields and types through every
// level, as unitchecker shows them; the sections of the packages below
// are copied into the unit's vetx file as they came.
func TestVetUnitFactsHalves(t *testing.T) {
	dir := t.TempDir()
	codec := newFactCodec([]*analysis.Analyzer{{Name: "f", FactTypes: []analysis.Fact{new(vetTestFact)}}})
	fset := token.NewFileSet()
	packages := map[string]*types.Package{}
	imp := importerFunc(func(path string) (*types.Package, error) {
		if p := packages[path]; p != nil {
			return p, nil
		}
		return importer.Default().Import(path)
	})
	check := func(path, src string) *types.Package {
		f, err := parser.ParseFile(fset, path+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		packages[path] = pkg
		return pkg
	}
	vetx := map[string]string{}
	unit := func(pkg *types.Package, export func(*vetUnitFacts)) *vetUnitFacts {
		facts, err := readVetUnitFacts(pkg, vetx, codec)
		if err != nil {
			t.Fatal(err)
		}
		if export != nil {
			export(facts)
		}
		vetx[pkg.Path()] = filepath.Join(dir, pkg.Path()+".vetx")
		if err := facts.write(vetx[pkg.Path()]); err != nil {
			t.Fatal(err)
		}
		return facts
	}

	low := check("low", "package low\ntype T struct{ F int }\nfunc (T) M() {}\nfunc G() T { return T{} }\n")
	unit(low, func(s *vetUnitFacts) {
		s.exportPackageFact(&vetTestFact{1})
		s.exportObjectFact(low.Scope().Lookup("G"), &vetTestFact{2})
		obj, _, _ := types.LookupFieldOrMethod(low.Scope().Lookup("T").Type(), false, low, "M")
		s.exportObjectFact(obj, &vetTestFact{3})
	})
	mid := check("mid", "package mid\nimport \"low\"\nfunc H() low.T { return low.G() }\n")
	midFacts := unit(mid, nil)
	top := check("top", "package top\nimport \"mid\"\nvar _ = mid.H\n")
	topFacts := unit(top, nil)

	g := low.Scope().Lookup("G")
	m, _, _ := types.LookupFieldOrMethod(low.Scope().Lookup("T").Type(), false, low, "M")
	for _, tc := range []struct {
		name  string
		facts *vetUnitFacts
		obj   types.Object
		want  int // 0: no fact
	}{
		{"direct importer, function", midFacts, g, 2},
		{"direct importer, method", midFacts, m, 3},
		{"indirect importer, function", topFacts, g, 0},
		{"indirect importer, method", topFacts, m, 3},
	} {
		var f vetTestFact
		got := 0
		if tc.facts.importObjectFact(tc.obj, &f) {
			got = f.N
		}
		if got != tc.want {
			t.Errorf("%s: fact %d, want %d", tc.name, got, tc.want)
		}
	}
	var f vetTestFact
	if !midFacts.importPackageFact(low, &f) || f.N != 1 {
		t.Errorf("direct importer: package fact %v, want 1", f.N)
	}
	if topFacts.importPackageFact(low, new(vetTestFact)) {
		t.Error("indirect importer sees the package fact")
	}
	filter := map[reflect.Type]bool{reflect.TypeFor[*vetTestFact](): true}
	if n := len(midFacts.allObjectFacts(filter)); n != 2 {
		t.Errorf("direct importer: %d object facts, want 2", n)
	}
	if n := len(topFacts.allPackageFacts(filter)); n != 0 {
		t.Errorf("indirect importer: %d package facts, want 0", n)
	}
	data, err := os.ReadFile(vetx["top"])
	if err != nil {
		t.Fatal(err)
	}
	sections, err := parseVetx(data)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, s := range sections {
		paths = append(paths, s.path)
	}
	if want := []string{"top", "low"}; !slices.Equal(paths, want) {
		t.Errorf("top's vetx file has sections %v, want %v (its own, and low's methods' facts; mid has none)", paths, want)
	}
}

// TestVetxHalvesCompressed checks that a section's halves are stored
// compressed, read back as they were written, and that a damaged half is
// an error, never facts misread.
func TestVetxHalvesCompressed(t *testing.T) {
	codec := newFactCodec([]*analysis.Analyzer{{Name: "f", FactTypes: []analysis.Fact{new(vetTestFact)}}})
	var facts []gobFact
	for i := range 200 {
		facts = append(facts, gobFact{Object: fmt.Sprintf("T.m%d", i), Fact: &vetTestFact{N: i}})
	}
	half, err := codec.encodeHalf(facts)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := inflateHalf(half)
	if err != nil {
		t.Fatal(err)
	}
	if len(half) >= len(raw) {
		t.Errorf("half of %d facts: %d bytes stored for %d encoded, want fewer", len(facts), len(half), len(raw))
	}
	typ := reflect.TypeFor[*vetTestFact]()
	sec := &factSection{reexport: half}
	for _, i := range []int{0, 7, 199} {
		f, err := sec.fact(codec, factKey{fmt.Sprintf("T.m%d", i), typ}, false)
		if err != nil || f == nil || f.(*vetTestFact).N != i {
			t.Errorf("fact of T.m%d read back as %v (%v), want %d", i, f, err, i)
		}
	}
	damaged := &factSection{reexport: append([]byte{0xff}, half[1:]...)}
	if _, err := damaged.fact(codec, factKey{"T.m0", typ}, false); err == nil {
		t.Error("a damaged half read without an error")
	}
}
