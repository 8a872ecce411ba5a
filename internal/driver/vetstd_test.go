package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/staterootlint/staterootlint/internal/flagname"
)

// TestVetStd answers the standard library units under strconv as go vet
// would ask for them (VetxOnly, in dependency order), then reads
// strconv's vetx file as unitchecker does: its exported API must be the
// compiler's, and its facts section empty. With -ENGINE.analyze-std set,
// a non-VetxOnly unit, or a package outside GOROOT, vetStd declines.
func TestVetStd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,ImportMap,Imports,Standard", "strconv").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	engine := &analysis.Analyzer{Name: "engine", Doc: "engine: model std", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	analyzeStd := engine.Flags.Bool(flagname.AnalyzeStd, false, "analyze std")
	engine.FactTypes = []analysis.Fact{new(stdTestFact)}
	closure := []*analysis.Analyzer{engine}

	dir := t.TempDir()
	vetx := map[string]string{}
	var last vetUnitConfig
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir string
			GoFiles         []string
			Imports         []string
			Standard        bool
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.ImportPath == "unsafe" {
			continue
		}
		u := vetUnitConfig{ImportPath: p.ImportPath, Dir: p.Dir, ImportMap: map[string]string{}, Standard: map[string]bool{}, PackageVetx: map[string]string{}, VetxOnly: true}
		for _, f := range p.GoFiles {
			u.GoFiles = append(u.GoFiles, filepath.Join(p.Dir, f))
		}
		for _, imp := range p.Imports {
			u.ImportMap[imp] = imp
			u.Standard[imp] = true
			if imp != "unsafe" {
				u.PackageVetx[imp] = vetx[imp]
			}
		}
		u.VetxOutput = filepath.Join(dir, strings.ReplaceAll(p.ImportPath, "/", "_")+".vetx")
		if err := vetStd(writeUnit(t, dir, u), closure); err != nil {
			t.Fatalf("vetStd(%s): %v", p.ImportPath, err)
		}
		vetx[p.ImportPath] = u.VetxOutput
		last = u
	}
	if last.ImportPath != "strconv" {
		t.Fatalf("the last unit is %q, want strconv", last.ImportPath)
	}

	data, err := os.ReadFile(vetx["strconv"])
	if err != nil {
		t.Fatal(err)
	}
	exported, err := readVetxTypes(vetx["strconv"])
	if err != nil {
		t.Fatal(err)
	}
	if facts := data[12+len(exported):]; len(facts) != 0 {
		t.Errorf("strconv's facts section has %d bytes, want none", len(facts))
	}
	got, err := gcexportdata.Read(io.MultiReader(strings.NewReader("i"), bytes.NewReader(exported)), token.NewFileSet(), map[string]*types.Package{}, "strconv")
	if err != nil {
		t.Fatalf("read strconv's vetx types: %v", err)
	}
	want, err := importer.ForCompiler(token.NewFileSet(), "gc", nil).Import("strconv")
	if err != nil {
		t.Fatalf("import strconv: %v", err)
	}
	if g, w := api(got), api(want); g != w {
		t.Errorf("strconv's API from the vetx file:\n%s\nwant (the compiler's):\n%s", g, w)
	}

	// The units vetStd leaves to unitchecker.
	decline := func(what string, u vetUnitConfig) {
		t.Helper()
		if err := vetStd(writeUnit(t, dir, u), closure); !errors.Is(err, errNotStd) {
			t.Errorf("%s: vetStd = %v, want errNotStd", what, err)
		}
	}
	reported := last
	reported.VetxOnly = false
	decline("a reported unit", reported)
	outside := last
	outside.Dir = t.TempDir()
	decline("a package outside GOROOT", outside)
	*analyzeStd = true
	decline("with analyze-std", last)
}

type stdTestFact struct{}

func (*stdTestFact) AFact() {}

// writeUnit writes u as a vet.cfg file and returns it as the driver reads
// it back.
func writeUnit(t *testing.T, dir string, u vetUnitConfig) *vetUnitConfig {
	t.Helper()
	data, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.CreateTemp(dir, "vet*.cfg")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	cfg, err := readVetUnitConfig(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// api renders the exported objects of a package, one a line.
func api(pkg *types.Package) string {
	var b strings.Builder
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if obj := scope.Lookup(name); obj.Exported() {
			b.WriteString(types.ObjectString(obj, types.RelativeTo(pkg)) + "\n")
		}
	}
	return b.String()
}
