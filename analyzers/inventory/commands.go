package inventory

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// How a command was recognised: an artifact of kind KindCommand says so
// in its Detail.
const (
	ViaCobra     = "cobra.Command"                     // a cobra.Command literal with Use and RunE or Run
	ViaUrfave    = "cli.Command"                       // a urfave/cli Command literal with Name and Action
	ViaSwitch    = "a switch on the first argument"    // the flag package's subcommand idiom
	ViaDirective = "//staterootlint:command directive" // a function's doc comment
	ViaKong      = `a kong cmd:"" field`               // a struct field tagged cmd:"" whose type has a Run method
)

// Packages whose Command literals declare commands, by import path (or
// path prefix, for urfave/cli's major versions).
const (
	cobraPath  = "github.com/spf13/cobra"
	urfavePath = "github.com/urfave/cli"
)

// A source is where one command's writes come from: reaches of functions
// the engine computed, read in the scope whose if statements may guard
// them.
type source struct {
	reaches []rootflow.Reach
	scope   ast.Node                // the function or case clause holding the first hop of each reach
	params  map[types.Object]string // the scope's parameters that a caller binds to a flag
}

// command is one recognised command before its writes are resolved.
type command struct {
	name, via, fn string
	node          string // the literal's CommandNode.ID, for a cobra or urfave/cli command
	pos           token.Pos
	sources       []source
	rows          []Artifact // rows made in another package (a kong Run method's fact)
}

// commands finds the package's commands and returns their rows: one of
// kind KindCommand per command, then one per write it reaches, with the
// flags the write is guarded by. arts are the package's own rows (every
// function's, not merged), which
// give the concrete patterns of a write reached with a path the command's
// entry receives from its caller. It also returns the package's command
// literals and how it nests them (nesting.go).
func commands(pass *analysis.Pass, res *rootflow.Result, labels *labels, arts []Artifact) ([]Artifact, []CommandNode, []CommandEdge) {
	c := &commandFinder{pass: pass, res: res, labels: labels, flags: flagBindings(pass), exported: map[*types.Func]bool{}}
	c.nest = newNester(c)
	c.byWrite = map[[2]string][]Artifact{}
	for _, a := range arts {
		if a.Op != "" {
			k := [2]string{a.Op, a.At}
			c.byWrite[k] = append(c.byWrite[k], a)
		}
	}
	c.addKongFields()
	c.exportRunFacts()
	c.find()
	c.nest.find()
	pkg := pass.Pkg.Path()
	var rows []Artifact
	for _, cmd := range c.cmds {
		own := []Artifact{{Kind: KindCommand, Command: cmd.name, At: c.short(cmd.pos), Func: cmd.fn, Package: pkg, Detail: cmd.via}}
		for _, src := range cmd.sources {
			own = append(own, c.rows(src, cmd.name, cmd.fn, pkg)...)
		}
		for _, r := range cmd.rows {
			r.Command = cmd.name
			own = append(own, r)
		}
		for i := range own {
			own[i].Node = cmd.node
		}
		rows = append(rows, own...)
	}
	var nodes []CommandNode
	for _, n := range c.nest.nodes {
		nodes = append(nodes, n)
	}
	return rows, sortedNodes(nodes), c.nest.edges
}

// rows returns the rows of the writes of one source of command name,
// whose entry is fn of package pkg. A write whose path the entry receives
// and whose callers in the package supply nothing (it is called by
// reflection, or from another package) is a row of kind unproven: the
// command writes it, and the analysis cannot say where.
func (c *commandFinder) rows(src source, name, fn, pkg string) []Artifact {
	var rows []Artifact
	for _, r := range src.reaches {
		base := Artifact{Op: r.Op, At: rootflow.ShortPos(r.At), Func: fn, Package: pkg,
			Chain: c.labels.chain(r.Chain), Command: name}
		base.Flags = c.guards(src, r)
		if r.Op == "" {
			rows = append(rows, unprovenCall(base, r))
			continue
		}
		for _, atom := range c.res.ConcreteReach(r) {
			a, ok := withAtom(base, atom)
			if ok {
				rows = append(rows, c.withUserFlags(a, src, r))
				continue
			}
			if a, ok := c.filled(base, atom); ok {
				rows = append(rows, c.withUserFlags(a, src, r))
				continue
			}
			// The entry's caller supplies the path: the package's own
			// rows of the write say what it makes of it, those whose
			// call chain passes through the function receiving it.
			all := c.byWrite[[2]string{r.Op, base.At}]
			supplied, why := c.through(all, atom, fn)
			for _, w := range supplied {
				a := base
				a.Pattern, a.Kind, a.Detail = w.Pattern, w.Kind, w.Detail
				rows = append(rows, c.withUserFlags(a, src, r))
			}
			if len(supplied) == 0 {
				a := base
				a.Pattern, a.Kind = PatternUnproven, KindUnproven
				a.Detail = why
				rows = append(rows, a)
			}
		}
	}
	return rows
}

// through returns the rows of rows (the package's rows of one write)
// that make concrete the symbolic path atom of the reach of the write of
// a command whose entry is labelled entry: those the entry makes itself,
// and for a parameter those whose call chain passes through its function
// (the receiver), a caller of which supplied the path. A row the write's
// other callers make (a helper that several commands call, each with its
// own path) is never the command's. The engine keeps one summary per
// write and function, not per call, so when the receiver is called more
// than once in the package and the rows through it differ, which call
// (and so which command) makes which row cannot be told: it returns none.
// Without rows, why says why the write is unproven for the command.
func (c *commandFinder) through(rows []Artifact, atom rootflow.Origin, entry string) (out []Artifact, why string) {
	receiver, engine := "", ""
	if atom.Kind == lattice.Param {
		// Chains name the package's own functions by their labels and
		// the others as the engine does.
		receiver, engine = c.labels.key(atom.Key), lattice.ShortName(atom.Key)
	}
	names := func(w Artifact) bool {
		return w.Func == receiver || slices.Contains(w.Chain, receiver) || slices.Contains(w.Chain, engine)
	}
	viaReceiver := false
	for _, w := range rows {
		switch {
		case w.Func == entry:
			out = append(out, w)
		case receiver != "" && names(w):
			out = append(out, w)
			viaReceiver = true
		}
	}
	if len(out) == 0 {
		return nil, c.unsupplied(atom, len(rows) > 0)
	}
	patterns := map[string]bool{}
	for _, w := range out {
		patterns[w.Pattern] = true
	}
	if n := c.callsOf(atom.Key); viaReceiver && len(patterns) > 1 && n > 1 {
		return nil, "a path " + receiver + " receives from " + strconv.Itoa(n) + " calls, which pass it different paths the analysis does not tell apart per command"
	}
	return out, ""
}

// callsOf counts the calls in the package of the function whose key
// (its full name) is key.
func (c *commandFinder) callsOf(key string) int {
	if c.calls == nil {
		c.calls = map[string]int{}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok {
						c.calls[fn.Origin().FullName()]++
					}
				}
				return true
			})
		}
	}
	return c.calls[key]
}

// unsupplied says why a write whose path is the symbolic atom is
// unproven for a command: nothing the analysis sees gives it a value,
// or (elsewhere) the package's rows of the write come from other callers.
func (c *commandFinder) unsupplied(atom rootflow.Origin, elsewhere bool) string {
	switch atom.Kind {
	case lattice.Cell:
		return "a path from " + c.labels.key(atom.Key) + ", which nothing the analysis sees stores a path into"
	case lattice.Param:
		if elsewhere {
			return "a path " + c.labels.key(atom.Key) + " receives from its caller, which the analysis does not follow per command"
		}
		return "a path the command's entry receives, which no caller in its package supplies"
	}
	return "a path the analysis cannot follow to where the command gets it"
}

type commandFinder struct {
	pass   *analysis.Pass
	res    *rootflow.Result
	labels *labels
	flags  map[types.Object]flagBinding
	// fields maps the engine's key of each field kong fills from the
	// command line (kong.go) to the field; kongFlags binds the fields
	// that are flags. They are read only for the rows of a Run method
	// (inRun): another command's struct is no kong command line.
	fields    map[string]*types.Var
	kongFlags map[types.Object]flagBinding
	inRun     bool
	byWrite   map[[2]string][]Artifact // the package's own rows, by write
	// exported holds the Run methods whose RunFact is exported.
	exported map[*types.Func]bool
	cmds     []command
	nest     *nester
	calls    map[string]int            // callsOf's count, by function key
	files    map[*ast.File]*fileLocals // built on first use, one walk per file
}

// fileLocals is what isFirstArg asks of a file's local variables: the
// expression each is defined with (when it is defined with one) and which
// are parameters.
type fileLocals struct {
	defined map[*types.Var]ast.Expr
	params  map[*types.Var]bool
}

// locals returns f's fileLocals, walking f the first time.
func (c *commandFinder) locals(f *ast.File) *fileLocals {
	if l := c.files[f]; l != nil {
		return l
	}
	l := &fileLocals{defined: map[*types.Var]ast.Expr{}, params: map[*types.Var]bool{}}
	defs := c.pass.TypesInfo.Defs
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok {
					if v, ok := defs[id].(*types.Var); ok && l.defined[v] == nil {
						l.defined[v] = n.Rhs[i]
					}
				}
			}
		case *ast.FuncType:
			for _, field := range n.Params.List {
				for _, name := range field.Names {
					if v, ok := defs[name].(*types.Var); ok {
						l.params[v] = true
					}
				}
			}
		}
		return true
	})
	if c.files == nil {
		c.files = map[*ast.File]*fileLocals{}
	}
	c.files[f] = l
	return l
}

// flagBinding is a variable or field a flag sets.
type flagBinding struct {
	name         string // "out"
	emptyDefault bool   // its default is "" (or false, or 0): unset, it names nothing
}

func (c *commandFinder) short(pos token.Pos) string {
	return rootflow.ShortPos(c.pass.Fset.Position(pos))
}

func (c *commandFinder) find() {
	c.kongCommands()
	for fd, args := range report.FuncDirectives(c.pass.Files, "command") {
		obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if obj == nil {
			continue
		}
		name := fd.Name.Name
		if len(args) > 0 {
			name = args[0]
		}
		c.cmds = append(c.cmds, command{name: name, via: ViaDirective, fn: c.labels.fn(obj), pos: fd.Name.Pos(),
			sources: []source{{reaches: c.res.Reaches[obj.FullName()], scope: fd}}})
	}
	for _, f := range c.pass.Files {
		for _, decl := range f.Decls {
			name := c.pass.Pkg.Name() // a package variable's literal
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					name = c.labels.fn(obj)
				}
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					c.literal(n, name)
				case *ast.SwitchStmt:
					c.subcommands(n, f, name)
				}
				return true
			})
		}
	}
}

// literal recognises a cobra.Command or urfave/cli Command literal.
func (c *commandFinder) literal(lit *ast.CompositeLit, encl string) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Name() != "Command" || named.Obj().Pkg() == nil {
		return
	}
	var via, nameField string
	var actions []string
	switch path := named.Obj().Pkg().Path(); {
	case path == cobraPath:
		via, nameField, actions = ViaCobra, "Use", []string{"RunE", "Run"}
	case path == urfavePath || strings.HasPrefix(path, urfavePath+"/v"):
		via, nameField, actions = ViaUrfave, "Name", []string{"Action"}
	default:
		return
	}
	var name string
	var action ast.Expr
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		switch {
		case key.Name == nameField:
			if tv := c.pass.TypesInfo.Types[kv.Value]; tv.Value != nil && tv.Value.Kind() == constant.String {
				if fields := strings.Fields(constant.StringVal(tv.Value)); len(fields) > 0 {
					name = fields[0]
				}
			}
		case slices.Contains(actions, key.Name) && action == nil:
			action = kv.Value
		}
	}
	if name == "" {
		return // one named at run time
	}
	node := c.nest.declare(lit, name) // a group too: its commands are named after it
	if action == nil {
		return // a group of commands
	}
	src, fn := c.funcSource(action, encl)
	c.cmds = append(c.cmds, command{name: name, via: via, fn: fn, node: node, pos: lit.Pos(), sources: []source{src}})
}

// funcSource returns the writes of a function value: a literal, or a
// function or method of the package. A function of another package is
// one unproven write: its writes are not known here, per function.
func (c *commandFinder) funcSource(e ast.Expr, encl string) (source, string) {
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.FuncLit); ok {
		return source{reaches: c.literalReaches(lit), scope: lit}, encl
	}
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	}
	var fn *types.Func
	if id != nil {
		fn, _ = c.pass.TypesInfo.Uses[id].(*types.Func)
	}
	if fn == nil {
		return source{reaches: []rootflow.Reach{{At: c.pass.Fset.Position(e.Pos()),
			Unproven: "a command action the analysis cannot resolve to a function"}}, scope: e}, encl
	}
	name := c.labels.fn(fn)
	if fn.Pkg() != c.pass.Pkg {
		return source{reaches: []rootflow.Reach{{At: c.pass.Fset.Position(e.Pos()),
			Unproven: "the writes of " + name + ", declared in another package, which are listed per command only with //staterootlint:command there"}}, scope: e}, name
	}
	return source{reaches: c.res.Reaches[fn.FullName()], scope: c.decl(fn)}, name
}

// literalReaches returns the writes of a function literal: those of every
// closure whose first hops all lie inside it (the literal itself and the
// literals inside it).
func (c *commandFinder) literalReaches(lit *ast.FuncLit) []rootflow.Reach {
	start, end := c.pass.Fset.Position(lit.Pos()), c.pass.Fset.Position(lit.End())
	inside := func(p token.Position) bool {
		return p.Filename == start.Filename && p.Offset >= start.Offset && p.Offset < end.Offset
	}
	keys := make([]string, 0, len(c.res.Reaches))
	for k := range c.res.Reaches {
		keys = append(keys, k)
	}
	slices.Sort(keys) // deterministic order of the rows before Merge
	var out []rootflow.Reach
	for _, k := range keys {
		rs := c.res.Reaches[k]
		if !strings.Contains(k, "$") || len(rs) == 0 {
			continue
		}
		if !slices.ContainsFunc(rs, func(r rootflow.Reach) bool { return !inside(firstPos(r)) }) {
			out = append(out, rs...)
		}
	}
	return out
}

// firstPos is where a reach leaves the function it is a reach of: its
// first call, or the write itself.
func firstPos(r rootflow.Reach) token.Position {
	if len(r.Chain) > 0 && r.Chain[0].Pos.IsValid() {
		return r.Chain[0].Pos
	}
	return r.At
}

// decl returns the declaration of a function of the package.
func (c *commandFinder) decl(fn *types.Func) ast.Node {
	for _, f := range c.pass.Files {
		if f.Pos() <= fn.Pos() && fn.Pos() < f.End() {
			path, _ := astutil.PathEnclosingInterval(f, fn.Pos(), fn.Pos())
			for _, n := range path {
				if fd, ok := n.(*ast.FuncDecl); ok {
					return fd
				}
			}
		}
	}
	return nil
}

// subcommands recognises the flag package's subcommand idiom: a switch
// on the first argument, one command per constant case.
func (c *commandFinder) subcommands(sw *ast.SwitchStmt, f *ast.File, encl string) {
	if sw.Tag == nil || !c.isFirstArg(sw.Tag, f, 0) {
		return
	}
	path, _ := astutil.PathEnclosingInterval(f, sw.Pos(), sw.End())
	var fnNode ast.Node
	for _, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			fnNode = n
			break
		}
		if _, ok := n.(*ast.FuncDecl); ok {
			fnNode = n
			break
		}
	}
	var dispatcher []rootflow.Reach
	switch fn := fnNode.(type) {
	case *ast.FuncDecl:
		if obj, ok := c.pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
			dispatcher = c.res.Reaches[obj.FullName()]
		}
	case *ast.FuncLit:
		dispatcher = c.literalReaches(fn)
	default:
		return
	}
	for _, stmt := range sw.Body.List {
		cc := stmt.(*ast.CaseClause)
		for _, e := range cc.List {
			tv := c.pass.TypesInfo.Types[e]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			srcs, entry := c.caseSources(cc, dispatcher)
			if entry == "" {
				entry = encl
			}
			c.cmds = append(c.cmds, command{name: constant.StringVal(tv.Value), via: ViaSwitch, fn: entry, pos: cc.Pos(), sources: srcs})
		}
	}
}

// caseSources returns the writes of one case: those of each function of
// the package it calls, with the parameters the call binds to flags, and
// the dispatcher's own reaches that leave it inside the case (its direct
// writes, and calls of other packages' functions). entry names the
// function of the package the case calls, when it calls one.
func (c *commandFinder) caseSources(cc *ast.CaseClause, dispatcher []rootflow.Reach) (out []source, entry string) {
	var called []string
	local := map[int]bool{} // offsets of the calls read from the callee's reaches
	for _, stmt := range cc.Body {
		ast.Inspect(stmt, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
			if fn == nil || fn.Pkg() != c.pass.Pkg {
				return true
			}
			fd, _ := c.decl(fn).(*ast.FuncDecl)
			if fd == nil {
				return true
			}
			local[c.pass.Fset.Position(call.Lparen).Offset] = true
			called = append(called, c.labels.fn(fn))
			out = append(out, source{reaches: c.res.Reaches[fn.FullName()], scope: fd, params: c.boundParams(fd, call)})
			return true
		})
	}
	start, end := c.pass.Fset.Position(cc.Pos()), c.pass.Fset.Position(cc.End())
	var own []rootflow.Reach
	for _, r := range dispatcher {
		p := firstPos(r)
		if p.Filename == start.Filename && p.Offset >= start.Offset && p.Offset < end.Offset && !local[p.Offset] {
			own = append(own, r)
		}
	}
	if len(own) > 0 {
		out = append(out, source{reaches: own, scope: cc})
	}
	if len(called) == 1 {
		entry = called[0]
	}
	return out, entry
}

// boundParams maps the parameters of fd that call passes a flag's value
// to that flag.
func (c *commandFinder) boundParams(fd *ast.FuncDecl, call *ast.CallExpr) map[types.Object]string {
	var params []types.Object
	for _, field := range fd.Type.Params.List {
		for _, n := range field.Names {
			params = append(params, c.pass.TypesInfo.Defs[n])
		}
	}
	m := map[types.Object]string{}
	for i, arg := range call.Args {
		if i >= len(params) || params[i] == nil {
			break
		}
		if b, ok := c.flagOf(arg, nil); ok {
			m[params[i]] = b.name
		}
	}
	return m
}

// flagOf returns the flag whose value e is: a variable or field a flag
// sets, or what a flag function returned, dereferenced.
func (c *commandFinder) flagOf(e ast.Expr, params map[types.Object]string) (flagBinding, bool) {
	e = ast.Unparen(e)
	if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return flagBinding{}, false
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil {
		return flagBinding{}, false
	}
	if name, ok := params[obj]; ok {
		return flagBinding{name: name}, true
	}
	b, ok := c.flags[obj]
	if !ok && c.inRun {
		b, ok = c.kongFlags[obj]
	}
	return b, ok
}

// guards returns the flags the write of r depends on: the if statements of
// the source's scope whose body holds the reach's first hop and whose
// condition reads a flag.
func (c *commandFinder) guards(src source, r rootflow.Reach) []string {
	path := c.pathTo(src.scope, firstPos(r))
	var names []string
	for i, n := range path {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || i == 0 || path[i-1] != ifs.Body {
			continue
		}
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok {
				if b, ok := c.flagOf(e, src.params); ok {
					names = append(names, "--"+b.name)
					return false
				}
			}
			return true
		})
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// withUserFlags adds to a write of a user-chosen path the flag it comes
// from, when that flag's default is empty: without the flag there is no
// path to write. The first hop's arguments are followed through one local
// assignment (out, err := userPath(opts.out)).
func (c *commandFinder) withUserFlags(a Artifact, src source, r rootflow.Reach) Artifact {
	if a.Kind != KindUser {
		return a
	}
	path := c.pathTo(src.scope, firstPos(r))
	var call *ast.CallExpr
	for _, n := range path {
		if ce, ok := n.(*ast.CallExpr); ok {
			call = ce
			break
		}
	}
	if call == nil {
		return a
	}
	defs := map[types.Object]ast.Expr{}
	ast.Inspect(src.scope, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && c.pass.TypesInfo.Defs[id] != nil {
					defs[c.pass.TypesInfo.Defs[id]] = as.Rhs[0]
				}
			}
		}
		return true
	})
	flags := slices.Clone(a.Flags)
	visit := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok {
				if b, ok := c.flagOf(x, src.params); ok && b.emptyDefault {
					flags = append(flags, "--"+b.name)
					return false
				}
			}
			return true
		})
	}
	for _, arg := range call.Args {
		visit(arg)
		if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
			if def, ok := defs[c.pass.TypesInfo.Uses[id]]; ok {
				visit(def)
			}
		}
	}
	slices.Sort(flags)
	a.Flags = slices.Compact(flags)
	return a
}

// pathTo returns the nodes from the innermost one at pos up to the file,
// when pos lies inside scope; nil otherwise.
func (c *commandFinder) pathTo(scope ast.Node, pos token.Position) []ast.Node {
	if scope == nil || !pos.IsValid() {
		return nil
	}
	tf := c.pass.Fset.File(scope.Pos())
	if tf == nil || tf.Name() != pos.Filename || pos.Offset >= tf.Size() {
		return nil
	}
	p := tf.Pos(pos.Offset)
	if p < scope.Pos() || p >= scope.End() {
		return nil
	}
	for _, f := range c.pass.Files {
		if f.Pos() <= p && p < f.End() {
			path, _ := astutil.PathEnclosingInterval(f, p, p)
			return path
		}
	}
	return nil
}

// isFirstArg reports whether e is the program's (or a subcommand's)
// first argument: flag.Arg(0), fs.Arg(0), os.Args[1], flag.Args()[0],
// args[0] of a []string parameter, or a local variable assigned one of
// them.
func (c *commandFinder) isFirstArg(e ast.Expr, f *ast.File, depth int) bool {
	e = ast.Unparen(e)
	info := c.pass.TypesInfo
	switch e := e.(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, e).(*types.Func)
		return fn != nil && isFlagPkg(fn.Pkg()) && fn.Name() == "Arg" && len(e.Args) == 1 && constIs(info, e.Args[0], 0)
	case *ast.IndexExpr:
		switch x := ast.Unparen(e.X).(type) {
		case *ast.SelectorExpr:
			if v, ok := info.Uses[x.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Args" {
				return constIs(info, e.Index, 1)
			}
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(info, x).(*types.Func)
			return fn != nil && isFlagPkg(fn.Pkg()) && fn.Name() == "Args" && constIs(info, e.Index, 0)
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok || !constIs(info, e.Index, 0) {
				return false
			}
			if s, ok := v.Type().Underlying().(*types.Slice); !ok || !types.Identical(s.Elem(), types.Typ[types.String]) {
				return false
			}
			return c.isParam(v, f)
		}
	case *ast.Ident:
		if depth > 0 {
			return false
		}
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		rhs := c.assigned(v, f)
		return rhs != nil && c.isFirstArg(rhs, f, depth+1)
	}
	return false
}

// isParam reports whether v is a parameter of a function in f.
func (c *commandFinder) isParam(v *types.Var, f *ast.File) bool {
	return c.locals(f).params[v]
}

// assigned returns the expression a local variable is defined with, when
// it is defined once with one: cmd, rest := fs.Arg(0), fs.Args()[1:].
func (c *commandFinder) assigned(v *types.Var, f *ast.File) ast.Expr {
	return c.locals(f).defined[v]
}

func constIs(info *types.Info, e ast.Expr, want int64) bool {
	tv := info.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	n, ok := constant.Int64Val(tv.Value)
	return ok && n == want
}

func isFlagPkg(p *types.Package) bool {
	return p != nil && (p.Path() == "flag" || p.Path() == "github.com/spf13/pflag")
}

// flagBindings finds the variables and fields the package's flags set:
// x := fs.String("name", ...) binds x (read as *x), fs.StringVar(&v,
// "name", ...) binds v; flag and pflag alike, shorthand forms included.
func flagBindings(pass *analysis.Pass) map[types.Object]flagBinding {
	info := pass.TypesInfo
	out := map[types.Object]flagBinding{}
	objOf := func(e ast.Expr) types.Object {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if o := info.Defs[e]; o != nil {
				return o
			}
			return info.Uses[e]
		case *ast.SelectorExpr:
			return info.Uses[e.Sel]
		}
		return nil
	}
	binding := func(call *ast.CallExpr, nameArg int) (flagBinding, bool) {
		if nameArg >= len(call.Args) {
			return flagBinding{}, false
		}
		tv := info.Types[call.Args[nameArg]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return flagBinding{}, false
		}
		b := flagBinding{name: constant.StringVal(tv.Value)}
		// The default follows the name, and the shorthand in pflag's
		// ...P forms.
		def := nameArg + 1
		if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil && strings.HasSuffix(fn.Name(), "P") {
			def++
		}
		if def < len(call.Args) {
			if dv := info.Types[call.Args[def]].Value; dv != nil {
				switch dv.Kind() {
				case constant.String:
					b.emptyDefault = constant.StringVal(dv) == ""
				case constant.Bool:
					b.emptyDefault = !constant.BoolVal(dv)
				case constant.Int:
					b.emptyDefault = constant.Sign(dv) == 0
				}
			}
		}
		return b, true
	}
	flagCall := func(e ast.Expr) (*ast.CallExpr, *types.Func) {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil, nil
		}
		fn, _ := typeutil.Callee(info, call).(*types.Func)
		if fn == nil || !isFlagPkg(fn.Pkg()) {
			return nil, nil
		}
		return call, fn
	}
	// returned binds the variables values are assigned to, where a value
	// is what a flag function returns (fs.String("name", ...)); objAt
	// names the variable of value i.
	returned := func(values []ast.Expr, objAt func(i int) types.Object) {
		for i, r := range values {
			if call, fn := flagCall(r); fn != nil && !strings.Contains(fn.Name(), "Var") {
				if o := objAt(i); o != nil {
					if b, ok := binding(call, 0); ok {
						out[o] = b
					}
				}
			}
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				// fs.StringVar(&v, "name", ...)
				_, fn := flagCall(n)
				if fn == nil || !strings.Contains(fn.Name(), "Var") || len(n.Args) < 2 {
					return true
				}
				u, ok := ast.Unparen(n.Args[0]).(*ast.UnaryExpr)
				if !ok || u.Op != token.AND {
					return true
				}
				if o := objOf(u.X); o != nil {
					if b, ok := binding(n, 1); ok {
						out[o] = b
					}
				}
			case *ast.AssignStmt:
				// x := fs.String("name", ...)
				if len(n.Lhs) == len(n.Rhs) {
					returned(n.Rhs, func(i int) types.Object { return objOf(n.Lhs[i]) })
				}
			case *ast.ValueSpec:
				// var x = flag.String("name", ...)
				if len(n.Names) == len(n.Values) {
					returned(n.Values, func(i int) types.Object { return info.Defs[n.Names[i]] })
				}
			}
			return true
		})
	}
	return out
}
