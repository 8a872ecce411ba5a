package probe

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// This file finds the program's variables and fields a command-line flag
// is bound to (flag.Var, pflag's VarP with a flag.Value of the
// program's, StringVar) whose default the program stores into them
// apart from the binding: chezmoi's --destination field, set to the home
// directory before the flags are parsed. The engine takes the binding as
// the user's value and checks the default as any store, so the home
// directory stored there is reported, though a default a binding names
// (StringVar's value argument) is the user's too. Declared =user, the
// field holds what the user chose or its default, as the binding says;
// the home directory itself stays what it is everywhere else.
//
// Unsound where a program stores into a flag's variable a default that
// is its own state (a state directory the --dir flag overrides): that
// default is then the user's, as it would be passed to StringVar.

// FlagCell is a variable or field of the program that a command-line
// flag is bound to, into which the package also stores the home
// directory itself.
type FlagCell struct {
	// Key is the cell ("pkg/path.T.f", "pkg/path.V"); Flag the flag's
	// name; At where it is bound ("internal/cmd/config.go:1711").
	Key, Flag, At string
	// Pkg is the package binding it.
	Pkg string
	// defaults are where the home directory itself, stored into it by
	// the package (through its other cells: c.destDir = c.homeDir),
	// arose.
	defaults []site
}

// flagCells returns the cells of pass's package that a flag binder of
// the knowledge table binds (its first argument the address of a field
// or package variable, its second the flag's constant name) and into
// which the package stores the home directory itself (res.Stores,
// followed through the package's other cells), with where it arose.
func flagCells(pass *analysis.Pass, res *rootflow.Result) []FlagCell {
	var out []FlagCell
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if !ok || !knowledge.Is(fn.FullName(), knowledge.FlagBinder) {
				return true
			}
			addr, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
			if !ok || addr.Op != token.AND {
				return true
			}
			key := cellKey(pass.TypesInfo, addr.X)
			tv := pass.TypesInfo.Types[call.Args[1]]
			if key == "" || tv.Value == nil || tv.Value.Kind() != constant.String {
				return true
			}
			c := FlagCell{Key: key, Flag: constant.StringVal(tv.Value), At: rootflow.ShortPos(pass.Fset.Position(call.Pos())), Pkg: pass.Pkg.Path()}
			seen := map[string]bool{}
			var follow func(key string)
			follow = func(key string) {
				if seen[key] {
					return
				}
				seen[key] = true
				for _, a := range res.Stores[key] {
					switch {
					case a.Kind == rootflow.Cell && a.Path == "":
						follow(a.Key)
					case a.Kind == rootflow.Bad && a.At.IsValid() && a.Cause == rootflow.CauseHome && a.Path == "" && homeOnly(a.Src):
						// The home directory itself: the tree of the
						// user's files (not a directory below it, not
						// the running executable, which allow-write exe
						// declares).
						if s := (site{a.At.Filename, a.At.Line}); !slices.Contains(c.defaults, s) {
							c.defaults = append(c.defaults, s)
						}
					}
				}
			}
			follow(key)
			if len(c.defaults) > 0 {
				out = append(out, c)
			}
			return true
		})
	}
	return out
}

// cellKey returns the engine's cell key of e, a package variable or a
// field selected from a value of a named struct type ("pkg/path.T.f";
// for a promoted field, the type declaring it), or "".
func cellKey(info *types.Info, e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[e].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			return v.Pkg().Path() + "." + v.Name()
		}
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal {
			if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return v.Pkg().Path() + "." + v.Name() // pkg.V
			}
			return ""
		}
		t := sel.Recv()
		var owner *types.Named
		for _, i := range sel.Index() {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			st, ok := t.Underlying().(*types.Struct)
			if !ok {
				return ""
			}
			owner, _ = types.Unalias(t).(*types.Named)
			t = st.Field(i).Type()
		}
		if owner == nil || owner.Obj().Pkg() == nil {
			return ""
		}
		obj := owner.Origin().Obj()
		return obj.Pkg().Path() + "." + obj.Name() + "." + sel.Obj().Name()
	}
	return ""
}

// addFlagDefaults adds to p, as user-chosen paths proposed tentatively
// (the checking run credits them, as a finder), the program's flag
// cells that its writes go through (the main module's requirements on
// cells) and that hold a default one of the findings' offending origins
// arose in: what the user gives the flag, or the default the program
// stores into it.
func (p *Proposal) addFlagDefaults(cells []FlagCell, facts []driver.PackageFacts, origins []FindingOrigin) {
	reqs := mainCellReqs(facts)
	found := map[site]bool{}
	for _, o := range origins {
		if o.File != "" {
			found[site{o.File, o.Line}] = true
		}
	}
	declared := map[string]bool{}
	for _, a := range p.Authorities {
		for _, n := range a.Names() {
			declared[n] = true
			declared[rootflow.FieldCellKey(n)] = true
		}
	}
	for _, fc := range cells {
		if !reqs[fc.Key] || declared[fc.Key] || !slices.ContainsFunc(fc.defaults, func(s site) bool { return found[s] }) {
			continue
		}
		declared[fc.Key] = true
		name, shape := cellName(fc.Key), "field"
		if name == fc.Key {
			shape = "package variable"
		}
		c := &Candidate{Name: name, Short: lattice.ShortName(name), Shape: shape, At: fc.At, Pkg: fc.Pkg, Family: fc.Key, User: true, tentative: true}
		var at []string
		for _, s := range fc.defaults {
			if found[s] {
				at = append(at, fmt.Sprintf("%s:%d", report.ModuleRelative(s.file), s.line))
			}
		}
		slices.Sort(at)
		c.flagBound = fmt.Sprintf("holds what the user gives the --%s flag bound to it there, or the default the program stores into it, which arises at %s", fc.Flag, strings.Join(slices.Compact(at), ", "))
		p.Authorities = append(p.Authorities, Authority{Candidate: c})
	}
}

// mainCellReqs returns the cells the main module's packages have
// requirements on: the cells its writes go through.
func mainCellReqs(facts []driver.PackageFacts) map[string]bool {
	reqs := map[string]bool{}
	for i := range facts {
		if !facts[i].Main {
			continue
		}
		for _, f := range facts[i].Facts {
			if pf, ok := f.Fact.(*rootflow.PackageFact); ok && f.Object == "" {
				for _, r := range pf.CellReqs {
					reqs[r.Key] = true
				}
			}
		}
	}
	return reqs
}
