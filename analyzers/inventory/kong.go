package inventory

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// kong (github.com/alecthomas/kong) fills a struct from the command line
// by reflection: a field tagged cmd:"" is a command, named by its name
// tag or by its field name, and kong calls the Run method of the
// selected command's type (and of each of its parents that has one).
// The other fields are the command's flags and arguments. Nothing in the
// program calls Run or stores into those fields, so the engine sees
// neither: this file recognises both from the types.

// kongPath is the import path of kong; kongRoots are its functions whose
// first argument is the command line's root struct.
const kongPath = "github.com/alecthomas/kong"

var kongRoots = []string{"Parse", "New", "Must"}

// RunFact holds the rows of the writes of a method Run that kong could
// call (a Run method of a struct type whose only result is an error), for
// the package that declares the command with a field of that type. Paths
// from the fields of the receiver are the user's: kong fills them from
// the command line.
type RunFact struct {
	// Artifacts are sorted (Merge); their Command is "".
	Artifacts []Artifact
}

// AFact marks RunFact as an analysis fact.
func (*RunFact) AFact() {}

// String lists the fact's distinct patterns: "kong run(repo:runs.db, user)".
func (f *RunFact) String() string {
	return "kong run" + strings.TrimPrefix((&PackageFact{Artifacts: f.Artifacts}).String(), "artifacts")
}

// kongRun returns the Run method kong calls on a command of type t (a
// struct, or a pointer to one): a method Run, of the struct or its
// pointer, whose only result is an error. It returns nil when there is
// none.
func kongRun(t types.Type) *types.Func {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "Run")
	fn, _ := obj.(*types.Func)
	if fn == nil {
		return nil
	}
	res := fn.Signature().Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return fn.Origin() // the engine keys a generic type's method by its origin
}

// kongTag is what kong reads in a field's tag.
type kongTag struct {
	cmd, arg, embed, ignored bool
	name                     string
	def                      string
	hasDef                   bool
}

// parseKongTag reads a field's tag in either of kong's forms: bare keys
// (`cmd:"" name:"ls"`) or one kong key (`kong:"cmd,name='ls'"`).
func parseKongTag(tag string) kongTag {
	st := reflect.StructTag(tag)
	items := map[string]string{}
	if k, ok := st.Lookup("kong"); ok {
		if k == "-" {
			return kongTag{ignored: true}
		}
		for _, item := range splitKongItems(k) {
			key, value, _ := strings.Cut(item, "=")
			items[strings.TrimSpace(key)] = strings.Trim(strings.TrimSpace(value), "'")
		}
	} else {
		for _, key := range []string{"cmd", "arg", "embed", "name", "default"} {
			if v, ok := st.Lookup(key); ok {
				items[key] = v
			}
		}
	}
	t := kongTag{name: items["name"]}
	_, t.cmd = items["cmd"]
	_, t.arg = items["arg"]
	_, t.embed = items["embed"]
	t.def, t.hasDef = items["default"]
	return t
}

// splitKongItems splits a kong:"..." tag at the commas outside single
// quotes.
func splitKongItems(s string) []string {
	var out []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			quoted = !quoted
		case ',':
			if !quoted {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// kongName is the name kong gives a field without a name tag: its words,
// lowercased and joined by dashes ("ServeHTTP" is "serve-http").
func kongName(field string) string {
	return strings.ToLower(strings.Join(camelWords(field), "-"))
}

// camelWords splits s into words as kong does: at changes between lower
// case, upper case, digits and other characters, an upper-case run
// giving its last letter to a lower-case word that follows ("PDFLoader"
// is "PDF", "Loader").
func camelWords(s string) []string {
	if !utf8.ValidString(s) {
		return []string{s}
	}
	var runs [][]rune
	last := 0
	for _, r := range s {
		class := 4
		switch {
		case unicode.IsLower(r):
			class = 1
		case unicode.IsUpper(r):
			class = 2
		case unicode.IsDigit(r):
			class = 3
		}
		if class == last {
			runs[len(runs)-1] = append(runs[len(runs)-1], r)
		} else {
			runs = append(runs, []rune{r})
		}
		last = class
	}
	for i := 0; i < len(runs)-1; i++ {
		if unicode.IsUpper(runs[i][0]) && unicode.IsLower(runs[i+1][0]) {
			runs[i+1] = append([]rune{runs[i][len(runs[i])-1]}, runs[i+1]...)
			runs[i] = runs[i][:len(runs[i])-1]
		}
	}
	var out []string
	for _, r := range runs {
		if len(r) > 0 {
			out = append(out, string(r))
		}
	}
	return out
}

// structOf returns the struct t is, or points to; nil for other types.
func structOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// kongFieldKey is the engine's key of field f of the named struct
// t ("pkg/path.Type.Field"), as its cells are keyed; "" for a struct
// without a name, which no Run method has.
func kongFieldKey(t types.Type, f *types.Var) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	obj := named.Origin().Obj()
	return obj.Pkg().Path() + "." + obj.Name() + "." + f.Name()
}

// addKongFields records the fields kong fills on the receivers of the
// package's Run methods: each flag (by the name kong gives it, with an
// empty default when it has no default tag) and each argument, and the
// fields of the structs they embed.
func (c *commandFinder) addKongFields() {
	c.fields, c.kongFlags = map[string]*types.Var{}, map[types.Object]flagBinding{}
	var add func(t types.Type, depth int)
	add = func(t types.Type, depth int) {
		st := structOf(t)
		if st == nil || depth > 8 {
			return
		}
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		for i := range st.NumFields() {
			f, tag := st.Field(i), parseKongTag(st.Tag(i))
			if tag.ignored || tag.cmd {
				continue
			}
			if f.Anonymous() || tag.embed {
				add(f.Type(), depth+1)
				continue
			}
			key := kongFieldKey(t, f)
			if key == "" {
				continue
			}
			c.fields[key] = f
			if !tag.arg {
				name := tag.name
				if name == "" {
					name = kongName(f.Name())
				}
				c.kongFlags[f] = flagBinding{name: name, emptyDefault: !tag.hasDef || tag.def == ""}
			}
		}
	}
	scope := c.pass.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if run := kongRun(tn.Type()); run != nil && run.Pkg() == c.pass.Pkg {
			add(tn.Type(), 0)
		}
	}
}

// filled returns base as the row of a write whose path is a field kong
// fills from the command line (atom is that field's cell, which nothing
// in the program stores into): the user's path, or a path below it. A
// name made by concatenation (o.File + ".1") is a sibling of the user's
// file, the user's as much.
func (c *commandFinder) filled(base Artifact, atom rootflow.Origin) (Artifact, bool) {
	if !c.inRun || atom.Kind != lattice.Cell || c.fields[atom.Key] == nil {
		return base, false
	}
	user := rootflow.Origin{Kind: lattice.User, Path: atom.Path}
	if atom.Raw {
		user.Path = ""
	}
	return withAtom(base, user)
}

// exportRunFacts exports a RunFact for each Run method of the package
// that kong could call and that reaches a write.
func (c *commandFinder) exportRunFacts() {
	scope := c.pass.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		run := kongRun(tn.Type())
		if run == nil || run.Pkg() != c.pass.Pkg || c.exported[run] {
			continue
		}
		c.exported[run] = true
		if rows := c.runRows(run); len(rows) > 0 {
			c.pass.ExportObjectFact(run, &RunFact{Artifacts: rows})
		}
	}
}

// runRows returns the rows of the writes of run, a Run method of the
// package, for no command yet: the fields of the struct kong fills are
// its flags and the user's paths, there only.
func (c *commandFinder) runRows(run *types.Func) []Artifact {
	c.inRun = true
	defer func() { c.inRun = false }()
	src := source{reaches: c.res.Reaches[run.FullName()], scope: c.decl(run)}
	return Merge(c.rows(src, "", c.labels.fn(run), c.pass.Pkg.Path()))
}

// kongCommands recognises the commands of the kong command lines the
// package parses: the root struct is the first argument of kong.Parse,
// kong.New or kong.Must.
func (c *commandFinder) kongCommands() {
	if !slices.ContainsFunc(c.pass.Pkg.Imports(), func(p *types.Package) bool { return p.Path() == kongPath }) {
		return
	}
	var roots []types.Type
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != kongPath || !slices.Contains(kongRoots, fn.Name()) {
				return true
			}
			t := c.pass.TypesInfo.TypeOf(call.Args[0])
			if t == nil || structOf(t) == nil || slices.ContainsFunc(roots, func(r types.Type) bool { return types.Identical(r, t) }) {
				return true
			}
			roots = append(roots, t)
			return true
		})
	}
	for _, t := range roots {
		var parents []*types.Func
		if run := kongRun(t); run != nil {
			parents = append(parents, run) // the application's own Run
		}
		c.kongWalk(t, "", parents, 0)
	}
}

// kongWalk adds the commands of struct t: each field tagged cmd whose
// type, or one of whose parents' types, has a Run method, named after
// prefix; then the commands below it.
func (c *commandFinder) kongWalk(t types.Type, prefix string, parents []*types.Func, depth int) {
	st := structOf(t)
	if st == nil || depth > 8 {
		return
	}
	for i := range st.NumFields() {
		f, tag := st.Field(i), parseKongTag(st.Tag(i))
		switch {
		case tag.ignored:
			continue
		case !tag.cmd:
			if f.Anonymous() || tag.embed {
				c.kongWalk(f.Type(), prefix, parents, depth+1) // kong flattens it
			}
			continue
		}
		name := tag.name
		if name == "" {
			name = kongName(f.Name())
		}
		if prefix != "" {
			name = prefix + " " + name
		}
		runs := parents
		if run := kongRun(f.Type()); run != nil {
			runs = append(slices.Clip(parents), run)
			c.kongCommand(name, f, runs)
		}
		c.kongWalk(f.Type(), name, runs, depth+1)
	}
}

// kongCommand adds the command name declared by field f, whose writes
// are those of runs, the Run methods kong calls for it (its own last).
func (c *commandFinder) kongCommand(name string, f *types.Var, runs []*types.Func) {
	own := runs[len(runs)-1]
	cmd := command{name: name, via: ViaKong, fn: c.labels.fn(own), pos: f.Pos()}
	for _, run := range runs {
		if run.Pkg() == c.pass.Pkg {
			cmd.rows = append(cmd.rows, c.runRows(run)...)
			continue
		}
		var fact RunFact
		if c.pass.ImportObjectFact(run, &fact) {
			cmd.rows = append(cmd.rows, fact.Artifacts...)
		}
	}
	c.cmds = append(c.cmds, cmd)
}
