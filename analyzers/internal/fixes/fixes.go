// Package fixes builds the migration fixes of shadowwrite and adhocroot:
// the suggested fixes that move a write under the program's authority
// (the state dir rebuilt by hand on the home directory, an XDG base or a
// literal absolute path; a fixed name in the working directory where the
// program has a repo authority), and the alternative that declares a
// fixed name a product of its command.
//
// A root rewrite replaces the ad-hoc base with the authority and keeps the
// rest of the path: filepath.Join(home, ".px", "x") becomes
// filepath.Join(root, "x"). An authority returning (string, error) is
// called in a statement of its own, `root, err := …` with `if err != nil
// { return …, err }`, only where the enclosing function returns an error
// and err is not live there; an authority returning a string is called in
// place. Where the home directory's lookup is left unused, the authority's
// call takes its place.
//
// Fix kinds are told apart by their message (internal/fixkind): a
// declaration's starts with "Declare "; --fix applies the others only.
// A finding with no root rewrite says why in its URL (internal/findingkey,
// WithNoFix), which the CLI prints under --fix and --diff.
package fixes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/findingkey"
)

// StaterootsPath is the authority library whose functions a fix calls
// when the program has no authority of its own that fits.
const StaterootsPath = "github.com/staterootlint/staterootlint/stateroots"

// Fixer builds the fixes of one pass.
type Fixer struct {
	pass     *analysis.Pass
	bases    map[token.Pos]rootflow.Origins
	refs     []rootflow.AuthorityRef
	stateDir []string // ".px", one path segment each

	once   sync.Once
	reads  map[*types.Var][]*ast.Ident // reads of each variable (assignments are not)
	writes map[*types.Var]int          // assignments to each variable, definitions included
	params map[*types.Var]bool
	pkgUse map[*types.PkgName][]*ast.Ident
}

// New returns the fixer of a pass: bases is the engine's Result.Bases,
// refs the program's authorities, stateDir the configured state-dir names.
func New(pass *analysis.Pass, bases map[token.Pos]rootflow.Origins, refs []rootflow.AuthorityRef, stateDir []string) *Fixer {
	fx := &Fixer{pass: pass, bases: bases, refs: refs}
	for _, d := range stateDir {
		d = strings.TrimRight(d, `/\`)
		if i := strings.LastIndexAny(d, `/\`); i >= 0 {
			d = d[i+1:]
		}
		if d != "" {
			fx.stateDir = append(fx.stateDir, d)
		}
	}
	return fx
}

// AttachWrite attaches to d, shadowwrite's diagnostic of the engine's
// finding f, its fixes (Write), and why it has no root rewrite if it has
// none.
func (fx *Fixer) AttachWrite(d *analysis.Diagnostic, f *rootflow.Finding) {
	fixes, why := fx.Write(f.Pos, f.Origin, f.Site != rootflow.AtStore)
	Attach(d, fixes, why)
}

// AttachWrites attaches to d, shadowwrite's one diagnostic of the
// engine's findings fs at one position, the fixes of the finding when
// there is one: a write whose path has several origins keeps its finding
// after a fix of one of them.
func (fx *Fixer) AttachWrites(d *analysis.Diagnostic, fs []*rootflow.Finding) {
	if len(fs) == 1 {
		fx.AttachWrite(d, fs[0])
		return
	}
	Attach(d, nil, fmt.Sprintf("the path has %d origins; moving each is the author's decision", len(fs)))
}

// Attach adds fixes to d, and records why it has no root rewrite (if why
// is not "") in its URL.
func Attach(d *analysis.Diagnostic, fixes []analysis.SuggestedFix, why string) {
	d.SuggestedFixes = append(d.SuggestedFixes, fixes...)
	if why != "" {
		d.URL = findingkey.WithNoFix(d.URL, why)
	}
}

// decline is a reason for no root rewrite.
type decline string

// notStateDir is why a path that is not the state dir rebuilt by hand gets
// no fix.
const notStateDir = "moving data to another directory is the author's decision"

// Write returns the fixes of a shadowwrite finding at pos (the write, the
// call that passes the path on, or the store of a field or variable that
// is written) on a value from o: the root rewrite, if any, then, if
// declarable (the write is reached from the function holding pos), the
// declaration of a fixed name in the working directory; and why there is
// no root rewrite, if there is none.
func (fx *Fixer) Write(pos token.Pos, o rootflow.Origin, declarable bool) ([]analysis.SuggestedFix, string) {
	if o.Kind != rootflow.Bad {
		return nil, ""
	}
	file, stack := fx.enclosing(pos)
	if file == nil {
		return nil, "the write is in a file the analysis did not parse"
	}
	// The expressions that may hold the path: the call's arguments, or
	// the values a store assigns.
	var args []ast.Expr
	for _, n := range stack {
		if c, ok := n.(*ast.CallExpr); ok && (c.Lparen == pos || c.Pos() == pos) {
			args = c.Args
			break
		}
	}
	if args == nil {
	stores:
		for _, n := range stack {
			switch n := n.(type) {
			case *ast.AssignStmt:
				args = n.Rhs
			case *ast.KeyValueExpr:
				args = []ast.Expr{n.Value}
			case *ast.ValueSpec:
				args = n.Values
			default:
				continue
			}
			break stores
		}
	}
	var out []analysis.SuggestedFix
	fix, why := fx.rootFix(file, stack, args, o)
	if fix != nil {
		out = append(out, *fix)
	}
	if d := fx.declare(stack, o); d != nil && declarable {
		out = append(out, *d)
	}
	return out, string(why)
}

// rootFix builds the root rewrite of a write's path.
func (fx *Fixer) rootFix(file *ast.File, stack []ast.Node, args []ast.Expr, o rootflow.Origin) (*analysis.SuggestedFix, decline) {
	if len(args) == 0 {
		return nil, "the path reaches the write in a way the fix does not follow; derive it from the authority where it is built"
	}
	fn := enclosingFunc(stack)
	if fn == nil {
		return nil, "the path is built outside a function"
	}
	switch {
	case o.Cause == knowledge.CauseHome || o.Cause == knowledge.CauseEnv:
		home, ok := fx.homeLike(o)
		if !ok {
			return nil, decline(fmt.Sprintf("the path comes from the environment variable %s, not from a base the state dir was rebuilt on; %s", o.EnvVar(), notStateDir))
		}
		if first, _, _ := strings.Cut(strings.TrimPrefix(o.Path, "/"), "/"); !fx.isStateDir(first, home) {
			return nil, decline(fmt.Sprintf("the path is not below the state dir %s; %s", fx.stateDirName(), notStateDir))
		}
		for _, arg := range args {
			if j := fx.findJoin(fn, arg, home, 0); j != nil {
				return fx.rewriteJoin(file, fn, j, o)
			}
		}
		return nil, "the path is not built with a join in the function that writes it"
	case o.Cause == knowledge.CauseLiteral && !o.Rel:
		full := path.Join(o.Lit, o.Path)
		if _, _, ok := fx.splitStateDir(full); !ok {
			return nil, decline(fmt.Sprintf("the path is not below the state dir %s; %s", fx.stateDirName(), notStateDir))
		}
		for _, arg := range args {
			if lit := fx.findLiteral(fn, arg, func(s string) bool { _, _, ok := fx.splitStateDir(s); return filepath.IsAbs(s) && ok }, 0); lit != nil {
				return fx.rewriteLiteral(file, fn, lit, o, true)
			}
		}
		return nil, "the fixed path is not spelled out in the function that writes it"
	case o.Rel && o.Lit != "":
		for _, arg := range args {
			if lit := fx.findLiteral(fn, arg, func(s string) bool { return s == o.Lit }, 0); lit != nil {
				return fx.rewriteLiteral(file, fn, lit, o, false)
			}
		}
		return nil, "the name is not spelled out in the function that writes it"
	case o.Cause == knowledge.CauseEnv:
		return nil, decline(fmt.Sprintf("the path comes from the environment variable %s; %s", o.EnvVar(), notStateDir))
	}
	return nil, decline("the path is not the program's state dir rebuilt by hand; " + notStateDir)
}

// homeLike reports whether o is a home-like base (the home or user config
// directory, $HOME or an XDG base), and whether it is the home directory
// itself (below which the state dir keeps its dot).
func (fx *Fixer) homeLike(o rootflow.Origin) (home, ok bool) {
	if name := o.EnvVar(); name != "" {
		ok, home = knowledge.IsHomeEnv(name)
		return home, ok && name != "XDG_RUNTIME_DIR"
	}
	if f, found := knowledge.Fields[o.Src]; found {
		return f.Home, f.Cause == knowledge.CauseHome
	}
	if f, found := knowledge.Lookup(o.Src); found {
		return f.Home, f.Cause == knowledge.CauseHome
	}
	return false, false
}

// isStateDir reports whether seg names the state dir: ".px", or "px" on a
// shared base (an XDG base, the user config directory).
func (fx *Fixer) isStateDir(seg string, home bool) bool {
	for _, d := range fx.stateDir {
		if seg == d || !home && seg == strings.TrimPrefix(d, ".") && seg != d {
			return true
		}
	}
	return false
}

func (fx *Fixer) stateDirName() string {
	if len(fx.stateDir) == 0 {
		return "(none configured: -state-dir)"
	}
	return fx.stateDir[0]
}

// app returns the application name of the state dir: "px" for ".px".
func (fx *Fixer) app() string {
	if len(fx.stateDir) == 0 {
		return ""
	}
	return strings.TrimPrefix(fx.stateDir[0], ".")
}

// splitStateDir splits an absolute path at its state-dir segment:
// "/home/me/.px/a/b" is "/home/me/.px" and "a/b".
func (fx *Fixer) splitStateDir(p string) (base, rest string, ok bool) {
	segs := strings.Split(filepath.ToSlash(p), "/")
	for i, s := range segs {
		if slices.Contains(fx.stateDir, s) {
			return strings.Join(segs[:i+1], "/"), strings.Join(segs[i+1:], "/"), true
		}
	}
	return "", "", false
}

// enclosing returns the file holding pos and the path of nodes from the
// innermost one at pos out to the file.
func (fx *Fixer) enclosing(pos token.Pos) (*ast.File, []ast.Node) {
	for _, f := range fx.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			stack, _ := astutil.PathEnclosingInterval(f, pos, pos)
			return f, stack
		}
	}
	return nil, nil
}

// funcNode is the innermost function around a position.
type funcNode struct {
	node ast.Node // *ast.FuncDecl or *ast.FuncLit
	typ  *ast.FuncType
	body *ast.BlockStmt
	decl *ast.FuncDecl // the declaration it is in
}

func enclosingFunc(stack []ast.Node) *funcNode {
	var fn *funcNode
	for _, n := range stack {
		switch n := n.(type) {
		case *ast.FuncLit:
			if fn == nil {
				fn = &funcNode{node: n, typ: n.Type, body: n.Body}
			}
		case *ast.FuncDecl:
			if n.Body == nil {
				return nil
			}
			if fn == nil {
				fn = &funcNode{node: n, typ: n.Type, body: n.Body}
			}
			fn.decl = n
			return fn
		}
	}
	return fn
}

// trace follows e through a local variable with one assignment, its
// definition, to the expression it holds.
func (fx *Fixer) trace(fn *funcNode, e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	id, ok := e.(*ast.Ident)
	if !ok {
		return e
	}
	v, ok := fx.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || fx.writes[v] != 1 || v.Pos() < fn.body.Pos() || v.Pos() >= fn.body.End() {
		return e
	}
	var def ast.Expr
	ast.Inspect(fn.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || def != nil || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return def == nil
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && fx.pass.TypesInfo.Defs[lid] == v {
				def = as.Rhs[i]
			}
		}
		return def == nil
	})
	if def == nil {
		return e
	}
	return ast.Unparen(def)
}

// isJoin reports whether call is filepath.Join or path.Join.
func (fx *Fixer) isJoin(call *ast.CallExpr) bool {
	fn := typeutil.StaticCallee(fx.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Name() != "Join" {
		return false
	}
	return (fn.Pkg().Path() == "path/filepath" || fn.Pkg().Path() == "path") && !call.Ellipsis.IsValid()
}

// findJoin finds, in e or what it holds, the join of a home-like base
// (as the engine recorded it) with the state dir.
func (fx *Fixer) findJoin(fn *funcNode, e ast.Expr, home bool, depth int) *ast.CallExpr {
	fx.index()
	if depth > 4 {
		return nil
	}
	call, ok := fx.trace(fn, e).(*ast.CallExpr)
	if !ok || !fx.isJoin(call) || len(call.Args) < 2 {
		return nil
	}
	if fx.builtOnHome(call.Lparen) {
		if s, ok := constString(fx.pass.TypesInfo, call.Args[1]); ok {
			first, _, _ := strings.Cut(filepath.ToSlash(s), "/")
			if fx.isStateDir(first, home) {
				return call
			}
		}
	}
	return fx.findJoin(fn, call.Args[0], home, depth+1)
}

// builtOnHome reports whether the engine recorded the path built at pos as
// built on a home-like base itself (not on a path below it).
func (fx *Fixer) builtOnHome(pos token.Pos) bool {
	for _, a := range fx.bases[pos] {
		if a.BareSource() {
			if _, ok := fx.homeLike(a); ok {
				return true
			}
		}
	}
	return false
}

// findLiteral finds, in e or what it holds (through joins' first
// elements), a string literal whose value satisfies match.
func (fx *Fixer) findLiteral(fn *funcNode, e ast.Expr, match func(string) bool, depth int) *ast.BasicLit {
	fx.index()
	if depth > 4 {
		return nil
	}
	switch x := fx.trace(fn, e).(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING && match(s) {
			return x
		}
	case *ast.CallExpr:
		if fx.isJoin(x) && len(x.Args) > 0 {
			return fx.findLiteral(fn, x.Args[0], match, depth+1)
		}
	}
	return nil
}

// authority is an authority a fix calls.
type authority struct {
	path, pkgName string // its package
	name          string // the function or variable
	isVar         bool   // a string variable, not a function
	args          string // the call's arguments: `"px"` for stateroots.GlobalStateRoot
	err           bool   // it returns (string, error)
}

// authorityFor picks the authority for a path from o: the program's own
// that fit (rootflow.SuggestFrom) and can be called without arguments,
// else the stateroots function of the kind (global, cache) when the
// package can import stateroots; kinds limits the kinds when not nil.
func (fx *Fixer) authorityFor(o rootflow.Origin, kinds []string, file string) (*authority, decline) {
	var candidates []rootflow.AuthorityRef
	for _, ref := range rootflow.SuggestFrom(fx.refs, o, fx.pass.Pkg.Path()) {
		if kinds == nil || slices.Contains(kinds, ref.Kind) {
			candidates = append(candidates, ref)
		}
	}
	for _, ref := range candidates {
		if a := fx.resolve(ref.Name); a != nil {
			return a, ""
		}
	}
	want := rootflow.FitKinds(o)
	if kinds != nil {
		want = kinds
	}
	if len(want) == 0 {
		want = []string{"global"}
	}
	lib := map[string]string{"global": "GlobalStateRoot", "cache": "CacheRoot"}[want[0]]
	if lib == "" {
		if len(candidates) > 0 {
			return nil, decline(fmt.Sprintf("the program's authority %s takes arguments the fix cannot supply", candidates[0].Name))
		}
		return nil, decline(fmt.Sprintf("the program has no %s authority the package can call without arguments", strings.Join(want, " or ")))
	}
	if fx.app() == "" {
		return nil, "no state dir is configured (-state-dir), so the application name is not known"
	}
	lib_ := &authority{path: StaterootsPath, pkgName: "stateroots", name: lib, args: strconv.Quote(fx.app()), err: true}
	if pkg := fx.importable(StaterootsPath); pkg != nil {
		fn, ok := pkg.Scope().Lookup(lib).(*types.Func)
		if !ok || !appAuthority(fn.Signature()) {
			return nil, decline("stateroots." + lib + " has an unexpected signature")
		}
		lib_.pkgName = pkg.Name()
		return lib_, ""
	}
	if file != "" && moduleRequires(file, strings.TrimSuffix(StaterootsPath, "/stateroots")) {
		return lib_, ""
	}
	return nil, decline(fmt.Sprintf("the program has no %s authority and does not use stateroots", want[0]))
}

// resolve finds the function or string variable an authority's name
// ("pkg/path.F", "pkg/path.V") denotes among the packages this one can
// see, if it can be called without arguments.
func (fx *Fixer) resolve(name string) *authority {
	i := strings.LastIndex(name, ".")
	if i < 0 || strings.ContainsAny(name, "()*") {
		return nil // a method needs a receiver the fix does not have
	}
	pkg := fx.importable(name[:i])
	if pkg == nil {
		return nil
	}
	switch obj := pkg.Scope().Lookup(name[i+1:]).(type) {
	case *types.Func:
		sig := obj.Signature()
		if sig.Params().Len() > 1 || sig.Params().Len() == 1 && !sig.Variadic() {
			return nil
		}
		a := &authority{path: pkg.Path(), pkgName: pkg.Name(), name: obj.Name()}
		switch res := sig.Results(); {
		case res.Len() == 1 && isString(res.At(0).Type()):
			return a
		case res.Len() == 2 && isString(res.At(0).Type()) && isError(res.At(1).Type()):
			a.err = true
			return a
		}
	case *types.Var:
		if isString(obj.Type()) {
			return &authority{path: pkg.Path(), pkgName: pkg.Name(), name: obj.Name(), isVar: true}
		}
	}
	return nil
}

// importable returns the package path if this package is it or imports
// it, directly or not (so importing it adds no new dependency, and no
// cycle); for stateroots, also when the module that holds the package
// requires the staterootlint module.
func (fx *Fixer) importable(pkgPath string) *types.Package {
	if fx.pass.Pkg.Path() == pkgPath {
		return fx.pass.Pkg
	}
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) *types.Package
	walk = func(p *types.Package) *types.Package {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if imp.Path() == pkgPath {
				return imp
			}
			if found := walk(imp); found != nil {
				return found
			}
		}
		return nil
	}
	return walk(fx.pass.Pkg)
}

// appAuthority reports whether sig can be called with one string and
// returns (string, error), as stateroots.GlobalStateRoot.
func appAuthority(sig *types.Signature) bool {
	params, results := sig.Params(), sig.Results()
	if params.Len() == 0 || params.Len() > 2 || (params.Len() == 2 && !sig.Variadic()) ||
		!types.Identical(params.At(0).Type(), types.Typ[types.String]) {
		return false
	}
	return results.Len() == 2 && isString(results.At(0).Type()) && isError(results.At(1).Type())
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// constString returns the value of e if it is a constant string.
func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return "", false
	}
	s, err := strconv.Unquote(tv.Value.ExactString())
	return s, err == nil
}

// index computes, once per pass, the reads and assignments of every
// variable, the parameters and results of every function, and the uses
// of every import.
func (fx *Fixer) index() {
	fx.once.Do(func() {
		info := fx.pass.TypesInfo
		fx.reads = make(map[*types.Var][]*ast.Ident)
		fx.writes = make(map[*types.Var]int)
		fx.params = make(map[*types.Var]bool)
		fx.pkgUse = make(map[*types.PkgName][]*ast.Ident)
		written := make(map[*ast.Ident]bool)
		for _, f := range fx.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for _, l := range n.Lhs {
						if id, ok := ast.Unparen(l).(*ast.Ident); ok {
							written[id] = true
							if v, ok := info.ObjectOf(id).(*types.Var); ok {
								fx.writes[v]++
							}
						}
					}
				case *ast.IncDecStmt:
					if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
						written[id] = true
						if v, ok := info.ObjectOf(id).(*types.Var); ok {
							fx.writes[v]++
						}
					}
				case *ast.UnaryExpr:
					if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
						if v, ok := info.ObjectOf(id).(*types.Var); ok {
							fx.writes[v] += 2 // its address escapes: never one assignment
						}
					}
				case *ast.ValueSpec:
					for _, name := range n.Names {
						if v, ok := info.Defs[name].(*types.Var); ok {
							fx.writes[v]++
						}
					}
				case *ast.FuncType:
					for _, fl := range []*ast.FieldList{n.Params, n.Results} {
						if fl == nil {
							continue
						}
						for _, field := range fl.List {
							for _, name := range field.Names {
								if v, ok := info.Defs[name].(*types.Var); ok {
									fx.params[v] = true
								}
							}
						}
					}
				}
				return true
			})
		}
		for id, obj := range info.Uses {
			switch obj := obj.(type) {
			case *types.Var:
				if !written[id] {
					fx.reads[obj] = append(fx.reads[obj], id)
				}
			case *types.PkgName:
				fx.pkgUse[obj] = append(fx.pkgUse[obj], id)
			}
		}
	})
}

// moduleRequires reports whether the go.mod of the module holding file
// requires (or is) the module mod. It reads the file system, as
// report.ModuleRelative does: the module's go.mod does not change while
// it is analyzed.
func moduleRequires(file, mod string) bool {
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "require "))
				if len(f) > 0 && f[0] == mod || len(f) > 1 && strings.HasPrefix(strings.TrimSpace(line), "module ") && f[1] == mod {
					return true
				}
			}
			return false
		}
		if filepath.Dir(dir) == dir {
			return false
		}
	}
}
