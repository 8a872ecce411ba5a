package inventory

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// A cobra command is named by its path from the root: the program's
// command line is a tree that parent.AddCommand(child) builds at run
// time, often from constructor functions of other packages
// (NewCmdSession() returning a *cobra.Command to which it added
// NewCmdDelete()). A package sees only its part of the tree, so each
// package says which command literals it declares (Result.Nodes), which
// literals it adds to which (Result.Edges), and, for its importers, which
// literals its constructors return and which of its functions add
// commands to a parameter (CommandFact). Combine names the commands once
// every package has spoken. urfave/cli's Subcommands (Commands in v3) are
// edges too.

// CommandNode is a command literal (cobra or urfave/cli) and its own name,
// the first word of its Use (or its Name).
type CommandNode struct {
	// ID identifies the literal: its package's import path, file name,
	// line and column.
	ID   string
	Name string
}

// CommandEdge says the command literal Child is added to Parent.
type CommandEdge struct {
	Parent, Child string // CommandNode.ID
}

// CommandFact is attached to a function of the package for its
// importers: the command literals it returns (a constructor, func
// NewCmdX(...) *cobra.Command), or, when Children is not zero, that it
// adds commands to one of its parameters (func AddGroup(parent
// *cobra.Command, cmds ...*cobra.Command)).
type CommandFact struct {
	Nodes []CommandNode // sorted by ID
	// Parent and Children are the indices of the parameters a function
	// that adds commands takes the parent and the children in, plus one
	// (0: it adds none); Variadic says the children are the variadic
	// parameter's arguments.
	Parent, Children int
	Variadic         bool
}

// AFact marks CommandFact as an analysis fact.
func (*CommandFact) AFact() {}

// String says what the function gives: "commands(add)", "adds
// commands(parent 0, children 2...)".
func (f *CommandFact) String() string {
	if f.Children > 0 {
		dots := ""
		if f.Variadic {
			dots = "..."
		}
		return "adds commands(parent " + strconv.Itoa(f.Parent-1) + ", children " + strconv.Itoa(f.Children-1) + dots + ")"
	}
	var names []string
	for _, n := range f.Nodes {
		names = append(names, n.Name)
	}
	return "commands(" + strings.Join(names, ", ") + ")"
}

// maxNesting bounds how far an expression is followed to the literals it
// evaluates to, and how deep Combine nests commands.
const maxNesting = 8

// nester finds the package's command literals and how they nest.
type nester struct {
	c       *commandFinder
	nodes   map[string]CommandNode
	edges   []CommandEdge
	vars    map[*types.Var]ast.Expr // initializers of variables declared with var
	returns map[*types.Func][]CommandNode
	adders  map[*types.Func]*CommandFact
	busy    map[*types.Func]bool
}

func newNester(c *commandFinder) *nester {
	n := &nester{c: c, nodes: map[string]CommandNode{}, vars: map[*types.Var]ast.Expr{},
		returns: map[*types.Func][]CommandNode{}, adders: map[*types.Func]*CommandFact{}, busy: map[*types.Func]bool{}}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(x ast.Node) bool {
			vs, ok := x.(*ast.ValueSpec)
			if !ok || len(vs.Names) != len(vs.Values) {
				return true
			}
			for i, id := range vs.Names {
				if v, ok := c.pass.TypesInfo.Defs[id].(*types.Var); ok {
					n.vars[v] = vs.Values[i]
				}
			}
			return true
		})
	}
	return n
}

// nodeID identifies the literal at pos.
func (n *nester) nodeID(pos token.Pos) string {
	p := n.c.pass.Fset.Position(pos)
	return n.c.pass.Pkg.Path() + ":" + filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
}

// declare records a command literal of the package.
func (n *nester) declare(lit *ast.CompositeLit, name string) string {
	id := n.nodeID(lit.Pos())
	n.nodes[id] = CommandNode{ID: id, Name: name}
	return id
}

// commandType reports whether t is cobra's or urfave/cli's Command, or a
// pointer to one; nameField is the field that names it.
func commandType(t types.Type) (via, nameField string, ok bool) {
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = p.Elem()
	}
	named, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || named.Obj().Name() != "Command" || named.Obj().Pkg() == nil {
		return "", "", false
	}
	switch path := named.Obj().Pkg().Path(); {
	case path == cobraPath:
		return ViaCobra, "Use", true
	case path == urfavePath || strings.HasPrefix(path, urfavePath+"/v"):
		return ViaUrfave, "Name", true
	}
	return "", "", false
}

// isUrfaveApp reports whether t is urfave/cli's App, or a pointer to it.
func isUrfaveApp(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Name() != "App" || named.Obj().Pkg() == nil {
		return false
	}
	path := named.Obj().Pkg().Path()
	return path == urfavePath || strings.HasPrefix(path, urfavePath+"/v")
}

// nodesOf returns the command literals e evaluates to: a literal, a
// variable defined with one, a call of a function that returns one (of
// the package, or of another whose CommandFact says so).
func (n *nester) nodesOf(e ast.Expr, depth int) []CommandNode {
	if depth > maxNesting {
		return nil
	}
	info := n.c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return n.nodesOf(e.X, depth+1)
		}
	case *ast.CompositeLit:
		if node, ok := n.nodes[n.nodeID(e.Pos())]; ok {
			return []CommandNode{node}
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return nil
		}
		if init, ok := n.vars[v]; ok {
			return n.nodesOf(init, depth+1)
		}
		if f := n.fileOf(v.Pos()); f != nil {
			if def := n.c.locals(f).defined[v]; def != nil {
				return n.nodesOf(def, depth+1)
			}
		}
	case *ast.CallExpr:
		if lit, ok := ast.Unparen(e.Fun).(*ast.FuncLit); ok {
			return n.returnedBy(lit.Body, depth+1) // func() *cobra.Command { ... }()
		}
		fn, _ := typeutil.Callee(info, e).(*types.Func)
		if fn == nil {
			return nil
		}
		if fn.Pkg() == n.c.pass.Pkg {
			return n.returned(fn, depth+1)
		}
		var fact CommandFact
		if n.c.pass.ImportObjectFact(fn, &fact) {
			for _, node := range fact.Nodes {
				n.nodes[node.ID] = node // named here for Combine, declared there
			}
			return fact.Nodes
		}
	}
	return nil
}

// fileOf returns the package's file holding pos.
func (n *nester) fileOf(pos token.Pos) *ast.File {
	for _, f := range n.c.pass.Files {
		if f.Pos() <= pos && pos < f.End() {
			return f
		}
	}
	return nil
}

// returned returns the command literals a function of the package
// returns: those its return statements' first results evaluate to.
func (n *nester) returned(fn *types.Func, depth int) []CommandNode {
	if out, ok := n.returns[fn]; ok || n.busy[fn] {
		return out
	}
	fd, _ := n.c.decl(fn).(*ast.FuncDecl)
	if fd == nil || fd.Body == nil || fn.Signature().Results().Len() == 0 {
		return nil
	}
	if _, _, ok := commandType(fn.Signature().Results().At(0).Type()); !ok {
		return nil
	}
	n.busy[fn] = true
	out := n.returnedBy(fd.Body, depth)
	delete(n.busy, fn)
	n.returns[fn] = out
	return out
}

// returnedBy returns the command literals the first results of the
// return statements of body evaluate to, sorted.
func (n *nester) returnedBy(body *ast.BlockStmt, depth int) []CommandNode {
	var out []CommandNode
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) > 0 {
				out = append(out, n.nodesOf(x.Results[0], depth)...)
			}
		}
		return true
	})
	return sortedNodes(out)
}

func sortedNodes(ns []CommandNode) []CommandNode {
	slices.SortFunc(ns, func(a, b CommandNode) int { return strings.Compare(a.ID, b.ID) })
	return slices.CompactFunc(ns, func(a, b CommandNode) bool { return a.ID == b.ID })
}

// addCommand reports whether call is cobra's (*Command).AddCommand.
func (n *nester) addCommand(call *ast.CallExpr) (*ast.SelectorExpr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	fn, _ := typeutil.Callee(n.c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Name() != "AddCommand" || fn.Pkg() == nil || fn.Pkg().Path() != cobraPath {
		return nil, false
	}
	return sel, true
}

// adder returns what a function of the package that adds commands to one
// of its parameters says of it: parent.AddCommand(c) with c a parameter,
// an element of one (for _, c := range cmds) or a parameter spread
// (cmds...). nil for any other function.
func (n *nester) adder(fn *types.Func) *CommandFact {
	if f, ok := n.adders[fn]; ok {
		return f
	}
	n.adders[fn] = nil
	fd, _ := n.c.decl(fn).(*ast.FuncDecl)
	if fd == nil || fd.Body == nil {
		return nil
	}
	info := n.c.pass.TypesInfo
	var params []types.Object
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			params = append(params, info.Defs[name])
		}
	}
	index := func(e ast.Expr) int {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if o := info.Uses[id]; o != nil {
				return slices.Index(params, o)
			}
		}
		return -1
	}
	ranged := map[types.Object]int{} // for _, c := range cmds: c -> cmds' index
	var fact *CommandFact
	ast.Inspect(fd.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.RangeStmt:
			if id, ok := x.Value.(*ast.Ident); ok && index(x.X) >= 0 {
				if o := info.Defs[id]; o != nil {
					ranged[o] = index(x.X)
				}
			}
		case *ast.CallExpr:
			sel, ok := n.addCommand(x)
			if !ok || len(x.Args) != 1 || index(sel.X) < 0 {
				return true
			}
			parent, child, variadic := index(sel.X), index(x.Args[0]), x.Ellipsis.IsValid()
			if id, ok := ast.Unparen(x.Args[0]).(*ast.Ident); ok && child < 0 {
				if i, ok := ranged[info.Uses[id]]; ok {
					child, variadic = i, true
				}
			}
			if child >= 0 && fact == nil {
				fact = &CommandFact{Parent: parent + 1, Children: child + 1, Variadic: variadic && child == len(params)-1 && fn.Signature().Variadic()}
			}
		}
		return true
	})
	n.adders[fn] = fact
	return fact
}

// adderOf returns what a function, of the package or of another, says of
// the commands it adds; nil when it adds none.
func (n *nester) adderOf(fn *types.Func) *CommandFact {
	if fn.Pkg() == n.c.pass.Pkg {
		return n.adder(fn)
	}
	var fact CommandFact
	if n.c.pass.ImportObjectFact(fn, &fact) && fact.Children > 0 {
		return &fact
	}
	return nil
}

// link records that every literal of children is added to every literal
// of parents.
func (n *nester) link(parents, children []CommandNode) {
	for _, p := range parents {
		for _, ch := range children {
			if p.ID != ch.ID {
				n.nodes[p.ID], n.nodes[ch.ID] = p, ch
				n.edges = append(n.edges, CommandEdge{Parent: p.ID, Child: ch.ID})
			}
		}
	}
}

// find records the package's edges: its calls of AddCommand and of
// functions that add commands, and the Subcommands (Commands) of its
// urfave/cli literals; then it exports the CommandFacts of its exported
// functions.
func (n *nester) find() {
	info := n.c.pass.TypesInfo
	for _, f := range n.c.pass.Files {
		ast.Inspect(f, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.CallExpr:
				if sel, ok := n.addCommand(x); ok {
					if x.Ellipsis.IsValid() {
						return true // a slice of commands: not followed
					}
					parents := n.nodesOf(sel.X, 0)
					for _, arg := range x.Args {
						n.link(parents, n.nodesOf(arg, 0))
					}
					return true
				}
				fn, _ := typeutil.Callee(info, x).(*types.Func)
				if fn == nil {
					return true
				}
				a := n.adderOf(fn)
				if a == nil || a.Parent > len(x.Args) || a.Children > len(x.Args) {
					return true
				}
				parents := n.nodesOf(x.Args[a.Parent-1], 0)
				children := x.Args[a.Children-1 : a.Children]
				if a.Variadic && !x.Ellipsis.IsValid() {
					children = x.Args[a.Children-1:]
				}
				for _, arg := range children {
					n.link(parents, n.nodesOf(arg, 0))
				}
			case *ast.CompositeLit:
				n.subcommands(x)
			}
			return true
		})
	}
	for _, name := range n.c.pass.Pkg.Scope().Names() {
		fn, ok := n.c.pass.Pkg.Scope().Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		if a := n.adder(fn); a != nil {
			n.c.pass.ExportObjectFact(fn, a)
		} else if nodes := n.returned(fn, 0); len(nodes) > 0 {
			n.c.pass.ExportObjectFact(fn, &CommandFact{Nodes: nodes})
		}
	}
}

// subcommands records the edges of a urfave/cli literal: the commands
// of a Command's Subcommands (v2) or Commands (v3) field, or of an App's
// Commands. An App is the root of its commands, a node without a name.
func (n *nester) subcommands(lit *ast.CompositeLit) {
	t := n.c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	var parent CommandNode
	if isUrfaveApp(t) {
		parent = CommandNode{ID: n.nodeID(lit.Pos())}
	} else if via, _, ok := commandType(t); !ok || via != ViaUrfave {
		return
	} else if parent, ok = n.nodes[n.nodeID(lit.Pos())]; !ok {
		return
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok || (key.Name != "Subcommands" && key.Name != "Commands") {
			continue
		}
		list, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, e := range list.Elts {
			n.link([]CommandNode{parent}, n.nodesOf(e, 0))
		}
	}
}

// Combine merges the inventories of the packages of one program (Merge),
// naming each cobra and urfave/cli command by its path from the root of
// the tree the packages' nesting builds: "session delete" for delete
// added to session, added to the root. The root's own name is left out
// of its commands' names, and is the name of the root itself when it is
// a command; a command added to several parents is listed under each
// path. Rows of commands no nesting names keep their own names.
func Combine(results ...*Result) []Artifact {
	names := map[string]string{}
	parents := map[string][]string{}
	for _, r := range results {
		if r == nil {
			continue
		}
		for _, n := range r.Nodes {
			names[n.ID] = n.Name
		}
		for _, e := range r.Edges {
			if !slices.Contains(parents[e.Child], e.Parent) {
				parents[e.Child] = append(parents[e.Child], e.Parent)
			}
		}
	}
	// prefixes returns the paths of node id as a parent: "" for a root.
	var prefixes func(id string, depth int) []string
	prefixes = func(id string, depth int) []string {
		ps := parents[id]
		if len(ps) == 0 || depth > maxNesting {
			return []string{""}
		}
		var out []string
		for _, p := range ps {
			for _, q := range prefixes(p, depth+1) {
				out = append(out, strings.TrimSpace(q+" "+names[id]))
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	full := map[string][]string{}
	fullNames := func(id, own string) []string {
		if fs, ok := full[id]; ok {
			return fs
		}
		fs := []string{own}
		if len(parents[id]) > 0 {
			if _, ok := names[id]; !ok {
				names[id] = own
			}
			fs = prefixes(id, 0)
		}
		full[id] = fs
		return fs
	}
	var lists [][]Artifact
	for _, r := range results {
		if r == nil {
			continue
		}
		var l []Artifact
		for _, a := range r.Artifacts {
			if a.Node == "" {
				l = append(l, a)
				continue
			}
			for _, name := range fullNames(a.Node, a.Command) {
				b := a
				b.Command, b.Node = name, ""
				l = append(l, b)
			}
		}
		lists = append(lists, l)
	}
	return Merge(lists...)
}
