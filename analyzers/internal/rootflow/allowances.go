package rootflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/radius"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/internal/flagname"
	"golang.org/x/tools/go/ssa"
)

// findAllowances parses the package's allow-write directives and the
// configured allowances (FUNC=PATTERN entries) and spreads them over the
// calls of the package. A malformed directive is blastradius's to report
// (it parses them the same way); it allows nothing here.
func (ix *index) findAllowances() (*allowances, error) {
	byFunc := map[*ssa.Function][]radius.Pattern{}
	var all []radius.Pattern
	for _, entry := range ix.cfg.AllowWrite {
		name, pattern, ok := strings.Cut(entry, "=")
		if !ok {
			return nil, &ConfigError{Flag: FlagAllowWrite, Entry: entry, Msg: "want FUNC=PATTERN, such as example.com/app/cmd.launch=cwd:app.toml"}
		}
		ps, err := radius.Parse([]string{pattern}, nil)
		if err != nil {
			return nil, &ConfigError{Flag: FlagAllowWrite, Entry: entry, Msg: strings.ReplaceAll(err.Msg, "may-write", "allow-write")}
		}
		if name == flagname.AllowWriteAll {
			all = append(all, ps...)
			continue
		}
		for _, fn := range ix.funcs {
			if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && obj.FullName() == name {
				byFunc[fn] = append(byFunc[fn], ps...)
			}
		}
	}
	decls := map[*ast.FuncDecl][]radius.Pattern{}
	for fd, args := range report.FuncDirectives(ix.pass.Files, "allow-write") {
		if ps, err := radius.Parse(args, nil); err == nil {
			decls[fd] = ps
		}
	}
	if len(decls) > 0 {
		for _, fn := range ix.funcs {
			if fd, ok := fn.Syntax().(*ast.FuncDecl); ok && decls[fd] != nil {
				byFunc[fn] = append(byFunc[fn], decls[fd]...)
			}
		}
	}
	if len(byFunc) == 0 && len(all) == 0 {
		return nil, nil
	}
	covered := &allowances{all: all, byFunc: map[*ssa.Function][]radius.Pattern{}}
	for fn, ps := range byFunc {
		ix.spread(fn, ps, covered.byFunc, map[*ssa.Function]bool{})
	}
	return covered, nil
}

// spread gives fn, its closures and the functions of the package it
// reaches the patterns ps: those it calls statically, and those whose
// value it hands on (a slice of generators, a callback, a method value),
// which are called on its behalf.
func (ix *index) spread(fn *ssa.Function, ps []radius.Pattern, covered map[*ssa.Function][]radius.Pattern, seen map[*ssa.Function]bool) {
	if seen[fn] {
		return
	}
	seen[fn] = true
	covered[fn] = append(covered[fn], ps...)
	for _, anon := range fn.AnonFuncs {
		ix.spread(anon, ps, covered, seen)
	}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if callee := call.Common().StaticCallee(); callee != nil && ix.local(code.Origin(callee)) {
					ix.spread(code.Origin(callee), ps, covered, seen)
				}
			}
			ops = instr.Operands(ops[:0])
			for _, op := range ops {
				if f, ok := (*op).(*ssa.Function); ok && ix.local(code.Origin(f)) {
					ix.spread(code.Origin(f), ps, covered, seen)
				}
			}
		}
	}
}

// at returns the patterns that cover position pos: the whole program's,
// and those of the innermost covered function whose body holds it.
func (al *allowances) at(pos token.Pos) []radius.Pattern {
	if al == nil {
		return nil
	}
	var best *ssa.Function
	for fn := range al.byFunc {
		syn := fn.Syntax()
		if syn == nil || pos < syn.Pos() || pos >= syn.End() {
			continue
		}
		if best == nil || syn.Pos() >= best.Syntax().Pos() && syn.End() <= best.Syntax().End() {
			best = fn
		}
	}
	if best == nil {
		return al.all
	}
	return append(al.byFunc[best][:len(al.byFunc[best]):len(al.byFunc[best])], al.all...)
}

// of returns the patterns that cover function fn.
func (al *allowances) of(fn *ssa.Function) []radius.Pattern {
	if al == nil {
		return nil
	}
	ps := al.byFunc[fn]
	return append(ps[:len(ps):len(ps)], al.all...)
}

// declares reports whether patterns ps declare a write to origin a: a
// path relative to the working directory that a cwd: pattern matches, or
// a path below the project root that a project: pattern matches.
func declares(ps []radius.Pattern, a Origin) bool {
	return len(ps) > 0 && a.Declarable() && radius.Allows(ps, a)
}

// CwdPattern returns the allowance pattern that would declare a write to
// a, a fixed path relative to the working directory ("cwd:app.toml"); ok
// is false for any other origin.
func CwdPattern(a Origin) (pattern string, ok bool) {
	b, ok := a.AsCwd()
	if !ok {
		return "", false
	}
	return b.Pattern(), true
}

// allowedBy reports whether the allowance a write's requirement r carries
// (lattice.ReqAllowed) declares origin a with each pattern the writes
// append below it: a store into a field the covered command writes, made
// outside the command. A directory a write makes with its parents that
// exists already, or an ancestor of a root, needs no declaring.
func allowedBy(r Req, a Origin) bool {
	texts, below, ok := r.Tags.Allowed()
	if !ok {
		return false
	}
	ps, err := radius.Parse(texts, nil)
	if err != nil {
		return false
	}
	made := madeDir(Req{Op: r.Op, At: r.At})
	for _, b := range below {
		b, dir := lattice.DirBelow(b)
		at := a.Repath(lattice.CleanPattern(lattice.JoinPattern(a.Path, b)), a.At)
		if dir && (createsNothing(at, made) || ancestorOfRoot(at, made)) {
			continue
		}
		if !declares(ps, at) {
			return false
		}
	}
	return true
}

// pendingAllowed returns the texts of the allowance patterns ps that a
// write's path v still needs: none once v has no symbolic origin left
// for a caller or a store to make concrete (Reach.Allowed).
func pendingAllowed(ps []radius.Pattern, v Origins) []string {
	if len(ps) == 0 || !slices.ContainsFunc(v, symbolic) {
		return nil
	}
	return patternTexts(ps)
}

// symbolic reports whether a is a symbol a caller, a store or a call
// site makes concrete.
func symbolic(a Origin) bool {
	switch a.Kind {
	case Param, Cell, Env:
		return true
	}
	return false
}

// allowedPatterns parses the allowance patterns a reach keeps
// (Reach.Allowed). They are the texts of patterns that parsed when the
// allowance was read, so they parse again; a text that does not (a fact
// from another build) declares nothing.
func allowedPatterns(texts []string) []radius.Pattern {
	ps, err := radius.Parse(texts, nil)
	if err != nil {
		return nil
	}
	return ps
}

// patternTexts returns the patterns as written.
func patternTexts(ps []radius.Pattern) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Text
	}
	return out
}

// declare rewrites the origins of v that patterns ps declare as written
// below the working directory (or the project root) on purpose.
func declare(ps []radius.Pattern, v Origins) Origins {
	if len(ps) == 0 {
		return v
	}
	return v.Map(func(a Origin) Origins {
		if b, ok := a.AsCwd(); ok && declares(ps, a) {
			return Origins{b}
		}
		if a.ExeSibling() && declares(ps, a) {
			return Origins{{Kind: Rooted, Root: lattice.ExeRoot, At: a.At}}
		}
		return Origins{a}
	})
}

// ConcreteReach is Concrete of the reached write w's path, with what the
// allowances that cover the write declare (Reach.Allowed) rewritten as
// declared, as the lint takes them.
func (r *Result) ConcreteReach(w Reach) Origins {
	v := r.Concrete(w.Path)
	if len(w.Allowed) > 0 {
		v = declare(allowedPatterns(w.Allowed), v)
	}
	return v
}

// madeDir returns r standing for a write that makes the value itself as a
// directory with its parents (lattice.ReqMadeDirs).
func madeDir(r Req) Req {
	r.Tags.SetSet(lattice.ReqMadeDirs, []string{""})
	return r
}

// everyMade reports whether the writes requirement r stands for only
// make directories with their parents (lattice.ReqMadeDirs) and ok holds
// of each pattern below the value they make.
func everyMade(r Req, ok func(below string) bool) bool {
	made := r.Tags.Set(lattice.ReqMadeDirs)
	return len(made) > 0 && !slices.ContainsFunc(made, func(b string) bool { return !ok(b) })
}

// createsNothing reports whether origin a is a directory that exists
// wherever the program runs, "/" or ".", at every pattern below it the
// writes requirement r stands for make as directories with their parents:
// they create nothing. The empty path is no directory.
func createsNothing(a Origin, r Req) bool {
	return a.Kind == Bad && a.Cause == CauseLiteral && a.Lit != "" && everyMade(r, func(b string) bool {
		return lattice.CleanPattern(lattice.JoinPattern(lattice.JoinPattern(a.Lit, a.Path), b)) == ""
	})
}

// ancestorOfRoot reports whether origin a is a root's ancestor at every
// pattern below it the writes requirement r stands for make as
// directories with their parents (os.MkdirAll): they create nothing
// making the root itself would not.
func ancestorOfRoot(a Origin, r Req) bool {
	return a.Kind == Bad && a.Cause == CauseClimb && everyMade(r, func(b string) bool {
		return lattice.ClimbsOnly(lattice.CleanPattern(lattice.JoinPattern(a.Path, b)))
	})
}
