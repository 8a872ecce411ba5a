package probe

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	iofs "io/fs"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// This file reads what init needs of the main module's files beyond the
// analysis: which directories are test support, and which application
// names the program already passes to the stateroots library.

// testSupportName matches a directory that is test support by its name
// alone: test, tests, testing, testutil(s), testlib, testhelper(s), and
// a mock or fake by its first or last word (mockstore, apimock, fakes).
// A name that only ends like test (latest, contest) is not enough.
var testSupportName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(tests?|testing|testutils?|testlib|testhelpers?)$|^(mock|fake)|(mocks?|fakes?)$`)
})

// testSupport proposes to exclude the test-support packages of the main
// module that have findings: a glob per outermost such directory. A
// directory is test support by its name (testutil, mockstore), or,
// whatever its name (repotest, golden, snapshots), when every non-test
// file of its package takes a test's handle (testing.T, TB, B, F or M);
// a package that imports "testing" only to call testing.Testing, or is
// named like test support without taking a handle (latest), is ordinary
// code. A package of the program's own code with a test helper in one
// of its non-test files (test_util.go taking a *testing.T) is not
// excluded: such a file with findings is returned in helpers, for the
// proposal to name without excluding it (its findings stay reported:
// only the author knows whether the program itself calls it).
func testSupport(findings []driver.Finding, dir string) (exclude, helpers []Entry) {
	root, err := config.ModuleRoot(dir)
	if err != nil || root == "" {
		return nil, nil
	}
	count := map[string]int{}
	inFile := map[string]bool{} // globs naming one file
	packages := map[string]bool{}
	files := map[string]bool{}
	for _, f := range findings {
		fdir := filepath.Dir(f.Pos.Filename)
		rel, err := filepath.Rel(root, fdir)
		if err != nil || strings.HasPrefix(rel, "..") || rel == "." {
			continue
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		found := false
		for i, p := range parts {
			sub := filepath.Join(root, filepath.FromSlash(strings.Join(parts[:i+1], "/")))
			if testSupportName().MatchString(p) || wholeTestSupport(sub, packages, files) {
				count[strings.Join(parts[:i+1], "/")+"/**"]++
				found = true
				break
			}
		}
		if !found && fileTakesTestHandle(f.Pos.Filename, files) {
			glob := filepath.ToSlash(filepath.Join(rel, filepath.Base(f.Pos.Filename)))
			count[glob]++
			inFile[glob] = true
		}
	}
	for glob, n := range count {
		if inFile[glob] {
			helpers = append(helpers, Entry{glob, fmt.Sprintf("a test helper in a non-test file of a package of the program's own (%s): not excluded, as the program may call it; exclude the file by hand if only the tests do", plural(n, "finding", "findings"))})
			continue
		}
		exclude = append(exclude, Entry{glob, fmt.Sprintf("test support compiled as normal code (%s)", plural(n, "finding", "findings"))})
	}
	byValue := func(a, b Entry) int { return cmp.Compare(a.Value, b.Value) }
	slices.SortFunc(exclude, byValue)
	slices.SortFunc(helpers, byValue)
	return exclude, helpers
}

// wholeTestSupport reports whether every non-test file of the package in
// dir takes a test's handle (memoized in seen, the files' in files); a
// directory with no Go file is none.
func wholeTestSupport(dir string, seen, files map[string]bool) bool {
	if v, ok := seen[dir]; ok {
		return v
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	all, some := true, false
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		some = true
		if !fileTakesTestHandle(n, files) {
			all = false
			break
		}
	}
	seen[dir] = some && all
	return seen[dir]
}

// fileTakesTestHandle reports whether the Go file at path refers to a
// test's handle, testing.T, TB, B, F or M (memoized in seen); a file
// that does not parse does not.
func fileTakesTestHandle(path string, seen map[string]bool) bool {
	if v, ok := seen[path]; ok {
		return v
	}
	seen[path] = false
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	local := ""
	for _, imp := range f.Imports {
		if imp.Path.Value == `"testing"` {
			local = "testing"
			if imp.Name != nil {
				local = imp.Name.Name
			}
		}
	}
	if local == "" || local == "_" {
		return false
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == local && testHandles[sel.Sel.Name] {
				seen[path] = true
			}
		}
		return !seen[path]
	})
	return seen[path]
}

// packageFiles yields the parsed non-test files of the package in dir,
// parsed with mode; a file that does not parse is skipped.
func packageFiles(fset *token.FileSet, dir string, mode parser.Mode) iter.Seq[*ast.File] {
	return func(yield func(*ast.File) bool) {
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, n := range names {
			if strings.HasSuffix(n, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, n, nil, mode)
			if err != nil {
				continue
			}
			if !yield(f) {
				return
			}
		}
	}
}

// moduleFiles yields the path and the parsed file (with mode) of each
// non-test Go file of the main module rooted at root: vendor, testdata
// and directories starting with "." or "_" left out, as are nested
// modules (a directory with its own go.mod) and files that do not parse.
func moduleFiles(fset *token.FileSet, root string, mode parser.Mode) iter.Seq2[string, *ast.File] {
	return func(yield func(string, *ast.File) bool) {
		stop := errors.New("stop")
		_ = filepath.WalkDir(root, func(path string, d iofs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			name := d.Name()
			if d.IsDir() {
				if path == root {
					return nil
				}
				if name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
				return nil
			}
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, mode)
			if err != nil {
				return nil
			}
			if !yield(path, f) {
				return stop
			}
			return nil
		})
	}
}

// packageOf returns the import path of the main module's package in
// directory dir, the module at root having path modPath.
func packageOf(root, modPath, dir string) string {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == "." {
		return modPath
	}
	return modPath + "/" + filepath.ToSlash(rel)
}

// testHandles are the types of package testing a test's helper takes.
var testHandles = map[string]bool{"T": true, "TB": true, "B": true, "F": true, "M": true}

// libraryApps returns the constant application names the main module's
// files (below dir's module root) pass to the stateroots authorities: a
// program that already uses the library has its state-dir name and
// override variable there. Only files importing the library are parsed
// whole.
func libraryApps(dir string) []LibraryApp {
	root, err := config.ModuleRoot(dir)
	if err != nil || root == "" {
		return nil
	}
	var out []LibraryApp
	seen := map[string]bool{}
	fset := token.NewFileSet()
	for path, f := range moduleFiles(fset, root, parser.ImportsOnly) {
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasSuffix(p, "staterootlint/stateroots") {
				local = "stateroots"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" {
			continue
		}
		if f, err = parser.ParseFile(fset, path, nil, 0); err != nil {
			continue
		}
		consts := packageConsts(fset, filepath.Dir(path))
		appOf := func(arg ast.Expr) (string, bool) {
			switch arg := arg.(type) {
			case *ast.BasicLit:
				if arg.Kind == token.STRING {
					s, err := strconv.Unquote(arg.Value)
					return s, err == nil
				}
			case *ast.Ident:
				s, ok := consts[arg.Name]
				return s, ok
			}
			return "", false
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// stateroots.DirConfig{App: app}
			if lit, ok := n.(*ast.CompositeLit); ok {
				if sel, ok := lit.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "DirConfig" {
					for _, e := range lit.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "App" {
								if app, ok := appOf(kv.Value); ok && app != "" && !seen[app] {
									seen[app] = true
									pos := fset.Position(lit.Pos())
									out = append(out, LibraryApp{app, fmt.Sprintf("%s:%d", report.ModuleRelative(pos.Filename), pos.Line)})
								}
							}
						}
					}
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, isID := sel.X.(*ast.Ident); !isID || id.Name != local {
				return true
			}
			// The app argument: RepoStateRoot(root, app), GlobalStateRoot(app, opts...).
			var arg ast.Expr
			switch sel.Sel.Name {
			case "RepoStateRoot", "HubStateRoot":
				if len(call.Args) > 1 {
					arg = call.Args[1]
				}
			case "GlobalStateRoot", "CacheRoot", "TempRoot", "GlobalEnvVar", "DefaultMarkers":
				arg = call.Args[0]
			}
			if app, ok := appOf(arg); ok && app != "" && !seen[app] {
				seen[app] = true
				pos := fset.Position(call.Pos())
				out = append(out, LibraryApp{app, fmt.Sprintf("%s:%d", report.ModuleRelative(pos.Filename), pos.Line)})
			}
			return true
		})
	}
	slices.SortFunc(out, func(a, b LibraryApp) int { return cmp.Compare(a.App, b.App) })
	return out
}

// packageConsts returns the string constants declared at package level
// in the non-test files of dir, by name.
func packageConsts(fset *token.FileSet, dir string) map[string]string {
	out := map[string]string{}
	for f := range packageFiles(fset, dir, 0) {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if v, err := strconv.Unquote(lit.Value); err == nil {
								out[name.Name] = v
							}
						}
					}
				}
			}
		}
	}
	return out
}
