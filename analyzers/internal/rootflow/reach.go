package rootflow

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// reachAll computes, for every function of the package, the writes it
// reaches through its call graph (its own writes, and its callees' with
// their paths rewritten in terms of its own parameters), to a fixpoint.
// Calls the analysis cannot resolve that are passed a path are recorded as
// unproven. The standard library is modelled by the sink tables and gets
// no reaches of its own.
func (e *engine) reachAll() {
	reach := e.reach // the direct writes, recorded by checkWrite
	e.res.Reaches = map[string][]Reach{}
	if e.std {
		return
	}
	// Callee-first, so a chain of calls of any depth is followed in one
	// pass; only recursion iterates.
	for _, c := range e.components() {
		e.reachComponent(c, reach)
	}
	// Closures' writes are their parent's too: the parent may run them.
	for _, fn := range e.funcs {
		for p := fn.Parent(); p != nil; p = p.Parent() {
			for _, r := range reach[fn] {
				reach[p] = addReach(reach[p], r)
			}
		}
	}
	for fn, rs := range reach {
		if ps := e.allow.of(fn); len(ps) > 0 {
			rs = slices.Clone(rs) // callers' reaches share the array
			for i := range rs {
				rs[i].Path = declare(ps, rs[i].Path)
			}
		}
		e.res.Reaches[e.keyOf(fn)] = anyObjectReaches(rs)
	}
	e.res.Stores, e.res.up = e.stores, e.upstream()
	e.res.stdField = func(key string) bool { return e.foreignField(key) && code.IsStdPath(cellPackage(key)) }
}

// reachComponent computes the reaches of one component of the call graph;
// a recursive one iterates until no reach grows, and when maxReachRounds
// run out, its functions gain an unproven reach saying the analysis gave up.
func (e *engine) reachComponent(c component, reach map[*ssa.Function][]Reach) {
	for round := 0; ; round++ {
		changed := false
		for _, fn := range c.funcs {
			before := len(reach[fn])
			sizes := pathSizes(reach[fn])
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(ssa.CallInstruction); ok {
						reach[fn] = e.reachCall(reach[fn], call, reach)
					}
				}
			}
			if len(reach[fn]) != before || !slices.Equal(sizes, pathSizes(reach[fn])) {
				changed = true
			}
		}
		if !c.recursive || !changed {
			return
		}
		if round+1 == maxReachRounds {
			for _, fn := range c.funcs {
				why := fmt.Sprintf("recursion through %s whose writes the analysis gave up following after %d rounds", lattice.ShortName(code.FuncKey(fn)), maxReachRounds)
				reach[fn] = addReach(reach[fn], Reach{At: e.At(fn.Pos()), Unproven: why})
			}
			return
		}
	}
}

// reachCall adds the writes reached through one call.
func (e *engine) reachCall(rs []Reach, call ssa.CallInstruction, reach map[*ssa.Function][]Reach) []Reach {
	common := call.Common()
	at := e.At(call.Pos())
	targets, ok := e.callees(common)
	invokedSink := false
	if common.IsInvoke() {
		_, invokedSink = e.sinks[e.fullName(common.Method)]
	}
	if (!ok || common.IsInvoke()) && !invokedSink {
		// An interface method the table or the configuration names as a
		// sink is a write (checkWrite), not a call the analysis cannot
		// follow.
		if d := unresolvedWithPath(common); d != "" && passesPath(common, e.eval, e.pass.Module == nil || e.pass.Module.Version == "") {
			rs = addReach(rs, Reach{At: at, Unproven: d})
		}
	}
	for _, t := range targets {
		if t.invoke {
			continue
		}
		var callee []Reach
		if t.fn != nil && e.local(t.fn) {
			callee = reach[code.Origin(t.fn)]
		} else if sum := e.summary(t); sum != nil {
			callee = sum.Writes
		}
		name := lattice.ShortName(t.key)
		for _, r := range callee {
			r.Chain = prependHop(Hop{Name: name, Pos: at}, r.Chain)
			if r.Path != nil {
				r.Path = e.substitute(r.Path, t.key, t.args(common), at)
				if len(r.Allowed) > 0 {
					r.Path = declare(allowedPatterns(r.Allowed), r.Path)
					if !slices.ContainsFunc(r.Path, symbolic) {
						r.Allowed = nil // concrete now: nothing left to declare
					}
				}
			}
			rs = addReach(rs, r)
		}
	}
	return rs
}

// unresolvedWithPath describes a call the analysis cannot resolve when it
// is passed a string (which may be a path it writes), or returns "".
func unresolvedWithPath(common *ssa.CallCommon) string {
	if _, isBuiltin := common.Value.(*ssa.Builtin); isBuiltin {
		return ""
	}
	for _, a := range common.Args {
		if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if common.IsInvoke() {
				return "a call of interface method " + lattice.ShortName(common.Method.FullName()) + " with a path the analysis cannot follow"
			}
			return "a call through a func value with a path the analysis cannot follow"
		}
	}
	return ""
}

// passesPath reports whether a string the call passes may be a path the
// program passes on: one of its origins is a parameter or a cell (what
// callers pass, what is stored), the user's, a root, temporary or cache
// path, an environment variable's value, a path on the home directory,
// the working directory or the executable, or, in the program's own
// module (own), a constant. In a downloaded dependency (a module with a
// version), a call passed only that library's constants and values the
// analysis cannot follow (a man page builder's headings, a field name
// for reflection) is no possible write of the program.
func passesPath(common *ssa.CallCommon, eval func(ssa.Value) Origins, own bool) bool {
	for _, a := range common.Args {
		if b, ok := a.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			continue
		}
		for _, o := range eval(a) {
			switch o.Kind {
			case Param, Cell, Env, User, Rooted, Temp, Cache:
				return true
			case Bad:
				switch o.Cause {
				case CauseHome, CauseCwd, CauseExecutable, CauseClimb, CauseEnv:
					return true
				case CauseLiteral:
					if own {
						return true
					}
				}
			}
		}
	}
	return false
}

// addReach adds r, merging it with a reach of the same write.
func addReach(rs []Reach, r Reach) []Reach {
	for i := range rs {
		if rs[i].Op == r.Op && rs[i].At == r.At && rs[i].Unproven == r.Unproven {
			rs[i].Path = lattice.Union(rs[i].Path, r.Path)
			return rs
		}
	}
	if r.Op == "" {
		// Unproven reaches are what spreads furthest up a call graph (a
		// logger's interface method called with a string, from every
		// function above it); the first few say as much as all of them.
		switch countUnproven(rs) {
		case maxUnproven:
			return append(rs, Reach{At: r.At, Chain: r.Chain, Unproven: fmt.Sprintf("more than %d calls or writes the analysis cannot follow, past which it stops listing them", maxUnproven)})
		case maxUnproven + 1:
			return rs
		}
	}
	switch {
	case len(rs) < maxReaches:
		return append(rs, r)
	case len(rs) == maxReaches:
		// One more, unproven, says the list was cut: blastradius reports
		// it rather than trusting a partial list.
		return append(rs, Reach{At: r.At, Unproven: fmt.Sprintf("more than %d writes, past which the analysis stops listing them", maxReaches)})
	}
	return rs
}

// elidedHop stands for the calls a chain longer than maxChain leaves out.
const elidedHop = "…"

// prependHop returns chain with h first. A chain longer than maxChain
// keeps its first hops and its last, the calls between them elided as
// one hop named elidedHop: where the reach starts and where it ends are
// what a message needs, and a summary carries every chain to every
// caller above.
func prependHop(h Hop, chain []Hop) []Hop {
	out := append([]Hop{h}, chain...)
	if len(out) <= maxChain {
		return out
	}
	return append(append(out[:maxChain-2:maxChain-2], Hop{Name: elidedHop}), out[len(out)-1])
}

// countUnproven counts the unproven reaches of rs.
func countUnproven(rs []Reach) int {
	n := 0
	for _, r := range rs {
		if r.Op == "" {
			n++
		}
	}
	return n
}

func pathSizes(rs []Reach) []int {
	out := make([]int, len(rs))
	for i, r := range rs {
		out[i] = len(r.Path)
		for _, a := range r.Path {
			out[i] += len(a.Path)
		}
	}
	return out
}
