package blastradius

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/radius"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

//go:embed doc.go
var doc string

// The categories of blastradius's diagnostics.
const (
	CategoryRadius    = "radius"    // a write outside the declared radius
	CategoryUnproven  = "unproven"  // a write the analysis cannot place
	CategoryDirective = "directive" // a malformed may-write directive
)

// Config configures a blastradius analyzer: the engine it reads, what it
// reports, and the state-dir names patterns may not start with.
type Config struct {
	// Engine is the rootflow engine to read; nil means the suite's shared
	// engine, rootflow.Analyzer.
	Engine *analysis.Analyzer
	// Filter selects what is reported: tests, excluded files.
	report.Filter
	// StateDir lists the state directory names (.myapp). A pattern is
	// relative to the root, which already is that directory, so a
	// pattern that starts with one is rejected with the form to write.
	StateDir flagvalue.List
}

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config { return Config{} }

// Analyzer checks the writes of functions annotated with
// //staterootlint:may-write against their declared radius.
var Analyzer = New(DefaultConfig())

// New returns a blastradius analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	stateDir := slices.Clone(cfg.StateDir)
	a := consumer.New("blastradius", doc, consumer.Config{Engine: cfg.Engine, Filter: cfg.Filter},
		func(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter) error {
			return run(pass, res, rep, stateDir)
		})
	a.Flags.Var(&stateDir, flagname.StateDir, "comma-separated state directory `names` (such as .myapp) that may-write patterns must not repeat")
	return a
}

func run(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter, stateDir []string) error {
	// An allowance is parsed by the engine, which allows nothing for a
	// malformed one: it is reported here, with the radii.
	for fd, args := range report.FuncDirectives(pass.Files, "allow-write") {
		if _, err := radius.Parse(args, nil); err != nil {
			msg := strings.Replace(err.Error(), "may-write", "allow-write", 1)
			rep.Report(analysis.Diagnostic{Pos: directivePos(fd, "allow-write", err.Pattern), Category: CategoryDirective, Message: msg})
		}
	}
	// The words after an authority's kind are parsed, not ignored.
	for fd, args := range report.FuncDirectives(pass.Files, "authority") {
		if msg := authorityWords(args); msg != "" {
			rep.Report(analysis.Diagnostic{Pos: directivePos(fd, "authority", ""), Category: CategoryDirective, Message: msg})
		}
	}
	for fd, args := range report.FuncDirectives(pass.Files, "may-write") {
		ps, err := radius.Parse(args, stateDir)
		if err != nil {
			rep.Report(analysis.Diagnostic{Pos: directivePos(fd, "may-write", err.Pattern), Category: CategoryDirective, Message: err.Error()})
			continue
		}
		obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if obj == nil {
			continue
		}
		name := fd.Name.Name
		allowed := "nothing (none)"
		if len(ps) > 0 {
			texts := make([]string, len(ps))
			for i, p := range ps {
				texts[i] = p.Text
			}
			allowed = "only " + strings.Join(texts, " ")
		}
		for _, r := range res.Reaches[obj.FullName()] {
			if msg, category := violation(res, ps, r); msg != "" {
				rep.Report(analysis.Diagnostic{
					Pos:      fd.Name.Pos(),
					Category: category,
					Message:  fmt.Sprintf("%s may write %s, but %s%s", name, allowed, msg, via(r)),
				})
			}
		}
	}
	return nil
}

// authorityWords checks the arguments of an authority directive, KIND
// and then optionally the word file or base, and says what is wrong, or
// "".
func authorityWords(args []string) string {
	word := func(s string) bool { return s == rootflow.AuthorityFile || s == rootflow.AuthorityBase }
	switch {
	case len(args) > 0 && word(args[0]):
		return fmt.Sprintf("//staterootlint:authority %s: %q is a word after the kind, not a kind; write //staterootlint:authority KIND %s", strings.Join(args, " "), args[0], args[0])
	case len(args) > 1 && !word(args[1]) || len(args) > 2:
		return fmt.Sprintf("//staterootlint:authority %s: unknown word %q after the kind; the words allowed are file (the result names a file inside the root) and base (a base many programs share, below which the root is the state-dir name)", strings.Join(args, " "), args[len(args)-1])
	}
	return ""
}

// directivePos returns the position of the may-write line of fd's doc
// comment that holds pattern, or of its first may-write line when pattern
// is "" or not found.
func directivePos(fd *ast.FuncDecl, directive, pattern string) token.Pos {
	first := token.NoPos
	for _, c := range fd.Doc.List {
		if _, ok := report.FuncDirective(&ast.CommentGroup{List: []*ast.Comment{c}}, directive); !ok {
			continue
		}
		if !first.IsValid() {
			first = c.Slash
		}
		if pattern != "" && slices.Contains(strings.Fields(c.Text), pattern) {
			return c.Slash
		}
	}
	if first.IsValid() {
		return first
	}
	return fd.Name.Pos()
}

// violation describes how a reached write leaves the radius, and its
// category, or returns "".
func violation(res *rootflow.Result, ps []radius.Pattern, r rootflow.Reach) (msg, category string) {
	if r.Op == "" {
		return "it makes " + r.Unproven + " (" + rootflow.ShortPos(r.At) + "), which is unproven", CategoryUnproven
	}
	for _, a := range res.Concrete(r.Path) {
		switch a.Kind {
		case rootflow.Param:
			return fmt.Sprintf("%s at %s writes a path from a parameter, which is unproven", r.Op, rootflow.ShortPos(r.At)), CategoryUnproven
		case rootflow.Cell:
			return fmt.Sprintf("%s at %s writes a path from a field or variable the analysis cannot resolve, which is unproven", r.Op, rootflow.ShortPos(r.At)), CategoryUnproven
		}
		if !radius.Allows(ps, a) {
			return fmt.Sprintf("it reaches %s of %s at %s", r.Op, describe(a), rootflow.ShortPos(r.At)), CategoryRadius
		}
	}
	return "", ""
}

func describe(a rootflow.Origin) string {
	if a.Kind == rootflow.Bad {
		return a.Describe()
	}
	return a.Pattern()
}

// via renders the call chain from the annotated function to the write.
func via(r rootflow.Reach) string {
	if len(r.Chain) == 0 {
		return ""
	}
	return " via " + strings.Join(lattice.HopNames(r.Chain), " → ")
}
