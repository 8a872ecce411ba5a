package fixes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// plan accumulates the edits of one fix in one file.
type plan struct {
	fx      *Fixer
	file    *ast.File
	fn      *funcNode
	auth    *authority
	edits   []analysis.TextEdit
	removed [][2]token.Pos    // source the fix removes, for what is left unused
	imports map[string]string // import paths to add, by the name the fix uses
	quals   map[string]string // how the file names a package, by path ("filepath.", "")
	deleted map[*types.PkgName]bool
}

func (fx *Fixer) newPlan(file *ast.File, fn *funcNode) *plan {
	return &plan{fx: fx, file: file, fn: fn, imports: map[string]string{}, quals: map[string]string{}, deleted: map[*types.PkgName]bool{}}
}

// site is an expression a fix replaces, and with what it replaces it
// given the name of the root: ref is "root", or the authority's call.
type site struct {
	pos, end token.Pos
	text     func(ref string) string
}

// rewriteJoin builds the fix replacing the home-like base and the state
// dir of join j (and of the other joins of the function on the same base
// variable) with the authority.
func (fx *Fixer) rewriteJoin(file *ast.File, fn *funcNode, j *ast.CallExpr, o rootflow.Origin) (*analysis.SuggestedFix, decline) {
	auth, why := fx.authorityFor(o, nil, fx.pass.Fset.Position(j.Pos()).Filename)
	if auth == nil {
		return nil, why
	}
	info := fx.pass.TypesInfo
	joins := []*ast.CallExpr{j}
	var baseVar *types.Var
	if id, ok := ast.Unparen(j.Args[0]).(*ast.Ident); ok {
		baseVar, _ = info.Uses[id].(*types.Var)
	}
	if baseVar != nil {
		ast.Inspect(fn.body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || c == j || !fx.isJoin(c) || len(c.Args) < 2 {
				return true
			}
			if id, ok := ast.Unparen(c.Args[0]).(*ast.Ident); ok && info.Uses[id] == baseVar && fx.builtOnHome(c.Lparen) {
				if s, ok := constString(info, c.Args[1]); ok {
					first, _, _ := strings.Cut(s, "/")
					if slices.Contains(fx.stateDir, first) || fx.isStateDir(first, false) {
						joins = append(joins, c)
					}
				}
			}
			return true
		})
		slices.SortFunc(joins, func(a, b *ast.CallExpr) int { return int(a.Pos() - b.Pos()) })
	}
	var sites []site
	for _, c := range joins {
		s, _ := constString(info, c.Args[1])
		_, rest, _ := strings.Cut(s, "/")
		if len(c.Args) == 2 && rest == "" {
			sites = append(sites, site{c.Pos(), c.End(), func(ref string) string { return ref }})
			continue
		}
		sites = append(sites, site{c.Args[0].Pos(), c.Args[1].End(), func(ref string) string {
			if rest != "" {
				return ref + ", " + strconv.Quote(rest)
			}
			return ref
		}})
	}
	p := fx.newPlan(file, fn)
	p.auth = auth
	return p.finish(sites, baseVar)
}

// rewriteLiteral builds the fix replacing a literal path: an absolute one
// holding the state dir (abs), whose part up to the state dir becomes the
// root, or a name relative to the working directory, which goes below
// the root.
func (fx *Fixer) rewriteLiteral(file *ast.File, fn *funcNode, lit *ast.BasicLit, o rootflow.Origin, abs bool) (*analysis.SuggestedFix, decline) {
	// An absolute path is nobody's repository: its state is global.
	kinds := []string{"global", "state"}
	if !abs {
		kinds = []string{"repo", "project", "state"}
	}
	auth, why := fx.authorityFor(o, kinds, fx.pass.Fset.Position(lit.Pos()).Filename)
	if auth == nil {
		if !abs {
			return nil, "the program has no repo or project authority the package can call"
		}
		return nil, why
	}
	value, _ := strconv.Unquote(lit.Value)
	rest := value
	if abs {
		_, rest, _ = fx.splitStateDir(value)
	}
	p := fx.newPlan(file, fn)
	p.auth = auth
	// A literal that is a join's first element takes the root's place
	// there; anywhere else it becomes a join.
	inJoin := false
	stack, _ := astutil.PathEnclosingInterval(file, lit.Pos(), lit.End())
	for _, n := range stack[1:] {
		if c, ok := n.(*ast.CallExpr); ok {
			inJoin = fx.isJoin(c) && len(c.Args) > 0 && ast.Unparen(c.Args[0]) == lit
		}
		if _, ok := n.(*ast.ParenExpr); !ok {
			break
		}
	}
	join := ""
	if !inJoin && rest != "" {
		q, ok := p.qualify("path/filepath", "filepath", lit.Pos())
		if !ok {
			return nil, "path/filepath cannot be imported under its name in this file"
		}
		join = q + "Join"
	}
	s := site{lit.Pos(), lit.End(), func(ref string) string {
		switch {
		case rest == "":
			return ref
		case inJoin:
			return ref + ", " + strconv.Quote(rest)
		}
		return join + "(" + ref + ", " + strconv.Quote(rest) + ")"
	}}
	return p.finish([]site{s}, nil)
}

// finish completes a root rewrite replacing sites: it decides where the
// authority is called (in place of baseVar's definition when that is left
// unused, in a statement of its own, or in place for an authority
// returning a string), and adds the imports and deletions that follow.
func (p *plan) finish(sites []site, baseVar *types.Var) (*analysis.SuggestedFix, decline) {
	fx, info := p.fx, p.fx.pass.TypesInfo
	fx.index()
	for _, s := range sites {
		p.removed = append(p.removed, [2]token.Pos{s.pos, s.end})
	}
	qual, ok := p.qualify(p.auth.path, p.auth.pkgName, sites[0].pos)
	if !ok {
		return nil, decline(fmt.Sprintf("%s cannot be referred to in this file (its name is taken)", p.auth.path))
	}
	call := qual + p.auth.name
	if !p.auth.isVar {
		call += "(" + p.auth.args + ")"
	}
	shown := call

	// Whether the base variable is left unused by the rewrite.
	baseUnused := false
	var def *ast.AssignStmt
	if baseVar != nil && !fx.params[baseVar] && baseVar.Parent() != fx.pass.Pkg.Scope() && !p.readOutside(baseVar) {
		baseUnused = true
		def = p.definition(baseVar)
		if def == nil {
			return nil, decline(fmt.Sprintf("%s would be left unused, and its definition is not a lookup the fix can replace", baseVar.Name()))
		}
	}
	// Every other local variable the removed source reads must stay read.
	var bad string
	for _, r := range p.removed {
		ast.Inspect(p.file, func(n ast.Node) bool {
			if n == nil || n.End() <= r[0] || n.Pos() >= r[1] {
				return false
			}
			if id, ok := n.(*ast.Ident); ok && id.Pos() >= r[0] && id.End() <= r[1] {
				if v, ok := info.Uses[id].(*types.Var); ok && v != baseVar && !v.IsField() && !fx.params[v] && v.Parent() != fx.pass.Pkg.Scope() && v.Pkg() == fx.pass.Pkg && !p.readOutside(v) {
					bad = v.Name()
				}
			}
			return true
		})
	}
	if bad != "" {
		return nil, decline(fmt.Sprintf("%s would be left unused", bad))
	}

	rootName := p.freeName(sites)
	if rootName == "" {
		return nil, "no name for the root is free in the function (root, stateRoot)"
	}
	ref := rootName
	switch {
	case baseUnused && p.auth.err && len(def.Lhs) == 2 && !isBlank(def.Lhs[1]):
		// home, err := os.UserHomeDir() becomes root, err := authority().
		p.replace(def.Lhs[0].Pos(), def.Lhs[0].End(), rootName)
		p.replace(def.Rhs[0].Pos(), def.Rhs[0].End(), call)
	case baseUnused && p.auth.err:
		stmt, why := p.errStatement(def, rootName, call)
		if stmt == "" {
			return nil, why
		}
		p.replace(def.Pos(), def.End(), strings.TrimSpace(stmt))
	case baseUnused && (len(def.Lhs) == 1 || isBlank(def.Lhs[1])):
		p.replace(def.Pos(), def.End(), rootName+" := "+call)
	case baseUnused:
		return nil, decline(fmt.Sprintf("the error of %s's lookup would be left unset", baseVar.Name()))
	case p.auth.err:
		at := p.statementAt(sites)
		if at == nil {
			return nil, "no statement encloses every use of the root"
		}
		stmt, why := p.errStatement(at, rootName, call)
		if stmt == "" {
			return nil, why
		}
		tf := fx.pass.Fset.File(at.Pos())
		start := tf.LineStart(tf.Line(at.Pos()))
		p.edits = append(p.edits, analysis.TextEdit{Pos: start, End: start, NewText: []byte(stmt)})
	default:
		ref = call // a string authority is called in place
	}
	for _, s := range sites {
		p.edits = append(p.edits, analysis.TextEdit{Pos: s.pos, End: s.end, NewText: []byte(s.text(ref))})
	}
	if !p.importEdits() {
		return nil, "the imports cannot be updated"
	}
	slices.SortFunc(p.edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	return &analysis.SuggestedFix{Message: "Derive the path from " + shown, TextEdits: p.edits}, ""
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// replace replaces [pos, end) with text, removing what was there.
func (p *plan) replace(pos, end token.Pos, text string) {
	p.removed = append(p.removed, [2]token.Pos{pos, end})
	p.edits = append(p.edits, analysis.TextEdit{Pos: pos, End: end, NewText: []byte(text)})
}

// inRemoved reports whether pos lies in source the fix removes.
func (p *plan) inRemoved(pos token.Pos) bool {
	for _, r := range p.removed {
		if r[0] <= pos && pos < r[1] {
			return true
		}
	}
	return false
}

// readOutside reports whether v is read outside the removed source.
func (p *plan) readOutside(v *types.Var) bool {
	for _, id := range p.fx.reads[v] {
		if !p.inRemoved(id.Pos()) {
			return true
		}
	}
	return false
}

// definition returns the statement defining v, `v := lookup()` or
// `v, err := lookup()`, when it is one the fix can replace: v's only
// assignment, with a call, a field or a selector on the right.
func (p *plan) definition(v *types.Var) *ast.AssignStmt {
	if p.fx.writes[v] != 1 {
		return nil
	}
	var def *ast.AssignStmt
	ast.Inspect(p.fn.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || def != nil {
			return def == nil
		}
		if as.Tok == token.DEFINE && len(as.Rhs) == 1 && len(as.Lhs) <= 2 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && p.fx.pass.TypesInfo.Defs[id] == v {
				def = as
			}
		}
		return def == nil
	})
	if def == nil {
		return nil
	}
	switch ast.Unparen(def.Rhs[0]).(type) {
	case *ast.CallExpr, *ast.SelectorExpr:
	default:
		return nil
	}
	// The statement must be one of a block's (not an if's init).
	stack, _ := astutil.PathEnclosingInterval(p.file, def.Pos(), def.End())
	for _, n := range stack[1:] {
		switch n.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			p.removed = append(p.removed, [2]token.Pos{def.Rhs[0].Pos(), def.Rhs[0].End()})
			return def
		}
		break
	}
	return nil
}

// freeName returns "root" or "stateRoot", whichever no declaration in the
// function and nothing in scope at the sites already names.
func (p *plan) freeName(sites []site) string {
	scope := p.fx.pass.Pkg.Scope()
names:
	for _, name := range []string{"root", "stateRoot"} {
		taken := false
		ast.Inspect(p.fn.body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name && p.fx.pass.TypesInfo.Defs[id] != nil {
				taken = true
			}
			return !taken
		})
		if taken {
			continue
		}
		for _, s := range sites {
			if in := scope.Innermost(s.pos); in != nil {
				if _, obj := in.LookupParent(name, s.pos); obj != nil {
					continue names
				}
			}
		}
		return name
	}
	return ""
}

// statementAt returns the statement before which the authority is called:
// in the innermost block holding every site, the statement holding the
// first.
func (p *plan) statementAt(sites []site) ast.Stmt {
	stack, _ := astutil.PathEnclosingInterval(p.file, sites[0].pos, sites[0].end)
	last := sites[len(sites)-1]
	for i, n := range stack {
		var list []ast.Stmt
		switch b := n.(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		case *ast.FuncLit, *ast.FuncDecl:
			return nil
		default:
			continue
		}
		if n.End() < last.end || i == 0 {
			continue
		}
		for _, s := range list {
			if s.Pos() <= sites[0].pos && sites[0].pos < s.End() {
				return s
			}
		}
	}
	return nil
}

// errStatement renders the call of an authority returning (string,
// error) before stmt, `root, err := call` and the check returning the
// error, indented as stmt is; or "" and why it cannot be placed there.
func (p *plan) errStatement(stmt ast.Stmt, rootName, call string) (string, decline) {
	fx, info := p.fx, p.fx.pass.TypesInfo
	fname := "the function literal"
	if d, ok := p.fn.node.(*ast.FuncDecl); ok {
		fname = d.Name.Name
	}
	results := p.fn.typ.Results
	var types_ []types.Type
	if results != nil {
		for _, f := range results.List {
			t := info.TypeOf(f.Type)
			for range max(1, len(f.Names)) {
				types_ = append(types_, t)
			}
		}
	}
	if len(types_) == 0 || !isError(types_[len(types_)-1]) {
		return "", decline(fmt.Sprintf("%s returns (string, error) and %s returns no error to pass it on", call, fname))
	}
	var zeros []string
	for _, t := range types_[:len(types_)-1] {
		z, ok := p.zero(t)
		if !ok {
			return "", decline(fmt.Sprintf("the zero value of %s cannot be written in this file", t))
		}
		zeros = append(zeros, z)
	}
	// err: declaring it here must not change what the code reads.
	scope := fx.pass.Pkg.Scope().Innermost(stmt.Pos())
	if scope == nil {
		return "", "the statement has no scope"
	}
	if in, obj := scope.LookupParent("err", stmt.Pos()); obj != nil {
		v, ok := obj.(*types.Var)
		if !ok || !p.errDead(v, stmt, in == scope) {
			return "", decline(fmt.Sprintf("declaring %s and err before line %d would change the err the code after it reads", rootName, fx.pass.Fset.Position(stmt.Pos()).Line))
		}
	}
	tf := fx.pass.Fset.File(stmt.Pos())
	indent := strings.Repeat("\t", max(0, fx.pass.Fset.Position(stmt.Pos()).Column-1))
	if src, err := fx.pass.ReadFile(tf.Name()); err == nil {
		off := tf.Offset(tf.LineStart(tf.Line(stmt.Pos())))
		end := tf.Offset(stmt.Pos())
		if off <= end && end <= len(src) {
			indent = string(src[off:end])
		}
	}
	ret := "return err"
	if len(zeros) > 0 {
		ret = "return " + strings.Join(zeros, ", ") + ", err"
	}
	return fmt.Sprintf("%[1]s%[2]s, err := %[3]s\n%[1]sif err != nil {\n%[1]s\t%[4]s\n%[1]s}\n", indent, rootName, call, ret), ""
}

// errDead reports whether err (v) may be declared or assigned before
// stmt: in the same scope, the first mention of v after stmt assigns it
// without reading it; declared further out, v is not mentioned after
// stmt at all (a new err would hide it).
func (p *plan) errDead(v *types.Var, stmt ast.Stmt, sameScope bool) bool {
	info := p.fx.pass.TypesInfo
	var first *ast.Ident
	var firstAssign *ast.AssignStmt
	ast.Inspect(p.fn.body, func(n ast.Node) bool {
		if first != nil {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.Pos() >= stmt.Pos() {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
					first, firstAssign = id, as
					return false
				}
			}
		}
		if id, ok := n.(*ast.Ident); ok && id.Pos() >= stmt.Pos() && info.ObjectOf(id) == v {
			first = id
		}
		return true
	})
	if first == nil {
		return true
	}
	if !sameScope || firstAssign == nil {
		return false
	}
	for _, r := range firstAssign.Rhs {
		read := false
		ast.Inspect(r, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
				read = true
			}
			return !read
		})
		if read {
			return false
		}
	}
	return true
}

// zero renders the zero value of t in the file, if it can.
func (p *plan) zero(t types.Type) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		if _, ok := t.(*types.TypeParam); ok {
			return "", false
		}
		ok := true
		s := types.TypeString(t, func(pkg *types.Package) string {
			q, found := p.qualify(pkg.Path(), pkg.Name(), token.NoPos)
			if !found {
				ok = false
			}
			return strings.TrimSuffix(q, ".")
		})
		return s + "{}", ok
	}
	return "", false
}

// qualify returns how the file, at pos, names the package path
// ("stateroots.", "sr.", "" for this package or a dot import), adding its
// import (as name) when the file has none; false when the name is taken.
func (p *plan) qualify(path, name string, pos token.Pos) (string, bool) {
	if q, ok := p.quals[path]; ok {
		return q, true
	}
	fx, info := p.fx, p.fx.pass.TypesInfo
	if path == fx.pass.Pkg.Path() {
		p.quals[path] = ""
		return "", true
	}
	lookup := func(n string) types.Object {
		if pos.IsValid() {
			if in := fx.pass.Pkg.Scope().Innermost(pos); in != nil {
				_, obj := in.LookupParent(n, pos)
				return obj
			}
		}
		if fs := info.Scopes[p.file]; fs != nil {
			if obj := fs.Lookup(n); obj != nil {
				return obj
			}
		}
		return fx.pass.Pkg.Scope().Lookup(n)
	}
	for _, spec := range p.file.Imports {
		if ip, _ := strconv.Unquote(spec.Path.Value); ip != path {
			continue
		}
		pn := info.PkgNameOf(spec)
		if pn == nil || pn.Name() == "_" {
			continue
		}
		if pn.Name() == "." {
			return "", false // the fix does not follow dot imports
		}
		if lookup(pn.Name()) != pn {
			return "", false
		}
		p.quals[path] = pn.Name() + "."
		return pn.Name() + ".", true
	}
	if lookup(name) != nil {
		return "", false
	}
	for _, spec := range p.file.Imports {
		if pn := info.PkgNameOf(spec); pn != nil && pn.Name() == name {
			return "", false
		}
	}
	p.imports[path] = name
	p.quals[path] = name + "."
	return name + ".", true
}

// importEdits adds the imports the fix needs, each in its group as
// goimports would (the standard library's, or the others'), and deletes
// the imports whose last use the fix removes.
func (p *plan) importEdits() bool {
	info := p.fx.pass.TypesInfo
	deleted := map[ast.Spec]bool{}
	for _, spec := range p.file.Imports {
		pn := info.PkgNameOf(spec)
		if pn == nil || pn.Name() == "_" || pn.Name() == "." {
			continue
		}
		if _, readded := p.imports[pn.Imported().Path()]; readded {
			continue
		}
		uses := p.fx.pkgUse[pn]
		if len(uses) == 0 || slices.ContainsFunc(uses, func(id *ast.Ident) bool { return !p.inRemoved(id.Pos()) }) {
			continue
		}
		if p.newTextUses(pn.Name()) {
			continue
		}
		e, ok := p.deleteImport(spec)
		if !ok {
			return false
		}
		deleted[spec] = true
		p.edits = append(p.edits, e)
	}
	if len(p.imports) == 0 {
		return true
	}
	paths := make([]string, 0, len(p.imports))
	for path := range p.imports {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	var decl *ast.GenDecl
	for _, d := range p.file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			decl = gd
			break
		}
	}
	if decl == nil {
		var b strings.Builder
		b.WriteString("\n\nimport (")
		prevStd := true
		for i, path := range paths {
			if i > 0 && prevStd && !isStd(path) {
				b.WriteString("\n")
			}
			prevStd = isStd(path)
			b.WriteString("\n\t" + strconv.Quote(path))
		}
		b.WriteString("\n)")
		p.edits = append(p.edits, analysis.TextEdit{Pos: p.file.Name.End(), End: p.file.Name.End(), NewText: []byte(b.String())})
		return true
	}
	if !decl.Lparen.IsValid() {
		// import "os" becomes a group.
		spec := decl.Specs[0].(*ast.ImportSpec)
		old := spec.Path.Value
		if spec.Name != nil {
			old = spec.Name.Name + " " + old
		}
		var std, other []string
		for _, s := range append([]string{old}, quoted(paths)...) {
			if path, _ := strconv.Unquote(s[strings.LastIndex(s, " ")+1:]); isStd(path) {
				std = append(std, s)
			} else {
				other = append(other, s)
			}
		}
		groups := []string{}
		for _, g := range [][]string{std, other} {
			if len(g) > 0 {
				groups = append(groups, "\t"+strings.Join(g, "\n\t"))
			}
		}
		p.edits = append(p.edits, analysis.TextEdit{Pos: decl.Pos(), End: decl.End(), NewText: []byte("import (\n" + strings.Join(groups, "\n\n") + "\n)")})
		return true
	}
	// A group: after the last import of the same kind, or a group of its own.
	var kept []ast.Spec
	for _, s := range decl.Specs {
		if !deleted[s] {
			kept = append(kept, s)
		}
	}
	if len(kept) == 0 {
		// Every import goes but the new ones: they fill the group.
		var b strings.Builder
		prevStd := true
		for i, path := range paths {
			if i > 0 && prevStd && !isStd(path) {
				b.WriteString("\n")
			}
			prevStd = isStd(path)
			b.WriteString("\t" + strconv.Quote(path) + "\n")
		}
		p.edits = append(p.edits, analysis.TextEdit{Pos: decl.Rparen, End: decl.Rparen, NewText: []byte(b.String())})
		return true
	}
	at := map[token.Pos]string{}
	for _, path := range paths {
		var anchor token.Pos
		for _, s := range kept {
			ip, _ := strconv.Unquote(s.(*ast.ImportSpec).Path.Value)
			if isStd(ip) == isStd(path) {
				anchor = s.End()
			}
		}
		switch {
		case anchor.IsValid():
			at[anchor] += "\n\t" + strconv.Quote(path)
		case isStd(path):
			at[kept[0].Pos()] += strconv.Quote(path) + "\n\n\t"
		default:
			at[kept[len(kept)-1].End()] += "\n\n\t" + strconv.Quote(path)
		}
	}
	for pos, text := range at {
		p.edits = append(p.edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	}
	return true
}

func quoted(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = strconv.Quote(p)
	}
	return out
}

// isStd reports whether an import path is the standard library's (no dot
// in its first element), as goimports groups them.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// newTextUses reports whether the fix's new text refers to name.
func (p *plan) newTextUses(name string) bool {
	for _, e := range p.edits {
		if strings.Contains(string(e.NewText), name+".") {
			return true
		}
	}
	return false
}

// deleteImport returns the edit deleting an import: its line in a group,
// or the whole declaration if it is the only one.
func (p *plan) deleteImport(spec *ast.ImportSpec) (analysis.TextEdit, bool) {
	for _, decl := range p.file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT || !slices.Contains(gd.Specs, ast.Spec(spec)) {
			continue
		}
		tf := p.fx.pass.Fset.File(spec.Pos())
		if gd.Lparen.IsValid() && len(gd.Specs) > 1 {
			return lines(tf, spec.Pos(), spec.End()), true
		}
		return lines(tf, gd.Pos(), gd.End()), true
	}
	return analysis.TextEdit{}, false
}

// lines returns the edit deleting the whole lines from pos to end.
func lines(tf *token.File, pos, end token.Pos) analysis.TextEdit {
	start := tf.LineStart(tf.Line(pos))
	last := tf.Line(end)
	stop := token.Pos(tf.Base() + tf.Size())
	if last < tf.LineCount() {
		stop = tf.LineStart(last + 1)
	}
	return analysis.TextEdit{Pos: start, End: stop}
}
