package probe

import (
	"go/ast"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// This file finds a dependency's constructor of a struct of shared
// bases (go-xdg's NewBaseDirectorySpecification) that a program keeps
// its own directories below, one of them joined where no resolver of
// the program's holds it: in the struct of its settings' defaults
// (chezmoi's newConfigFile, the cache below CacheHome), a field the rest
// of the program writes through. baseWrappers proposes the resolvers
// that join the program's name below the struct's other fields; the
// join in the defaults is nobody's resolver, and the constructor, whose
// fields are what the writes through it are built on, is the authority.

// structCtors makes a candidate of each exported function of another
// module that fills a struct type of bases (fieldBases: "pkg/path.T.f"
// by cell) and that the program calls by name, when a function of the main
// module's analyzed packages takes that struct and joins the program's
// own name (its module's last element, without a major version) right
// below one of those fields, inside a composite literal: the defaults
// of a struct of settings. It is proposed only beside a resolver of the
// program's over the same struct (baseWrappers' overBase), which shows
// where the program's directories are, and tentatively: the checking
// run credits it with what it removes in the packages that call it,
// where an origin arose in it (propose.go's settleFinders). Syntax
// only, as baseWrappers.
func (g *gatherer) structCtors(bases map[string]bool) {
	if len(bases) == 0 {
		return
	}
	fields := map[string][]string{} // "pkg/path.T": its base fields
	for key := range bases {
		i := strings.LastIndex(key, ".")
		fields[key[:i]] = append(fields[key[:i]], key[i+1:])
	}
	over := map[string]bool{} // the struct types the program's resolvers are built on
	for _, c := range g.byName {
		if c.Module != "" || !c.overBase {
			continue
		}
		for key := range bases {
			if slices.Contains(c.Home, lattice.ShortName(cellName(key))) {
				over[key[:strings.LastIndex(key, ".")]] = true
			}
		}
	}
	joined := map[string]string{}         // "pkg/path.T": the program's name joined below a field in defaults
	calls := map[string]map[string]bool{} // the functions of other packages the program calls ("pkg/path.F"): the packages calling them
	for _, pf := range g.byDir {
		if !pf.Main || !pf.Root {
			continue
		}
		own := programName(pf.Module)
		for _, f := range g.dir(pf.Dir) {
			imports := g.importPaths(f)
			consts := constNames(g.dir(pf.Dir))
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
						if x, ok := sel.X.(*ast.Ident); ok && x.Obj == nil && imports[x.Name] != "" {
							key := imports[x.Name] + "." + sel.Sel.Name
							if calls[key] == nil {
								calls[key] = map[string]bool{}
							}
							calls[key][pf.Path] = true
						}
					}
				}
				return true
			})
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				for name, typ := range structParams(fd, imports, func(typ string) bool { return fields[typ] != nil }) {
					if defaultsJoin(fd.Body, name, fields[typ], consts) == own {
						joined[typ] = own
					}
				}
			}
		}
	}
	for typ := range joined {
		if !over[typ] {
			continue
		}
		pf := g.byPath[cellPackage(typ)]
		if pf == nil || pf.Main {
			continue
		}
		for _, f := range pf.Facts {
			fact, ok := f.Fact.(*rootflow.FuncFact)
			if !ok || strings.Contains(f.Object, ".") || !token.IsExported(f.Object) || calls[pf.Path+"."+f.Object] == nil {
				continue
			}
			fact, err := fact.Loaded()
			if err != nil {
				continue
			}
			var srcs []string
			for _, rf := range fact.Fields {
				if !bases[rf.Cell] || !strings.HasPrefix(rf.Cell, typ+".") {
					continue
				}
				// The fields it fills are what the program's paths are
				// built on; their origins (the home directory) too.
				srcs = append(srcs, lattice.ShortName(cellName(rf.Cell)))
				for _, o := range rf.Value {
					if baseOrigin(o) || homeOrEnv(o) {
						srcs = append(srcs, source(o))
					}
				}
			}
			decl := g.funcDecl(pf, f.Object)
			if len(srcs) == 0 || decl == nil {
				continue
			}
			c := g.funcCandidate(pf, decl, "")
			c.ownStruct = joined[typ]
			if c.usedBy == nil {
				c.usedBy = map[string]bool{}
			}
			for by := range calls[pf.Path+"."+f.Object] {
				c.usedBy[by] = true
			}
			for _, src := range srcs {
				c.add(src)
			}
		}
	}
}

// programName is the last element of a module path without its major
// version: "chezmoi" of "github.com/twpayne/chezmoi/v2".
func programName(module string) string {
	base := path.Base(module)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(module))
	}
	return base
}

// structParams returns fd's parameters of an imported type (or a
// pointer to one) that keep says to keep, by name: "pkg/path.T".
func structParams(fd *ast.FuncDecl, imports map[string]string, keep func(typ string) bool) map[string]string {
	out := map[string]string{}
	for _, field := range fd.Type.Params.List {
		t := field.Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		sel, ok := t.(*ast.SelectorExpr)
		if !ok {
			continue
		}
		pkg, ok := sel.X.(*ast.Ident)
		if !ok {
			continue
		}
		if typ := imports[pkg.Name] + "." + sel.Sel.Name; keep(typ) {
			for _, n := range field.Names {
				out[n.Name] = typ
			}
		}
	}
	return out
}

// constNames returns the string each package-level constant or variable
// of the package of files holds when its value has exactly one string
// literal: "chezmoi" of chezmoiRelPath = chezmoi.NewRelPath("chezmoi").
func constNames(files []*ast.File) map[string]string {
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST && gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, n := range vs.Names {
					if lit := onlyLiteral(vs.Values[i]); lit != "" {
						out[n.Name] = lit
					}
				}
			}
		}
	}
	return out
}

// onlyLiteral returns the one string literal of e, or "".
func onlyLiteral(e ast.Expr) string {
	var lits []string
	ast.Inspect(e, func(n ast.Node) bool {
		if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING {
			if s, err := strconv.Unquote(bl.Value); err == nil {
				lits = append(lits, s)
			}
		}
		return true
	})
	if len(lits) != 1 {
		return ""
	}
	return lits[0]
}

// defaultsJoin returns the name body joins right below a field of
// param (one of fields) inside a composite literal's keyed element:
// filepath.Join(param.F, "name", ...) or a path value's
// X(param.F).Join(name), the name a string literal or a constant of
// consts. It returns "" when there is none, or more than one name.
func defaultsJoin(body *ast.BlockStmt, param string, fields []string, consts map[string]string) string {
	reads := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == param && slices.Contains(fields, sel.Sel.Name) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	nameOf := func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.BasicLit:
			if s, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING {
				return firstName(s)
			}
		case *ast.Ident:
			return firstName(consts[e.Name])
		}
		return ""
	}
	var names []string
	ast.Inspect(body, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		ast.Inspect(kv.Value, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !strings.HasPrefix(sel.Sel.Name, "Join") || len(call.Args) == 0 {
				return true
			}
			var name string
			switch {
			case len(call.Args) >= 2 && reads(call.Args[0]):
				name = nameOf(call.Args[1]) // filepath.Join(base, name, ...)
			case reads(sel.X):
				name = nameOf(call.Args[0]) // base.Join(name)
			default:
				return true
			}
			if name != "" {
				names = append(names, name)
			}
			return false
		})
		return false
	})
	slices.Sort(names)
	if names = slices.Compact(names); len(names) != 1 {
		return ""
	}
	return names[0]
}
