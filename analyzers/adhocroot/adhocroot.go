package adhocroot

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/fixes"
	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/findingkey"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// staterootsPath is the authority library whose GlobalStateRoot the
// suggested fix calls.
const staterootsPath = "github.com/staterootlint/staterootlint/stateroots"

// Flag names of adhocroot (internal/flagname).
const (
	// FlagStateDir names the flag listing the state-dir names, such as .myapp.
	FlagStateDir = flagname.StateDir
	// FlagAuthorities names the flag listing the configured authorities,
	// whose packages may build roots.
	FlagAuthorities = flagname.Authorities
)

// The categories of adhocroot's diagnostics.
const (
	CategoryHome     = "home"     // a path built on the home or user config directory
	CategoryEnv      = "env"      // a path built on $HOME, $XDG_* or the like
	CategoryStateDir = "statedir" // the state-dir name spelled out in a literal
)

//go:embed doc.go
var doc string

// Config configures an adhocroot analyzer.
type Config struct {
	// StateDir lists the state directory names, such as ".myapp", that
	// may not appear as a path segment of a literal outside the authority.
	// The home-directory checks do not depend on it.
	StateDir flagvalue.List
	// Authorities lists the configured authorities (the engine's
	// authorities): their packages, like those declaring
	// //staterootlint:authority, may build roots.
	Authorities flagvalue.List
	// Engine is the rootflow engine whose provenance of built paths the
	// analyzer reads (rootflow.Analyzer when nil).
	Engine *analysis.Analyzer
	// Filter selects what is reported: tests, excluded files.
	report.Filter
}

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config {
	return Config{}
}

// Analyzer reports state-root-like paths built outside the authority
// package.
var Analyzer = New(DefaultConfig())

// New returns an adhocroot analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	if cfg.Engine == nil {
		cfg.Engine = rootflow.Analyzer
	}
	cfg.StateDir = slices.Clone(cfg.StateDir)
	cfg.Authorities = slices.Clone(cfg.Authorities)
	cfg.Exclude = slices.Clone(cfg.Exclude)
	a := &analysis.Analyzer{
		Name:       "adhocroot",
		Doc:        report.AnalyzerDoc(doc, "adhocroot"),
		URL:        "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/adhocroot",
		Requires:   []*analysis.Analyzer{inspect.Analyzer, cfg.Engine},
		ResultType: report.MatchedType,
	}
	a.Flags.Var(&cfg.StateDir, FlagStateDir, "comma-separated state directory `names` (such as .myapp) only the authority may spell out")
	a.Flags.Var(&cfg.Authorities, FlagAuthorities, "comma-separated configured authorities (`pkg.Func`, (*pkg.T).Method, pkg.Var, optionally =KIND) whose packages may build roots")
	cfg.Filter.Register(&a.Flags)
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, &cfg) }
	return a
}

// source describes where a home-like directory came from.
type source struct {
	name string // as the message says it: "os.UserHomeDir", "$HOME"
	note string // appended to name in the message
	home bool   // the home directory itself, so <it>/.<app> is the global root
	env  string // the variable, for an environment read
	via  string // the package's function that returned it, if any
}

// checker holds one pass's state.
type checker struct {
	pass *analysis.Pass
	r    *report.Reporter
	// shadowLines are the lines where the engine found a write outside
	// every root, which shadowwrite reports.
	shadowLines map[lineKey]bool
	// writes are the engine's findings outside every root built on the
	// home or config directory or an environment variable: what a join
	// on one of them may reach.
	writes   []*rootflow.Finding
	stateDir []string
	// authorities are the configured ones, named in the advice.
	authorities []string
	res         *rootflow.Result // the engine's, for the sources of built paths
	reported    map[ast.Node]bool
	fx          *fixes.Fixer // built on the first fix
}

// fixer returns the pass's builder of suggested fixes.
func (c *checker) fixer() *fixes.Fixer {
	if c.fx == nil {
		c.fx = fixes.New(c.pass, c.res.Bases, c.authorityRefs(), c.stateDir)
	}
	return c.fx
}

func run(pass *analysis.Pass, cfg *Config) (_ any, err error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	var at token.Pos // the node being checked, for the fault report
	defer report.Recover(pass, &at, &err)
	r := cfg.Reporter(pass)
	if report.IsAuthority(pass, cfg.Authorities) {
		return r.Matched(), nil
	}
	c := &checker{
		pass:     pass,
		r:        r,
		res:      pass.ResultOf[cfg.Engine].(*rootflow.Result),
		reported: make(map[ast.Node]bool),

		authorities: cfg.Authorities,
	}
	// One write, one finding: a path built here that a write on the same
	// line takes is shadowwrite's finding (the write is what the contract
	// forbids), decided from the engine's result whether shadowwrite runs
	// or not.
	c.shadowLines = map[lineKey]bool{}
	for _, f := range c.res.Findings {
		if f.Origin.Kind == rootflow.Bad && !consumer.Unproven(f.Origin) {
			c.shadowLines[c.lineOf(f.Pos)] = true
			if f.Origin.Cause == rootflow.CauseHome || f.Origin.Cause == rootflow.CauseEnv {
				c.writes = append(c.writes, f)
			}
		}
	}
	for _, d := range cfg.StateDir {
		// The name is one path segment; take the last of "~/.myapp/".
		d = strings.TrimRight(d, `/\`)
		if i := strings.LastIndexAny(d, `/\`); i >= 0 {
			d = d[i+1:]
		}
		if d != "" {
			c.stateDir = append(c.stateDir, d)
		}
	}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil), (*ast.BinaryExpr)(nil), (*ast.BasicLit)(nil)) {
		at = cur.Node().Pos()
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			c.call(cur, n)
		case *ast.BinaryExpr:
			c.concat(cur, n)
		case *ast.BasicLit:
			c.literal(cur, n)
		}
	}
	return r.Matched(), nil
}

// sourceAt returns where the path built at pos (a call's opening
// parenthesis, a + operator) comes from when the engine found it built on
// the home or config directory or a home-like environment variable, or nil.
// The engine follows the value through variables, helpers, fields and
// packages; a source in another function of this package is named as the
// helper the value came through.
func (c *checker) sourceAt(pos token.Pos) *source {
	for _, a := range c.res.Bases[pos] {
		if !a.BareSource() {
			continue // not a source, or a root already built on one
		}
		var src *source
		if name, ok := strings.CutPrefix(a.Src, "$"); ok {
			src = envSource(name)
		} else if f, ok := knowledge.Fields[a.Src]; ok && f.Cause == knowledge.CauseHome {
			src = &source{name: f.Name, note: f.Note, home: f.Home}
		} else if f, ok := knowledge.Lookup(a.Src); ok && f.Cause == knowledge.CauseHome {
			src = &source{name: lattice.ShortName(a.Src), home: f.Home}
		}
		if src != nil {
			src.via = c.helperOf(a.At, pos)
			return src
		}
	}
	return nil
}

// helperOf returns the name of the function of this package the origin at
// is in, when it is not the one holding pos, or "".
func (c *checker) helperOf(at token.Position, pos token.Pos) string {
	if !at.IsValid() {
		return ""
	}
	var origin, here *ast.FuncDecl
	for _, f := range c.pass.Files {
		tf := c.pass.Fset.File(f.Pos())
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fd.Pos() <= pos && pos < fd.End() {
				here = fd
			}
			if tf != nil && tf.Name() == at.Filename &&
				tf.Line(fd.Pos()) <= at.Line && at.Line <= tf.Line(fd.End()) {
				origin = fd
			}
		}
	}
	if origin == nil || origin == here {
		return ""
	}
	return origin.Name.Name
}

// origin is the origin shadowwrite sees for a value built on src, so
// that both give one advice, and one fix, for it.
func (src *source) origin() rootflow.Origin {
	if src.env != "" {
		return rootflow.Origin{Kind: rootflow.Bad, Cause: rootflow.CauseEnv, Src: "$" + src.env}
	}
	return rootflow.Origin{Kind: rootflow.Bad, Cause: rootflow.CauseHome, Src: "os.UserHomeDir"}
}

// envSource returns the source for a read of the variable name, or nil if
// it does not name a home-like directory.
func envSource(name string) *source {
	ok, home := knowledge.IsHomeEnv(name)
	if !ok || name == runtimeDirEnv {
		return nil
	}
	return &source{name: "$" + name, home: home, env: name}
}

// call checks a path builder or an environment expansion.
// lineKey is a line of a file.
type lineKey struct {
	file string
	line int
}

// lineOf returns the line pos is on.
func (c *checker) lineOf(pos token.Pos) lineKey {
	p := c.pass.Fset.Position(pos)
	return lineKey{p.Filename, p.Line}
}

func (c *checker) call(cur inspector.Cursor, call *ast.CallExpr) {
	info := c.pass.TypesInfo
	fn := typeutil.StaticCallee(info, call)
	known, _ := knowledge.Lookup(funcKey(fn))
	switch {
	case known.Has(knowledge.Join) || known.Has(knowledge.Format):
		if call.Ellipsis.IsValid() || len(call.Args) < 2 {
			return
		}
		// The engine records what the path is built on (its first
		// element, or the first argument of a "%s..." format).
		// A "~/" the user wrote, expanded onto the home directory, is no
		// such path: the engine's tilde rule makes it the user's, and
		// records no base for it.
		src := c.sourceAt(call.Lparen)
		if src == nil {
			return
		}
		if c.shadowLines[c.lineOf(call.Pos())] {
			c.reported[call] = true // the write's finding covers the literals too
			return
		}
		// The program's own root, or a path that reaches a write: not
		// another program's file it only reads or probes.
		elems := call.Args[1:]
		if known.Has(knowledge.Format) {
			elems = call.Args[:1]
		}
		w := c.reaching(call.Lparen, c.constPrefix(elems, known.Has(knowledge.Format)))
		if w == nil && !c.ownName(c.constSegments(elems...)) {
			return
		}
		d := c.diagnostic(call, fn.Pkg().Name()+"."+fn.Name(), src, w)
		if !known.Has(knowledge.Format) {
			c.fixer().AttachJoin(&d, call, src.origin(), src.home)
		}
		c.r.Report(d)
	case known.Has(knowledge.Expand):
		if len(call.Args) == 0 {
			return
		}
		template, ok := constString(info, call.Args[0])
		if !ok {
			return
		}
		if src := envSource(leadingVar(template)); src != nil && c.ownName(segments(template)) {
			c.r.Report(c.diagnostic(call, fn.Pkg().Name()+"."+fn.Name(), src, nil))
		}
	}
}

// concat checks a string concatenation, once, at its outermost +.
func (c *checker) concat(cur inspector.Cursor, b *ast.BinaryExpr) {
	if b.Op != token.ADD || !isString(c.pass.TypesInfo.TypeOf(b)) {
		return
	}
	if p, ok := cur.Parent().Node().(*ast.BinaryExpr); ok && p.Op == token.ADD && p.X == b || c.insideReported(cur) {
		return // the enclosing + reports the whole chain
	}
	left := ast.Expr(b)
	for {
		inner, ok := ast.Unparen(left).(*ast.BinaryExpr)
		if !ok || inner.Op != token.ADD {
			break
		}
		left = inner.X
	}
	if src := c.sourceAt(b.OpPos); src != nil {
		if c.shadowLines[c.lineOf(b.Pos())] {
			c.reported[b] = true
			return
		}
		w := c.reaching(b.OpPos, nil)
		if w == nil && !c.ownName(c.constSegments(addOperands(b)...)) {
			return
		}
		c.r.Report(c.diagnostic(b, "string concatenation", src, w))
	}
}

// diagnostic describes a path built by op on src and marks n reported, so
// the literals inside it are not reported again; w, when not nil, is a
// write the path reaches, whose advice it gives.
func (c *checker) diagnostic(n ast.Node, op string, src *source, w *rootflow.Finding) analysis.Diagnostic {
	c.reported[n] = true
	via := ""
	if src.via != "" {
		via = " through " + src.via
	}
	// The origin shadowwrite sees for the same value, so that both give
	// one advice for it: the write's own, where the path reaches one.
	origin := src.origin()
	category, what := CategoryHome, src.name
	if src.env != "" {
		category, what = CategoryEnv, src.env
	}
	if w != nil {
		origin = w.Origin
	}
	advice := consumer.Advice(c.authorityRefs(), origin, c.pass)
	return analysis.Diagnostic{
		Pos:      n.Pos(),
		End:      n.End(),
		Category: category,
		URL:      findingkey.URL(c.pass.Analyzer.URL, op, category+" "+what),
		Message: fmt.Sprintf("%s builds a state path on %s%s%s outside the authority package; derive it from %s",
			op, src.name, src.note, via, advice),
	}
}

// authorityRefs returns the program's authorities to name in advice: the
// engine's (configured for it, declared with //staterootlint:authority in
// the package or a dependency) and those configured for adhocroot, by
// name.
func (c *checker) authorityRefs() []rootflow.AuthorityRef {
	refs := slices.Clone(c.res.Authorities)
	for _, a := range rootflow.ConfiguredAuthorities(c.authorities) {
		if !slices.ContainsFunc(refs, func(r rootflow.AuthorityRef) bool { return r.Name == a.Name }) {
			refs = append(refs, a)
		}
	}
	slices.SortFunc(refs, func(a, b rootflow.AuthorityRef) int { return strings.Compare(a.Name, b.Name) })
	return refs
}

// literal reports a string literal that spells a state-dir name as a path
// segment.
func (c *checker) literal(cur inspector.Cursor, lit *ast.BasicLit) {
	if lit.Kind != token.STRING || len(c.stateDir) == 0 {
		return
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.ImportSpec:
		return
	case *ast.Field:
		if p.Tag == lit {
			return
		}
	}
	if c.nameOnly(cur) {
		return
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return
	}
	dir := ""
	for _, seg := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '\\' }) {
		if slices.Contains(c.stateDir, seg) {
			dir = seg
			break
		}
	}
	if dir == "" {
		return
	}
	if c.insideReported(cur) || prose(s) && !c.pathArgument(cur) || c.tempPattern(cur) {
		return
	}
	// A state-dir name may be any root's: any reachable authority of the
	// program fits, and the library has two.
	advice := "a state-root authority such as stateroots.RepoStateRoot or stateroots.GlobalStateRoot"
	if refs := rootflow.SuggestFrom(c.authorityRefs(), rootflow.Origin{Kind: rootflow.Bad}, c.pass.Pkg.Path()); len(refs) > 0 {
		advice = consumer.Advice(refs, rootflow.Origin{Kind: rootflow.Bad}, c.pass)
	}
	c.r.Report(analysis.Diagnostic{
		Pos:      lit.Pos(),
		End:      lit.End(),
		Category: CategoryStateDir,
		URL:      findingkey.URL(c.pass.Analyzer.URL, "", CategoryStateDir+" "+strconv.Quote(s)),
		Message:  fmt.Sprintf("literal %s names the state dir %q outside the authority package; derive the path from %s", report.Quote(s), dir, advice),
	})
}

// prose reports whether a literal reads as text rather than as a path:
// it holds whitespace (help text, a message that says where the state
// is: "written to $HOME/.myapp/root").
func prose(s string) bool {
	return strings.ContainsFunc(s, unicode.IsSpace)
}

// pathArgument reports whether the literal at cur is an argument of a call
// that takes it as a path: a join, a cleaner, a write
// ("Application Support/.myapp").
func (c *checker) pathArgument(cur inspector.Cursor) bool {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	known, _ := knowledge.Lookup(funcKey(typeutil.StaticCallee(c.pass.TypesInfo, call)))
	return known.Roles&(knowledge.Join|knowledge.SafeJoin|knowledge.Identity|knowledge.Parent|knowledge.PathSplit|knowledge.Sink) != 0
}

// tempPattern reports whether cur is the name pattern of a call that
// makes a temporary file or directory (os.MkdirTemp's second argument):
// a name below the temporary directory, not the state dir spelled out.
func (c *checker) tempPattern(cur inspector.Cursor) bool {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	known, _ := knowledge.Lookup(funcKey(typeutil.StaticCallee(c.pass.TypesInfo, call)))
	if known.Roles&knowledge.TempMaker == 0 {
		return false
	}
	i := slices.IndexFunc(call.Args, func(a ast.Expr) bool { return a == cur.Node() })
	return i >= 0 && !slices.Contains(known.Sink.Paths, i)
}

// insideReported reports whether cur is part of an expression already
// reported, which says all there is to say about it.
func (c *checker) insideReported(cur inspector.Cursor) bool {
	for anc := range cur.Enclosing() {
		if c.reported[anc.Node()] {
			return true
		}
	}
	return false
}

// leadingVar returns the variable a template starts with: "HOME" for
// "$HOME/x" and "${HOME}/x", "" if it starts with anything else.
func leadingVar(template string) string {
	rest, ok := strings.CutPrefix(template, "$")
	if !ok {
		return ""
	}
	if name, ok := strings.CutPrefix(rest, "{"); ok {
		name, _, ok = strings.Cut(name, "}")
		if !ok {
			return ""
		}
		return name
	}
	end := 0
	for end < len(rest) && (rest[end] == '_' || '0' <= rest[end] && rest[end] <= '9' ||
		'a' <= rest[end] && rest[end] <= 'z' || 'A' <= rest[end] && rest[end] <= 'Z') {
		end++
	}
	return rest[:end]
}

// funcKey returns "pkgpath.Name" for a package-level function, else "".
func funcKey(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// fieldKey returns "pkgpath.Type.Field" for a selected struct field,
// promoted or not, as the knowledge table keys fields.
func fieldKey(sel *types.Selection) string {
	t := sel.Recv()
	for _, i := range sel.Index()[:len(sel.Index())-1] {
		t = fieldType(t, i)
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + sel.Obj().Name()
}

// fieldType returns the type of field i of struct (or pointer to struct) t.
func fieldType(t types.Type, i int) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Type()
	}
	return t
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// constString returns the value of e if it is a constant string.
func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// runtimeDirEnv names the runtime directory, where sockets and pid files
// live for a session: temporary, never a state root.
const runtimeDirEnv = "XDG_RUNTIME_DIR"

// nameOnly reports whether the literal at cur is used as a name, not a
// path: compared (==, !=, a switch case, strings.HasPrefix and the
// like), or a key of a map (a set of directory names a walk skips).
func (c *checker) nameOnly(cur inspector.Cursor) bool {
	lit := cur.Node()
	switch p := cur.Parent().Node().(type) {
	case *ast.BinaryExpr:
		return p.Op == token.EQL || p.Op == token.NEQ
	case *ast.CaseClause:
		return slices.Contains(p.List, ast.Expr(lit.(*ast.BasicLit)))
	case *ast.KeyValueExpr:
		if p.Key != lit {
			return false
		}
		if cl, ok := cur.Parent().Parent().Node().(*ast.CompositeLit); ok {
			_, isMap := c.pass.TypesInfo.TypeOf(cl).Underlying().(*types.Map)
			return isMap
		}
	case *ast.IndexExpr:
		if p.Index == lit {
			_, isMap := c.pass.TypesInfo.TypeOf(p.X).Underlying().(*types.Map)
			return isMap
		}
	case *ast.CallExpr:
		return comparisons[funcKey(typeutil.StaticCallee(c.pass.TypesInfo, p))]
	}
	return false
}

// comparisons are the functions that compare a name rather than use it
// as a path.
var comparisons = map[string]bool{
	"strings.HasPrefix": true,
	"strings.HasSuffix": true,
	"strings.Contains":  true,
	"strings.EqualFold": true,
	"slices.Contains":   true,
}

// ownName reports whether segs, a built path's constant segments, name
// the program's state dir (".myapp"), or its name without the dot
// ("myapp", the directory below a shared base such as ~/.config).
func (c *checker) ownName(segs []string) bool {
	for _, s := range segs {
		for _, d := range c.stateDir {
			if s == d || s == strings.TrimPrefix(d, ".") && s != "" {
				return true
			}
		}
	}
	return false
}

// constSegments returns the path segments of the constant strings among
// es.
func (c *checker) constSegments(es ...ast.Expr) []string {
	var out []string
	for _, e := range es {
		if s, ok := constString(c.pass.TypesInfo, e); ok {
			out = append(out, segments(s)...)
		}
	}
	return out
}

// constPrefix returns the segments of the leading constant elements of a
// join (es, after its base), up to the first that is not constant; nil
// for a format, whose elements are not a path's.
func (c *checker) constPrefix(es []ast.Expr, format bool) []string {
	if format {
		return nil
	}
	var out []string
	for _, e := range es {
		s, ok := constString(c.pass.TypesInfo, e)
		if !ok {
			break
		}
		out = append(out, segments(s)...)
	}
	return out
}

// segments splits a path or template into its elements, dropping "." and
// empty ones.
func segments(s string) []string {
	var out []string
	for _, seg := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg != "." {
			out = append(out, seg)
		}
	}
	return out
}

// addOperands returns the operands of a chain of + (left to right).
func addOperands(b *ast.BinaryExpr) []ast.Expr {
	var out []ast.Expr
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		if in, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && in.Op == token.ADD {
			walk(in.X)
			walk(in.Y)
			return
		}
		out = append(out, e)
	}
	walk(b)
	return out
}

// reaching returns a write the path built at pos reaches, as the engine
// found it outside every root: a finding whose origin is the same source
// (where it arose and what it is) as the base of the built path, below
// the constant elements prefix the path starts with; nil when none is.
// The engine follows the value through variables, helpers, fields and
// calls within the package.
func (c *checker) reaching(pos token.Pos, prefix []string) *rootflow.Finding {
	for _, a := range c.res.Bases[pos] {
		if !a.BareSource() {
			continue
		}
		for _, f := range c.writes {
			if f.Origin.Src == a.Src && samePos(f.Origin.At, a.At) && below(f.Origin.Path, prefix) {
				return f
			}
		}
	}
	return nil
}

// samePos reports whether two origins arose at the same place.
func samePos(a, b token.Position) bool {
	return a.IsValid() && a.Filename == b.Filename && a.Line == b.Line && a.Column == b.Column
}

// below reports whether the pattern p (slash-separated, "*" a dynamic
// segment) starts with the segments prefix.
func below(p string, prefix []string) bool {
	segs := strings.Split(p, "/")
	for i, want := range prefix {
		if i >= len(segs) {
			return false
		}
		if ok, _ := path.Match(segs[i], want); !ok && segs[i] != want {
			return false
		}
	}
	return true
}
