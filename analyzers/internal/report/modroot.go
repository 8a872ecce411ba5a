package report

import (
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// moduleRoots memoizes, per directory, the root of the module that holds
// it ("" for none): positions are rendered for many messages, and the
// file system above a file does not change while it is analyzed. It is
// the package's one piece of shared state, a cache of the file system
// that every analyzer may read concurrently.
var moduleRoots sync.Map

// ModuleRelative renders a file name for messages relative to the root
// of the module that holds it, the nearest directory above it with a
// go.mod ("cmd/log/command.go"), so that the sixteen command.go files of
// a program stay apart. It returns the base name when nothing is known:
// a name that is not absolute, no go.mod above it, or a testdata
// directory between them (the go command leaves testdata to no module:
// a fixture tree is not the module's code).
func ModuleRelative(filename string) string {
	base := filepath.Base(filename)
	if !filepath.IsAbs(filename) {
		return base
	}
	root := moduleRoot(filepath.Dir(filename))
	if root == "" {
		return base
	}
	rel, err := filepath.Rel(root, filename)
	if err != nil {
		return base
	}
	rel = filepath.ToSlash(rel)
	if slices.Contains(strings.Split(rel, "/"), "testdata") {
		return base
	}
	return rel
}

// moduleRoot returns the nearest directory at or above dir that holds a
// go.mod, or "".
func moduleRoot(dir string) string {
	if r, ok := moduleRoots.Load(dir); ok {
		return r.(string)
	}
	root := ""
	if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !st.IsDir() {
		root = dir
	} else if parent := filepath.Dir(dir); parent != dir {
		root = moduleRoot(parent)
	}
	moduleRoots.Store(dir, root)
	return root
}

// PackageNames returns a function that names the package with an import
// path as its package clause does, for pkg and the packages it imports,
// directly or not ("tea" for github.com/charmbracelet/bubbletea/v2), and
// returns "" for any other path. The map is built on the first call.
func PackageNames(pkg *types.Package) func(path string) string {
	var names map[string]string
	return func(path string) string {
		if path == pkg.Path() {
			return pkg.Name()
		}
		if names == nil {
			names = map[string]string{}
			var visit func(p *types.Package)
			visit = func(p *types.Package) {
				for _, imp := range p.Imports() {
					if _, seen := names[imp.Path()]; !seen {
						names[imp.Path()] = imp.Name()
						visit(imp)
					}
				}
			}
			visit(pkg)
		}
		return names[path]
	}
}
