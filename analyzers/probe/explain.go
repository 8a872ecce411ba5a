package probe

import (
	"cmp"
	"context"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// Site is a write, or a finding reported where a path enters a write (a
// call to a function that writes it, a store into a field that is
// written), on one line.
type Site struct {
	Line, Column int
	Op           string // the write, the function called or the cell stored into
	Kind         string // "write", "call" or "store"
	Reaches      string // for a call or store: the write it reaches, "os.WriteFile at store.go:12"
	Origins      []Origin
}

// Origin is one origin the engine found for a site's path.
type Origin struct {
	Pattern string // "repo:logs/*.log", "temp", "cwd:...", "unknown"
	What    string // where it comes from, as the findings say it
	At      string // where it arose, "file.go:12", when known
	Allowed bool
	Why     string // why it is or is not rooted
}

// Explanation is what explain shows for one line of a file: the sites
// the engine found there, or, when there are none, the lines of the file
// that have sites.
type Explanation struct {
	Line  int
	Sites []Site
	Lines []int
}

// ExplainLine analyzes the package of file (absolute) with the unit
// driver, as the lint does: its dependencies' facts come from the cache
// the lint keeps (Options.CacheDir), and only file's package is analyzed
// with the engine's results kept, by an analyzer that explains line
// (explainer). run.Analyzers must have the engine in their closure. A
// file the packages name by its real path, file being a symbolic link to
// it, is looked up by that path too. Errors are the driver's, as
// driver.Run returns them.
func ExplainLine(ctx context.Context, run driver.Options, file string, line int) (*Explanation, error) {
	var engine *analysis.Analyzer
	for _, a := range config.Closure(run.Analyzers) {
		if a.Name == engineName {
			engine = a
		}
	}
	if engine == nil {
		return nil, fmt.Errorf("explain needs the %s engine among the analyzers", engineName)
	}
	ex := explainer(engine, file, line)
	run.Analyzers = append(slices.Clone(run.Analyzers), ex)
	e := &Explanation{Line: line}
	run.Collect = map[*analysis.Analyzer]func(string, any){ex: func(_ string, r any) {
		if got, ok := r.(*Explanation); ok {
			e.merge(got)
		}
	}}
	if _, err := driver.Run(ctx, run); err != nil {
		return nil, err
	}
	e.sort()
	return e, nil
}

// explainer returns an analyzer that explains line of file in the
// package it runs on, from the engine's results: its result is an
// *Explanation (plain data, so the driver may cache it). The file and
// line are its flags, so a cache key covers them.
func explainer(engine *analysis.Analyzer, file string, line int) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:       "explain",
		Doc:        "explain: the origins the engine found for the paths written on one line",
		Requires:   []*analysis.Analyzer{engine},
		ResultType: reflect.TypeFor[*Explanation](),
	}
	a.Flags.StringVar(&file, "file", file, "the `file` (absolute) whose line is explained")
	a.Flags.IntVar(&line, "line", line, "the `line` explained")
	a.Run = func(pass *analysis.Pass) (any, error) {
		res, _ := pass.ResultOf[engine].(*rootflow.Result)
		e := &Explanation{Line: line}
		if res == nil {
			return e, nil
		}
		seen := map[string]bool{}
		e.Sites, e.Lines = explainPackage(res, pass.Fset, pass.Pkg, file, line, seen)
		if len(e.Sites) == 0 && len(e.Lines) == 0 {
			if real, err := filepath.EvalSymlinks(file); err == nil && real != file {
				e.Sites, e.Lines = explainPackage(res, pass.Fset, pass.Pkg, real, line, seen)
			}
		}
		return e, nil
	}
	return a
}

// merge adds the sites and lines of o, the explanation of another
// package of the same file (a test variant), without repeating a site.
func (e *Explanation) merge(o *Explanation) {
	for _, s := range o.Sites {
		if !slices.ContainsFunc(e.Sites, func(t Site) bool { return reflect.DeepEqual(s, t) }) {
			e.Sites = append(e.Sites, s)
		}
	}
	e.Lines = append(e.Lines, o.Lines...)
}

// sort orders the sites by column and the lines, each line once.
func (e *Explanation) sort() {
	slices.SortFunc(e.Sites, func(a, b Site) int { return cmp.Or(cmp.Compare(a.Column, b.Column), cmp.Compare(a.Op, b.Op)) })
	slices.Sort(e.Lines)
	e.Lines = slices.Compact(e.Lines)
}

// Text renders the explanation, the file named as shown: each site with
// its origins, what each comes from, and why it is or is not rooted.
func (e *Explanation) Text(shown string) string {
	var b strings.Builder
	if len(e.Sites) == 0 {
		if len(e.Lines) == 0 {
			fmt.Fprintf(&b, "%s: the engine found no write in this file\n", shown)
		} else {
			lines := make([]string, len(e.Lines))
			for i, n := range e.Lines {
				lines[i] = strconv.Itoa(n)
			}
			fmt.Fprintf(&b, "%s:%d: no write here; the engine found writes on lines %s\n", shown, e.Line, strings.Join(lines, ", "))
		}
		return b.String()
	}
	for i, s := range e.Sites {
		if i > 0 {
			b.WriteString("\n")
		}
		switch s.Kind {
		case "call":
			fmt.Fprintf(&b, "%s:%d:%d: %s is passed a path it writes (%s); %s:\n", shown, s.Line, s.Column, s.Op, s.Reaches, itsOrigins(len(s.Origins)))
		case "store":
			fmt.Fprintf(&b, "%s:%d:%d: %s is assigned a path that is written (%s); %s:\n", shown, s.Line, s.Column, s.Op, s.Reaches, itsOrigins(len(s.Origins)))
		default:
			fmt.Fprintf(&b, "%s:%d:%d: %s writes a path with %s:\n", shown, s.Line, s.Column, s.Op, plural(len(s.Origins), "origin", "origins"))
		}
		for j, o := range s.Origins {
			at := ""
			if o.At != "" {
				at = " (" + o.At + ")"
			}
			fmt.Fprintf(&b, "  %d. %s: %s%s\n     %s\n", j+1, o.Pattern, o.What, at, o.Why)
		}
	}
	return b.String()
}

// itsOrigins is "its origin" or "its N origins".
func itsOrigins(n int) string {
	if n == 1 {
		return "its origin"
	}
	return "its " + plural(n, "origin", "origins")
}

// Explain returns the sites the engine found on line of file (absolute),
// in column order, and the lines of file that have sites, for a line
// without any. The engine must be one of graph's roots: the checker keeps
// the results of roots only.
func Explain(graph *checker.Graph, file string, line int) ([]Site, []int) {
	e := &Explanation{Line: line}
	seen := map[string]bool{}
	for act := range graph.All() {
		res, ok := act.Result.(*rootflow.Result)
		if act.Analyzer.Name != engineName || !ok || res == nil {
			continue
		}
		sites, lines := explainPackage(res, act.Package.Fset, act.Package.Types, file, line, seen)
		e.Sites = append(e.Sites, sites...)
		e.Lines = append(e.Lines, lines...)
	}
	e.sort()
	return e.Sites, e.Lines
}

// explainPackage returns the sites the engine's result res for package
// pkg has on line of file, and the lines of file with sites; seen holds
// the sites already found (another package of the same file).
func explainPackage(res *rootflow.Result, fset *token.FileSet, pkg *types.Package, file string, line int, seen map[string]bool) ([]Site, []int) {
	var sites []Site
	var lines []int
	add := func(s Site, key string) {
		if !seen[key] {
			seen[key] = true
			sites = append(sites, s)
		}
	}
	for _, w := range res.Writes {
		p := fset.Position(w.Pos)
		if p.Filename != file {
			continue
		}
		lines = append(lines, p.Line)
		if p.Line != line {
			continue
		}
		s := Site{Line: p.Line, Column: p.Column, Op: w.Op, Kind: "write"}
		for _, a := range res.Concrete(w.Path) {
			o := origin(a, res.Config, pkg)
			o.Allowed, o.Why = res.Config.WriteVerdict(a, w.Op)
			s.Origins = append(s.Origins, o)
		}
		add(s, p.String()+w.Op)
	}
	// A call or store is one site with every origin the engine found
	// for its path, as the lint reports it once with its origins listed.
	calls := map[string]int{} // by position, operation and write reached: index in sites
	for _, f := range res.Findings {
		p := fset.Position(f.Pos)
		if p.Filename != file || f.Site == rootflow.AtWrite {
			continue
		}
		lines = append(lines, p.Line)
		if p.Line != line {
			continue
		}
		o := origin(f.Origin, res.Config, pkg)
		reaches := f.Reach.Op + " at " + rootflow.ShortPos(f.Reach.At)
		if len(f.Reach.Via) > 1 { // the first hop is the callee or cell itself
			reaches += " via " + hopsText(f.Reach.Via[1:])
		}
		key := p.String() + f.Op + reaches
		if i, ok := calls[key]; ok {
			if !slices.Contains(sites[i].Origins, o) {
				sites[i].Origins = append(sites[i].Origins, o)
			}
			continue
		}
		if seen[key] {
			continue // another package of the same file
		}
		s := Site{Line: p.Line, Column: p.Column, Op: f.Op, Kind: "call", Reaches: reaches, Origins: []Origin{o}}
		if f.Site == rootflow.AtStore {
			s.Kind = "store"
		}
		calls[key] = len(sites)
		add(s, key)
	}
	return sites, lines
}

// hopsText renders a requirement's hops for explain: a field or
// variable hop says where the path was stored into it (into one object
// the analysis follows, or the field of every object of its type).
func hopsText(hops []lattice.Hop) string {
	parts := make([]string, len(hops))
	for i, h := range hops {
		parts[i] = h.Name
		if !h.Pos.IsValid() || !strings.HasPrefix(h.Name, "field ") && !strings.HasPrefix(h.Name, "variable ") {
			continue
		}
		if h.Object {
			parts[i] += ", stored into one object at " + rootflow.ShortPos(h.Pos)
		} else {
			parts[i] += ", stored at " + rootflow.ShortPos(h.Pos)
		}
	}
	return strings.Join(parts, " → ")
}

// origin describes one origin of a site's path under cfg.
func origin(a rootflow.Origin, cfg *rootflow.Config, pkg *types.Package) Origin {
	o := Origin{Pattern: a.Pattern(), What: a.Describe(), At: rootflow.ShortPos(a.At)}
	switch a.Kind {
	case rootflow.Param:
		o.Pattern, o.What = "parameter", "the path "+lattice.ShortName(a.Key)+" is given"
		if name := paramName(pkg, a.Key, a.Index); name != "" {
			o.What = "parameter " + name + " of " + lattice.ShortName(a.Key)
		}
	case rootflow.Cell:
		o.Pattern, o.What = "field", "what is stored into "+lattice.ShortName(a.Key)
	case rootflow.Env:
		o.Pattern = "env"
	case rootflow.Bad:
		o.Pattern = "outside"
	}
	o.Allowed, o.Why = cfg.Verdict(a)
	return o
}

// paramName returns the name of parameter index (receiver first) of the
// function or method of pkg whose full name is key, or "".
func paramName(pkg *types.Package, key string, index int) string {
	if pkg == nil {
		return ""
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		var fns []*types.Func
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			fns = append(fns, obj)
		case *types.TypeName:
			if named, ok := obj.Type().(*types.Named); ok {
				for m := range named.Methods() {
					fns = append(fns, m)
				}
			}
		}
		for _, fn := range fns {
			if fn.FullName() != key {
				continue
			}
			sig := fn.Signature()
			if sig.Recv() != nil {
				if index == 0 {
					return sig.Recv().Name()
				}
				index--
			}
			if index < sig.Params().Len() {
				return sig.Params().At(index).Name()
			}
			return ""
		}
	}
	return ""
}
