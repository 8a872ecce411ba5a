package probe

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/internal/config"
)

// envOverAuthorities returns, as root-env entries, the program's own
// variables its code takes, when set, in place of a path an authority
// resolves, spelled where the two meet: a helper reading the variable
// with the authority's call as its default (helm's
// envOr("HELM_REPOSITORY_CONFIG", helmpath.ConfigPath("repositories.yaml"))),
// or an if reading it whose else takes the authority's path (if v :=
// os.Getenv("X"); v != "" { p = v } else { p = authority(...) }). The
// variable is the user's relocation of that root's entry whether or not
// a write through it is seen (a library may write the file). A helper is
// a call, with a constant name first, of a function whose name says env
// or of one of the program's own reading the variable its first
// parameter names; the
// authority is referred to by its name (a function, method or variable
// of the authorities' packages), or through a function of the program
// whose body refers to it (helmpath.ConfigPath handing out
// lazypath.configPath's value); one proposed tentatively counts, and
// the entry goes with it when the checking run drops it (envBy). Files
// of the main module below dir's
// module root that are neither tests nor generated; sorted by name.
func envOverAuthorities(dir string, auths []Authority) []envOver {
	members := map[string]map[string]*Candidate{} // package path: member name: the authority
	for _, a := range auths {
		if a.User || a.Finder {
			continue
		}
		for _, n := range a.Names() {
			pkg, member := splitName(n)
			if pkg == "" {
				continue
			}
			if members[pkg] == nil {
				members[pkg] = map[string]*Candidate{}
			}
			members[pkg][member] = a.Candidate
		}
	}
	if len(members) == 0 {
		return nil
	}
	root, err := config.ModuleRoot(dir)
	if err != nil || root == "" {
		return nil
	}
	modPath := modulePath(root)
	fset := token.NewFileSet()
	files := map[string][]*ast.File{} // package directory: its files
	for path, f := range moduleFiles(fset, root, parser.SkipObjectResolution|parser.ParseComments) {
		if !skipFile(fset, f) {
			files[filepath.Dir(path)] = append(files[filepath.Dir(path)], f)
		}
	}
	dirOf := func(pkg string) string {
		if pkg == modPath {
			return root
		}
		rel, ok := strings.CutPrefix(pkg, modPath+"/")
		if !ok {
			return ""
		}
		return filepath.Join(root, filepath.FromSlash(rel))
	}
	// refers returns the authority e refers to, directly or through a
	// function of the program's, in a file of package own with imports;
	// nil when none.
	var refers func(e ast.Node, own string, imports map[string]string, depth int) *Candidate
	refers = func(e ast.Node, own string, imports map[string]string, depth int) *Candidate {
		var found *Candidate
		ast.Inspect(e, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			pkg, member := "", ""
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && imports[x.Name] != "" {
					pkg, member = imports[x.Name], n.Sel.Name
				} else {
					pkg, member = own, n.Sel.Name // a method or field of a value of the package
				}
			case *ast.Ident:
				pkg, member = own, n.Name
			default:
				return true
			}
			if a := members[pkg][member]; a != nil {
				found = a
				return false
			}
			if depth > 0 {
				return true
			}
			// One step into a function of the program's own.
			for _, f := range files[dirOf(pkg)] {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == member && fd.Body != nil {
						if a := refers(fd.Body, pkg, importNames(f), depth+1); a != nil {
							found = a
							return false
						}
					}
				}
			}
			return true
		})
		return found
	}
	// envHelper reports whether call calls a function whose name says
	// env, or one of the program's own that reads the variable its first
	// parameter names (orElse(name, def) calling os.LookupEnv(name)).
	envHelper := func(call *ast.CallExpr, own string, imports map[string]string) bool {
		name := calleeName(call)
		if strings.Contains(strings.ToLower(name), "env") {
			return true
		}
		pkg := own
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			x, ok := sel.X.(*ast.Ident)
			if !ok || imports[x.Name] == "" {
				return false
			}
			pkg = imports[x.Name]
		}
		for _, f := range files[dirOf(pkg)] {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv != nil || fd.Name.Name != name || fd.Body == nil || len(fd.Type.Params.List) == 0 || len(fd.Type.Params.List[0].Names) == 0 {
					continue
				}
				param := fd.Type.Params.List[0].Names[0].Name
				reads := false
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok && len(c.Args) > 0 && strings.Contains(strings.ToLower(calleeName(c)), "env") {
						if id, ok := c.Args[0].(*ast.Ident); ok && id.Name == param {
							reads = true
						}
					}
					return !reads
				})
				return reads
			}
		}
		return false
	}
	out := map[string]envOver{}
	take := func(name string, by *Candidate, at token.Pos) {
		if _, ok := out[name]; ok || !ownOverride(name) || optionsVar().MatchString(name) {
			return
		}
		pos := fset.Position(at)
		out[name] = envOver{Entry{name, fmt.Sprintf("taken, when set, in place of the path %s resolves (%s:%d): an override of that root", by.Short, report.ModuleRelative(pos.Filename), pos.Line)}, by}
	}
	for _, d := range slices.Sorted(maps.Keys(files)) {
		own := packageOf(root, modPath, d)
		for _, f := range files[d] {
			imports := importNames(f)
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if len(n.Args) < 2 || !envHelper(n, own, imports) {
						return true
					}
					if name, ok := stringConst(n.Args[0]); ok {
						if by := refers(n.Args[1], own, imports, 0); by != nil {
							take(name, by, n.Pos())
						}
					}
				case *ast.IfStmt:
					els, ok := n.Else.(*ast.BlockStmt)
					if !ok {
						return true
					}
					for _, name := range envNamesIn(n.Init, n.Cond) {
						for _, st := range els.List {
							as, ok := st.(*ast.AssignStmt)
							if !ok {
								continue
							}
							for _, rhs := range as.Rhs {
								if by := refers(rhs, own, imports, 0); by != nil {
									take(name, by, n.Pos())
								}
							}
						}
					}
				}
				return true
			})
		}
	}
	var entries []envOver
	for _, name := range slices.Sorted(maps.Keys(out)) {
		entries = append(entries, out[name])
	}
	return entries
}

// envOver is a root-env entry envOverAuthorities proposes, with the
// authority whose path the variable replaces.
type envOver struct {
	Entry
	by *Candidate
}

// envNamesIn returns the constant names of the environment variables
// read (a call whose function's name says env) in the nodes.
func envNamesIn(nodes ...ast.Node) []string {
	var out []string
	for _, n := range nodes {
		if n == nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 0 && strings.Contains(strings.ToLower(calleeName(call)), "env") {
				if name, ok := stringConst(call.Args[0]); ok {
					out = append(out, name)
				}
			}
			return true
		})
	}
	return out
}

// splitName splits a configuration name into its package path and its
// member: "pkg/path.F" and "(*pkg/path.T).M" into "pkg/path" and "F",
// "M". A name it cannot split gives "".
func splitName(name string) (pkg, member string) {
	if rest, ok := strings.CutPrefix(name, "("); ok {
		typ, m, ok := strings.Cut(rest, ").")
		if !ok {
			return "", ""
		}
		typ = strings.TrimPrefix(typ, "*")
		dot := strings.LastIndex(typ, ".")
		if dot < 0 {
			return "", ""
		}
		return typ[:dot], m
	}
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		return "", ""
	}
	return name[:slash+1+dot], name[slash+1+dot+1:]
}
