package driver

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
)

// Standard library units under go vet.
//
// go vet runs the tool on every dependency of the packages it vets, the
// standard library's included, for their facts only (VetxOnly). The
// engine models the standard library by its knowledge table and exports
// no facts there, so such a unit needs no analysis: it answers with the
// package's types (its importers read them from the unit's vetx file,
// not from the compiler's export data) and an empty facts section. The
// types come from the package's declarations, type-checked without
// function bodies: nothing below a body is visible to an importer.
// With -rootflow.analyze-std the standard library is analyzed as the
// rest (unitchecker runs it whole).

// errNotStd: the unit is not a standard library dependency answered
// without analysis; unitchecker runs it.
var errNotStd = errors.New("not a modelled standard library unit")

// vetStd answers a VetxOnly unit of the standard library with its types
// and no facts, when every analyzer with facts models the standard
// library (StdModelled). errNotStd means unitchecker must run it;
// any other error is the unit's (unitchecker would fail on it too, with
// its own message, so the caller may also fall back to it).
func vetStd(u *vetUnitConfig, closure []*analysis.Analyzer) error {
	if !StdModelled(closure) || !u.VetxOnly || u.VetxOutput == "" || !u.standard() {
		return errNotStd
	}
	fset := token.NewFileSet()
	pkg, err := u.declarations(fset)
	if err != nil {
		return err
	}
	var exported bytes.Buffer
	if err := gcexportdata.Write(&exported, fset, pkg); err != nil {
		return fmt.Errorf("export the types of %s: %w", u.ImportPath, err)
	}
	return writeVetx(u.VetxOutput, exported.Bytes()[1:], nil)
}

// standard reports whether the unit is a package of the standard library:
// in GOROOT/src, importing only standard packages.
func (u *vetUnitConfig) standard() bool {
	src := filepath.Join(filepath.Clean(build.Default.GOROOT), "src") + string(filepath.Separator)
	if build.Default.GOROOT == "" || !strings.HasPrefix(filepath.Clean(u.Dir)+string(filepath.Separator), src) {
		return false
	}
	for _, path := range u.ImportMap {
		if path != "unsafe" && path != "C" && !u.Standard[path] {
			return false
		}
	}
	return true
}

// declarations type-checks the unit's package-level declarations against
// the types in its dependencies' vetx files.
func (u *vetUnitConfig) declarations(fset *token.FileSet) (*types.Package, error) {
	var files []*ast.File
	for _, name := range u.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	imports := map[string]*types.Package{}
	tc := &types.Config{
		IgnoreFuncBodies: true,
		GoVersion:        u.GoVersion,
		Sizes:            types.SizesFor("gc", build.Default.GOARCH),
		Importer: importerFunc(func(importPath string) (*types.Package, error) {
			path, ok := u.ImportMap[importPath]
			if !ok {
				return nil, fmt.Errorf("can't resolve import %q", importPath)
			}
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if p := imports[path]; p != nil && p.Complete() {
				return p, nil
			}
			vetx, ok := u.PackageVetx[path]
			if !ok {
				return nil, fmt.Errorf("no package vetx file for %q", path)
			}
			exported, err := readVetxTypes(vetx)
			if err != nil {
				return nil, fmt.Errorf("invalid vetx file for %q: %v", path, err)
			}
			return gcexportdata.Read(io.MultiReader(strings.NewReader("i"), bytes.NewReader(exported)), fset, imports, path)
		}),
	}
	return tc.Check(u.ImportPath, fset, files, nil)
}

// The vetx file, as unitchecker (golang.org/x/tools/go/analysis/unitchecker)
// writes and reads it: "vetx", the lengths of the types and the facts
// sections (little-endian uint32), the package's types (indexed export
// data) and its facts (empty: none).
const vetxMagic = "vetx"

func writeVetx(name string, exported, facts []byte) error {
	var buf bytes.Buffer
	buf.WriteString(vetxMagic)
	buf.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(exported))))
	buf.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(facts))))
	buf.Write(exported)
	buf.Write(facts)
	return os.WriteFile(name, buf.Bytes(), 0o666)
}

// readVetxTypes returns the types section of a vetx file.
func readVetxTypes(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if len(data) < 12 || string(data[:4]) != vetxMagic {
		return nil, fmt.Errorf("%s is not a vetx file", name)
	}
	n := binary.LittleEndian.Uint32(data[4:8])
	if uint64(12)+uint64(n) > uint64(len(data)) {
		return nil, fmt.Errorf("%s: the types section is cut short", name)
	}
	return data[12 : 12+n], nil
}
