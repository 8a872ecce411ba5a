package probe

import (
	"cmp"
	"context"
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
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

// ExplainLine runs the analysis as run says, with the go/packages driver
// (which keeps the engine's results: the engine must be one of
// run.Analyzers), and explains line of file (absolute). A file the
// packages name by its real path, file being a symbolic link to it, is
// looked up by that path too. Errors are the driver's, as driver.Run
// returns them.
func ExplainLine(ctx context.Context, run driver.Options, file string, line int) (*Explanation, error) {
	run.Graph = true
	res, err := driver.Run(ctx, run)
	if err != nil {
		return nil, err
	}
	sites, lines := Explain(res.Graph, file, line)
	if len(sites) == 0 && len(lines) == 0 {
		if real, err := filepath.EvalSymlinks(file); err == nil && real != file {
			sites, lines = Explain(res.Graph, real, line)
		}
	}
	return &Explanation{Line: line, Sites: sites, Lines: lines}, nil
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
			fmt.Fprintf(&b, "%s:%d:%d: %s is passed a path it writes (%s); its origin:\n", shown, s.Line, s.Column, s.Op, s.Reaches)
		case "store":
			fmt.Fprintf(&b, "%s:%d:%d: %s is assigned a path that is written (%s); its origin:\n", shown, s.Line, s.Column, s.Op, s.Reaches)
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

// Explain returns the sites the engine found on line of file (absolute),
// in column order, and the lines of file that have sites, for a line
// without any. The engine must be one of graph's roots: the checker keeps
// the results of roots only.
func Explain(graph *checker.Graph, file string, line int) ([]Site, []int) {
	var sites []Site
	var lines []int
	seen := map[string]bool{}
	for act := range graph.All() {
		res, ok := act.Result.(*rootflow.Result)
		if act.Analyzer.Name != engineName || !ok || res == nil {
			continue
		}
		fset := act.Package.Fset
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
				o := origin(a, res.Config, act.Package.Types)
				o.Allowed, o.Why = res.Config.WriteVerdict(a, w.Op)
				s.Origins = append(s.Origins, o)
			}
			add(s, p.String()+w.Op)
		}
		for _, f := range res.Findings {
			p := fset.Position(f.Pos)
			if p.Filename != file || f.Site == rootflow.AtWrite {
				continue
			}
			lines = append(lines, p.Line)
			if p.Line != line {
				continue
			}
			s := Site{Line: p.Line, Column: p.Column, Op: f.Op, Kind: "call", Origins: []Origin{origin(f.Origin, res.Config, act.Package.Types)}}
			if f.Site == rootflow.AtStore {
				s.Kind = "store"
			}
			s.Reaches = f.Reach.Op + " at " + rootflow.ShortPos(f.Reach.At)
			if len(f.Reach.Via) > 1 { // the first hop is the callee or cell itself
				s.Reaches += " via " + strings.Join(lattice.HopNames(f.Reach.Via[1:]), " → ")
			}
			add(s, p.String()+f.Op+f.Origin.Describe())
		}
	}
	slices.SortFunc(sites, func(a, b Site) int { return cmp.Or(cmp.Compare(a.Column, b.Column), cmp.Compare(a.Op, b.Op)) })
	slices.Sort(lines)
	return sites, slices.Compact(lines)
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
