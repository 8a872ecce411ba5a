package inventory

import (
	"cmp"
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

//go:embed doc.go
var doc string

// Kinds of artifacts besides the root kinds of rooted ones ("repo",
// "global", or a custom authority kind).
const (
	KindTemp     = "temp"     // under a temporary directory
	KindCache    = "cache"    // under the user cache directory
	KindUser     = "user"     // a path the user chose (flags, os.Args)
	KindDevNull  = "devnull"  // os.DevNull
	KindUnknown  = "unknown"  // proven outside every state root: shadowwrite reports it
	KindUnproven = "unproven" // not proven rooted: a path the analysis cannot follow, or a call it cannot resolve that is passed one
	KindCommand  = "command"  // a row that declares a command (Artifact.Command)
)

// PatternUnproven is the pattern of an unproven artifact.
const PatternUnproven = "unproven"

// Artifact is one path pattern the code writes, at one write site.
type Artifact struct {
	// Pattern is the root kind and the path below it, "repo:logs/*.log",
	// or one of "temp", "cache:x", "user", "devnull", "unknown",
	// "cwd:...", "unproven".
	Pattern string `json:"pattern"`
	// Kind is the root kind of a rooted artifact, or one of the Kind
	// constants.
	Kind string `json:"kind"`
	// Op is the write, "os.WriteFile"; empty for an unproven artifact.
	Op string `json:"op,omitempty"`
	// At is where the write is, relative to the root of the module that
	// holds it, "internal/store/store.go:12" ("store.go:12" where no
	// module root is known).
	At string `json:"at"`
	// Func is the function whose call graph makes the path concrete (the
	// writing function itself, or the closest caller that supplies the
	// root), "(*runner.Runner).Run".
	Func string `json:"func"`
	// Package is the import path of Func's package.
	Package string `json:"package"`
	// Chain is the call chain from Func to the write, outermost first.
	Chain []string `json:"chain,omitempty"`
	// Detail says where an unknown path comes from, or why an unproven
	// one is unproven.
	Detail string `json:"detail,omitempty"`
	// Command, on a per-command row, is the command whose call graph
	// reaches the write; "" on the rows of the artifact table. Every
	// command has one row of kind KindCommand, whose At and Func say where
	// it is declared and whose Detail says how it was recognised.
	Command string `json:"command,omitempty"`
	// Flags, on a per-command row, are the flags without which the
	// command does not make the write ("--out").
	Flags []string `json:"flags,omitempty"`
	// Node, on a per-command row of a cobra or urfave/cli command of a
	// package's Result, is the command's literal (CommandNode.ID), by
	// which Combine names it after its parents; "" once named, and on
	// other rows.
	Node string `json:"-"`
	// Inferred says the path is inside its root by inference only: a
	// sibling of the file an authority declared without file returns
	// (p + ".bak", a temporary file in Dir(p) renamed onto p).
	Inferred bool `json:"inferred,omitempty"`
}

// Documented reports whether the artifact belongs in the contract
// document: state-root, temp, cache and user paths do. Shadow writes
// (unknown) and unproven calls do not, because they are not part of the
// contract but defects that shadowwrite and blastradius report; nor does
// os.DevNull, which keeps no state.
func (a Artifact) Documented() bool {
	if a.Command != "" {
		return false // a command's view of an artifact the table lists
	}
	switch a.Kind {
	case KindUnknown, KindUnproven, KindDevNull:
		return false
	}
	return true
}

// Result is what inventory found in one package: every artifact that a
// function of the package makes concrete, including the writes it reaches
// in its dependencies, sorted; then the rows of the commands its package
// declares (Artifact.Command).
type Result struct {
	Package   string
	Artifacts []Artifact
	// Nodes are the command literals the package declares or learns of
	// from its dependencies' CommandFacts, and Edges the nesting it
	// declares (AddCommand, urfave/cli's Subcommands): Combine reads them
	// to name the commands by their paths from the root.
	Nodes []CommandNode
	Edges []CommandEdge
}

// PackageFact lists a package's artifacts, for drivers that see only
// facts (go vet) and for later packages.
type PackageFact struct {
	// Artifacts is sorted, like Result.Artifacts: facts hold slices, not
	// maps, so their encoding is deterministic.
	Artifacts []Artifact
}

// AFact marks PackageFact as an analysis fact.
func (*PackageFact) AFact() {}

// String lists the fact's distinct patterns: "artifacts(repo:runs.db, temp)".
func (f *PackageFact) String() string {
	var ps []string
	for _, a := range f.Artifacts {
		if len(ps) == 0 || ps[len(ps)-1] != a.Pattern {
			ps = append(ps, a.Pattern)
		}
	}
	return "artifacts(" + strings.Join(ps, ", ") + ")"
}

// Config configures an inventory analyzer.
//
// Unlike the reporting analyzers it has no report.Filter: the inventory
// describes what the code writes, and excluding files or tests from it
// would make the contract document lie. (Whether tests are loaded at all
// is the driver's tests setting.)
type Config struct {
	// Engine is the rootflow engine to read; nil means the suite's shared
	// engine, rootflow.Analyzer.
	Engine *analysis.Analyzer
}

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config { return Config{} }

// Analyzer lists the artifacts each package writes.
var Analyzer = New(DefaultConfig())

// New returns an inventory analyzer with its own state.
func New(cfg Config) *analysis.Analyzer {
	if cfg.Engine == nil {
		cfg.Engine = rootflow.Analyzer
	}
	a := &analysis.Analyzer{
		Name:       "inventory",
		Doc:        report.AnalyzerDoc(doc, "inventory"),
		URL:        "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/inventory",
		Requires:   []*analysis.Analyzer{cfg.Engine},
		ResultType: reflect.TypeOf((*Result)(nil)),
		FactTypes:  []analysis.Fact{new(PackageFact), new(RunFact), new(CommandFact)},
	}
	a.Run = func(pass *analysis.Pass) (res any, err error) {
		defer report.Recover(pass, nil, &err)
		return run(pass, &cfg), nil
	}
	return a
}

func run(pass *analysis.Pass, cfg *Config) *Result {
	res := pass.ResultOf[cfg.Engine].(*rootflow.Result)
	pkg := pass.Pkg.Path()
	labels := newLabels(pass.Pkg, res)
	var arts []Artifact
	for key, reaches := range res.Reaches {
		name := labels.key(key)
		for _, r := range reaches {
			if r.Op == "" {
				continue // a call, not a write: no artifact (unprovenCall)
			}
			base := Artifact{Op: r.Op, At: rootflow.ShortPos(r.At), Func: name, Package: pkg, Chain: labels.chain(r.Chain)}
			for _, atom := range res.ConcreteReach(r) {
				if a, ok := withAtom(base, atom); ok && a.Kind != KindUnproven {
					arts = append(arts, a)
				} // else symbolic: concrete at the callers or stores; unproven: below
			}
		}
	}
	// Every function's rows, before Merge keeps one per write and
	// pattern: a command's rows are those its own entry makes.
	unproven := unprovenRows(pass, res, labels)
	each := append(slices.Clip(arts), unproven...)
	arts = Merge(arts, unproven)
	if len(arts) > 0 {
		pass.ExportPackageFact(&PackageFact{Artifacts: arts})
	}
	// Commands are the analyzed program's: they stay out of the fact,
	// which importers read for their dependencies' writes.
	rows, nodes, edges := commands(pass, res, labels, each)
	return &Result{Package: pkg, Artifacts: Merge(arts, rows), Nodes: nodes, Edges: edges}
}

// unprovenRows returns a row for each write the unproven analyzer
// reports in the package (consumer.UnprovenWrites), where it reports
// it: the write, or the call or store its path enters by. A call the
// analysis cannot resolve is no write, and a write whose path is
// unproven in another package is that package's row.
func unprovenRows(pass *analysis.Pass, res *rootflow.Result, labels *labels) []Artifact {
	var rows []Artifact
	for _, fs := range consumer.UnprovenWrites(res) {
		var why []string
		for _, f := range fs {
			if d := f.Origin.Describe(); !slices.Contains(why, d) {
				why = append(why, d)
			}
		}
		rows = append(rows, Artifact{
			Pattern: PatternUnproven, Kind: KindUnproven,
			Op: fs[0].Op, At: rootflow.ShortPos(pass.Fset.Position(fs[0].Pos)),
			Func: enclosingFunc(pass, labels, fs[0].Pos), Package: pass.Pkg.Path(),
			Detail: strings.Join(why, " or "),
		})
	}
	return rows
}

// enclosingFunc labels the function declaration around pos, or the
// package's initializer.
func enclosingFunc(pass *analysis.Pass, labels *labels, pos token.Pos) string {
	for _, f := range pass.Files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					return labels.fn(fn)
				}
			}
		}
	}
	return labels.key(pass.Pkg.Path() + ".init")
}

// unprovenCall returns base as the row of r, a call the analysis cannot
// resolve that is passed a path.
func unprovenCall(base Artifact, r rootflow.Reach) Artifact {
	base.Pattern, base.Kind, base.Detail = PatternUnproven, KindUnproven, r.Unproven
	return base
}

// withAtom returns base as the row of the concrete origin atom: its
// pattern and kind, and where a path outside every root comes from; ok is
// false for a symbolic atom.
func withAtom(base Artifact, atom rootflow.Origin) (Artifact, bool) {
	if in, ok := atom.AsInferred(); ok {
		atom, base.Inferred = in, true
	}
	kind, ok := kindOf(atom)
	if !ok {
		return base, false
	}
	base.Pattern, base.Kind = atom.Pattern(), kind
	if kind == KindUnproven {
		base.Pattern = PatternUnproven
	}
	if atom.Kind == rootflow.Bad {
		base.Detail = atom.Describe()
	}
	return base, true
}

// kindOf returns the artifact kind of a concrete atom; ok is false for a
// symbolic one.
func kindOf(a rootflow.Origin) (kind string, ok bool) {
	switch a.Kind {
	case rootflow.Rooted:
		return a.Root, true
	case rootflow.Temp:
		return KindTemp, true
	case rootflow.Cache:
		return KindCache, true
	case rootflow.User:
		return KindUser, true
	case rootflow.DevNull:
		return KindDevNull, true
	case rootflow.Bad:
		if a.Cause.Unproven() {
			return KindUnproven, true // the unproven analyzer's, not shadowwrite's
		}
		return KindUnknown, true
	}
	return "", false
}

// Merge returns the artifacts of the lists, one per (Command, Pattern,
// Op, At):
// of the duplicates it keeps the one made concrete closest to the write
// (the shortest call chain), so a write reached from many callers is
// attributed to the function that supplies its root; a command's row keeps
// the flags every duplicate has, and is marked inferred when any
// duplicate is (a way to the write whose path is inside only by
// inference). The result is sorted
// by command (the table's rows first), pattern, then write.
func Merge(lists ...[]Artifact) []Artifact {
	var all []Artifact
	for _, l := range lists {
		all = append(all, l...)
	}
	slices.SortFunc(all, func(a, b Artifact) int {
		return cmp.Or(compareKey(a, b), cmp.Compare(len(a.Chain), len(b.Chain)),
			cmp.Compare(a.Package, b.Package), cmp.Compare(a.Func, b.Func),
			slices.Compare(a.Chain, b.Chain), cmp.Compare(a.Detail, b.Detail))
	})
	var out []Artifact
	for _, a := range all {
		if n := len(out); n > 0 && compareKey(out[n-1], a) == 0 {
			out[n-1].Inferred = out[n-1].Inferred || a.Inferred
			// A command makes the write without a flag if it does on
			// any of its ways to it.
			out[n-1].Flags = slices.DeleteFunc(slices.Clone(out[n-1].Flags), func(f string) bool { return !slices.Contains(a.Flags, f) })
			continue
		}
		out = append(out, a)
	}
	return out
}

func compareKey(a, b Artifact) int {
	return cmp.Or(cmp.Compare(a.Command, b.Command), cmp.Compare(a.Node, b.Node), cmp.Compare(a.Pattern, b.Pattern), cmp.Compare(a.Op, b.Op), cmp.Compare(a.At, b.At))
}

// Collect combines the inventories of the root packages of an analysis
// graph (Combine): what the analyzed packages write, including through
// their dependencies. It finds the inventory results by their type, so it
// works on graphs of wrapped copies of the analyzer too.
func Collect(g *checker.Graph) []Artifact {
	var results []*Result
	for _, act := range g.Roots {
		if r, ok := act.Result.(*Result); ok && r != nil {
			results = append(results, r)
		}
	}
	return Combine(results...)
}
