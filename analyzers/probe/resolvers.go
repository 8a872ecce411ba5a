package probe

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// engineName is the name of the rootflow engine's analyzer.
const engineName = "rootflow"

// Candidate is a function whose path results the engine traced to the
// home or config directory, and maybe to environment variables, arising
// in its own body.
type Candidate struct {
	Name     string   // types.Func.FullName, as the configuration names it
	Short    string   // "dirs.StateDir"
	At       string   // its declaration, "dirs.go:12"
	Module   string   // its module, when it is not in the main module
	Home     []string // home-like sources: "os.UserHomeDir", "$XDG_STATE_HOME"
	Env      []string // environment variables read, XDG ones included
	StateDir string   // a ".name" literal in its body, if any
	// Resolver: a home-like source and an override variable, as distinct
	// origins. Without one, the function only joins onto the home
	// directory: an ad hoc root, not a resolver.
	Resolver bool
}

// Kind is the root kind to declare the candidate with: cache for one
// built on $XDG_CACHE_HOME, global otherwise.
func (c *Candidate) Kind() string {
	if slices.Contains(c.Env, "XDG_CACHE_HOME") {
		return "cache"
	}
	return "global"
}

// Candidates returns the functions of the analyzed packages and their
// dependencies (outside the standard library, tests and generated code)
// whose path results come from the home or config directory, with or
// without an override, as the engine that ran in graph summarized them.
// Functions already declared as authorities are left out, and so are
// the ones whose origins arose elsewhere (a helper deriving from a
// resolver is not one). They are sorted: the main module first, by name.
func Candidates(graph *checker.Graph) []*Candidate {
	var out []*Candidate
	seen := map[string]bool{}
	for act := range graph.All() {
		pkg := act.Package
		if act.Analyzer.Name != engineName || act.Err != nil || pkg.Types == nil || inGOROOT(pkg) {
			continue
		}
		for _, of := range act.AllObjectFacts() {
			fn, ok := of.Object.(*types.Func)
			fact, isFunc := of.Fact.(*rootflow.FuncFact)
			if !ok || !isFunc || fn.Pkg() != pkg.Types || fact.Authority != "" || fact.Results == nil || seen[fn.FullName()] {
				continue
			}
			src, resolver := rootflow.Resolver(fact.Results)
			if len(src.Home) == 0 {
				continue
			}
			decl, file := funcDecl(pkg, fn)
			if decl == nil || report.Generated(file) || strings.HasSuffix(pkg.Fset.Position(file.Pos()).Filename, "_test.go") {
				continue
			}
			pos := pkg.Fset.Position(decl.Pos())
			if !within(src.At, filepath.Base(pos.Filename), pos.Line, pkg.Fset.Position(decl.End()).Line) {
				continue
			}
			seen[fn.FullName()] = true
			c := &Candidate{
				Name:     fn.FullName(),
				Short:    lattice.ShortName(fn.FullName()),
				At:       fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line),
				Home:     src.Home,
				Env:      src.Env,
				StateDir: dotDir(decl),
				Resolver: resolver,
			}
			if pkg.Module != nil && !pkg.Module.Main {
				c.Module = pkg.Module.Path
			}
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b *Candidate) int {
		return cmp.Or(cmp.Compare(a.Module, b.Module), cmp.Compare(a.Name, b.Name))
	})
	return out
}

// inGOROOT reports whether pkg is part of the standard library.
func inGOROOT(pkg *packages.Package) bool {
	goroot := filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)
	return len(pkg.GoFiles) > 0 && strings.HasPrefix(pkg.GoFiles[0], goroot)
}

// funcDecl returns the declaration of fn in pkg's syntax and its file.
func funcDecl(pkg *packages.Package, fn *types.Func) (*ast.FuncDecl, *ast.File) {
	for _, f := range pkg.Syntax {
		if fn.Pos() < f.FileStart || fn.Pos() > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() {
				return fd, f
			}
		}
	}
	return nil, nil
}

// within reports whether every "file.go:N" of ats is in file between
// lines from and to.
func within(ats []string, file string, from, to int) bool {
	for _, at := range ats {
		name, line, _ := strings.Cut(at, ":")
		n, err := strconv.Atoi(line)
		if err != nil || name != file || n < from || n > to {
			return false
		}
	}
	return true
}

// dotDirName is the shape of a state directory's name: ".myapp".
var dotDirName = regexp.MustCompile(`^\.[A-Za-z0-9][A-Za-z0-9._-]*$`)

// dotDir returns the first string literal in decl that names a dot
// directory: the name the resolver joins onto the home directory.
func dotDir(decl *ast.FuncDecl) string {
	var name string
	ast.Inspect(decl, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && name == "" {
			if s, err := strconv.Unquote(lit.Value); err == nil && dotDirName.MatchString(s) {
				name = s
			}
		}
		return name == ""
	})
	return name
}
