package probe

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/internal/config"
)

// This file keeps init from blessing a suspect: a resolver that resolves
// the same base as its siblings but skips the override they honour (a
// shadow-state bug the lint finds, which an authority would hide), a
// resolver of a runtime directory (temporary, not state), and a function
// whose results the program only reads (a list of directories to load
// from, another tool's among them).

// skipsOverride returns why c, a resolver of the program's own, is a
// suspect: it reads an XDG variable one of its siblings (same family)
// reads too, and none of the program's own override variables, while
// that sibling honours one: "ignores APP_DATA, which paths.DataDir
// honours". It returns "" otherwise.
func skipsOverride(c *Candidate, cands []*Candidate) string {
	if c.Module != "" || c.User || c.Finder || !c.Resolver || slices.ContainsFunc(c.Env, ownOverride) {
		return ""
	}
	var xdg []string
	for _, e := range c.Env {
		if strings.HasPrefix(strings.ToUpper(e), "XDG_") && !strings.EqualFold(e, runtimeVar) {
			xdg = append(xdg, e)
		}
	}
	if len(xdg) == 0 {
		return ""
	}
	for _, s := range cands {
		if s == c || s.Module != "" || s.Family != c.Family || s.User || !slices.ContainsFunc(xdg, func(x string) bool { return slices.Contains(s.Env, x) }) {
			continue
		}
		for _, e := range s.Env {
			if ownOverride(e) {
				return fmt.Sprintf("ignores %s, which %s honours", e, s.Short)
			}
		}
	}
	return ""
}

// runtimeVar is the XDG variable of the per-user runtime directory:
// sockets, pids and locks, removed at logout.
const runtimeVar = "XDG_RUNTIME_DIR"

// runtimeDir reports whether c resolves a runtime directory: it is built
// on $XDG_RUNTIME_DIR, whose content is temporary, not state (proposed
// with the kind temp).
func runtimeDir(c *Candidate) bool { return slices.Contains(c.Home, "$"+runtimeVar) }

// onlyReadBy returns the functions and methods of the main module among
// cands (not barred already) that build a path on a home-like source or
// an environment variable, or that findings other than writes pass
// through, but that no write finding passes through though the program
// calls them: what they return is only read (a list of
// directories to load from), and no authority. dir is where init runs;
// the calls are found in the main module's files, tests and generated
// files left out, by the called function's name.
func onlyReadBy(dir string, cands []*Candidate, barred map[*Candidate]string) []*Candidate {
	var maybe []*Candidate
	for _, c := range cands {
		if c.Module == "" && c.writes == 0 && (c.Removes > 0 || c.joins) && barred[c] == "" && !c.User && !c.Finder && !c.overBase &&
			(c.Shape == "function" || c.Shape == "method") {
			maybe = append(maybe, c)
		}
	}
	if len(maybe) == 0 {
		return nil
	}
	root, err := config.ModuleRoot(dir)
	if err != nil || root == "" {
		return nil
	}
	modPath := modulePath(root)
	// called holds "pkg/path.F" for a function of that package called by
	// name, and ".M" for a method called on any value.
	called := map[string]bool{}
	fset := token.NewFileSet()
	for path, f := range moduleFiles(fset, root, parser.SkipObjectResolution|parser.ParseComments) {
		if skipFile(fset, f) {
			continue
		}
		own := packageOf(root, modPath, filepath.Dir(path))
		imports := map[string]string{}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			n := p[strings.LastIndex(p, "/")+1:]
			if im.Name != nil {
				n = im.Name.Name
			}
			imports[n] = p
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					called[own+"."+fn.Name] = true
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && imports[x.Name] != "" {
						called[imports[x.Name]+"."+fn.Sel.Name] = true
					} else {
						called["."+fn.Sel.Name] = true
					}
				}
			}
			return true
		})
	}
	var out []*Candidate
	for _, c := range maybe {
		if c.Shape == "function" && called[c.Name] || c.Shape == "method" && called[c.Name[strings.LastIndex(c.Name, "."):]] {
			out = append(out, c)
		}
	}
	return out
}

// heldBySuspect reports whether o's origin arose in a resolver not
// proposed as a suspect: its variables are no shared base either (that
// would hide the findings the suspect is kept for).
func (p *Proposal) heldBySuspect(o FindingOrigin) bool {
	return slices.ContainsFunc(p.suspects, func(c *Candidate) bool { return c.Holds(o.File, o.Line) })
}

// modulePath returns the module path the go.mod file of root declares,
// or "".
func modulePath(root string) string {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// countWrites sets, for each candidate, how many of the engine's
// findings at a write or a store have an origin that arose in it (the
// offending one, or another origin of the value: beside; a resolver
// whose result a field keeps, those through the field: kept): whether
// the program writes through it at all.
func countWrites(cands []*Candidate, origins, beside []FindingOrigin) {
	for _, c := range cands {
		at := map[string]bool{}
		for _, list := range [][]FindingOrigin{origins, beside} {
			for _, o := range list {
				if c.HoldsOrigin(o) {
					at[o.Pos] = true
				}
			}
		}
		for pos := range c.kept {
			at[pos] = true
		}
		c.writes = len(at)
	}
}
