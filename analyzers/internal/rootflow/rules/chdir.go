package rules

import (
	"path"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// Relative paths after a change of directory: once a function has
// changed the working directory with a successful os.Chdir(dir), a
// relative path written later lands below dir, so the engine rebases the
// relative origins of what is written, or passed to a function that
// writes it, onto dir's: an allowed dir (the user's --out, a state root)
// as what it resolves to, any other as it is (a parameter or a field is
// then required, as a path joined below it would be; a shadow dir is
// reported; an unproven one leaves the write unproven).
//
// "Later" is decided per block: every path from the function's entry to
// it passes the branch where the Chdir's error is nil, or the branch where
// a user-chosen value was found to be "" or "." (if out != "" { Chdir(out) }:
// not changing directory is the user's choice of the one they started in,
// as for userDefaults). An unexported function of the package every call
// of which runs after such a change (and whose address is not taken) runs
// after it too, transitively. The facts flow from callees to callers, so
// a Chdir in an importing package does not reach the writes of the
// packages below it.
//
// The change is program-wide and the engine does not model a later
// os.Chdir back: a function that changes directory twice is not treated
// (the first Chdir it meets decides, and a second one makes it give up).

// chdirState is the working directory on entry to a block: unknown while
// the fixpoint runs, the one the process started in, or moved to dir.
type chdirState struct {
	known, moved bool
	dir          lattice.Origins
}

// noteChdir records that the package changes directory, so only such
// packages pay for the analysis.
func (cr *chdirRule) noteChdir(ctx hook.Context, common *ssa.CallCommon) {
	if callee := common.StaticCallee(); callee != nil && callee.Name() == "Chdir" && knowledge.Is(code.FuncKey(callee), knowledge.Chdir) {
		cr.hasChdir = true
	}
}

// chdirRule: see above. A path passed at a write or a call in a block that
// runs after a successful change of directory is rebased (SiteValue).
//
// Unsound where the directory changes again through code the function
// does not show (a callee, another goroutine): the rebase assumes the
// last Chdir in sight holds.
type chdirRule struct {
	hasChdir   bool // the package changes directory (noteChdir)
	chdirs     map[*ssa.Function][]chdirState
	chdirFuncs map[*ssa.Function]lattice.Origins
	fnRefs     map[*ssa.Function][]ssa.Instruction
}

func (*chdirRule) ForPackage() hook.Rule { return &chdirRule{} }

func (*chdirRule) Name() string { return "chdir" }

// Index notes whether the package changes directory at all (noteChdir).
func (cr *chdirRule) Index(ctx hook.Context, _ *ssa.Function, instr ssa.Instruction) {
	if call, ok := instr.(ssa.CallInstruction); ok {
		cr.noteChdir(ctx, call.Common())
	}
}

func (*chdirRule) Indexed(hook.Context) {}

func (cr *chdirRule) SiteValue(ctx hook.Context, fn *ssa.Function, b *ssa.BasicBlock, _ ssa.Value, v lattice.Origins) lattice.Origins {
	return cr.afterChdir(ctx, fn, b, v)
}

// afterChdir rebases v's relative origins onto the directory the working
// directory was changed to before block b of fn, if it was.
func (cr *chdirRule) afterChdir(ctx hook.Context, fn *ssa.Function, b *ssa.BasicBlock, v lattice.Origins) lattice.Origins {
	if !cr.hasChdir || b == nil {
		return v
	}
	dir := cr.movedAt(ctx, fn, b)
	if dir == nil {
		return v
	}
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind != lattice.Bad || !a.Rel {
			return lattice.Origins{a}
		}
		rel := path.Join(a.Lit, lattice.DisplayPath(a.Path))
		if a.Lit == "" {
			rel = "*"
		}
		return dir.Map(func(d lattice.Origin) lattice.Origins { return lattice.Origins{d.AppendPath(rel, a.At)} })
	})
}

// movedAt returns the directory every path to block b of fn has changed
// into, or nil.
func (cr *chdirRule) movedAt(ctx hook.Context, fn *ssa.Function, b *ssa.BasicBlock) lattice.Origins {
	if cr.chdirs == nil {
		cr.chdirs = map[*ssa.Function][]chdirState{}
		cr.chdirFuncs = map[*ssa.Function]lattice.Origins{}
	}
	states, ok := cr.chdirs[fn]
	if !ok {
		states = cr.chdirBlocks(ctx, fn)
		cr.chdirs[fn] = states
	}
	if st := states[b.Index]; st.moved {
		return st.dir
	}
	return cr.calledAfterChdir(ctx, fn)
}

// chdirBlocks computes the state on entry to each block of fn: a forward
// fixpoint where a block is moved when every edge into it is.
func (cr *chdirRule) chdirBlocks(ctx hook.Context, fn *ssa.Function) []chdirState {
	states := make([]chdirState, len(fn.Blocks))
	if len(fn.Blocks) == 0 {
		return states
	}
	states[0] = chdirState{known: true}
	seen := 0
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks[1:] {
			st := chdirState{known: true, moved: true}
			any := false
			for _, p := range b.Preds {
				edge, ok := cr.chdirEdge(ctx, p, b, states[p.Index])
				if !ok {
					continue // not known yet (a loop's back edge)
				}
				any = true
				if !edge.moved {
					st = chdirState{known: true}
					break
				}
				st.dir = lattice.Union(st.dir, edge.dir)
			}
			if !any {
				continue
			}
			if st.known != states[b.Index].known || st.moved != states[b.Index].moved || !st.dir.Equal(states[b.Index].dir) {
				states[b.Index] = st
				changed = true
			}
		}
		if seen++; seen > 2*len(fn.Blocks)+2 {
			// Each block changes at most twice: this only guards
			// against a bug, and then nothing counts as moved.
			return make([]chdirState, len(fn.Blocks))
		}
	}
	return states
}

// chdirEdge is the state along the edge from p into b, given p's.
func (cr *chdirRule) chdirEdge(ctx hook.Context, p, b *ssa.BasicBlock, st chdirState) (chdirState, bool) {
	if !st.known {
		return st, false
	}
	c, ok := code.BranchCond(p)
	if !ok || p.Succs[0] == p.Succs[1] || c.Kind != code.CondCmp {
		return st, true
	}
	equal := (p.Succs[0] == b) == c.Holds
	if dir := cr.chdirChecked(ctx, c.Cmp); dir != nil && equal {
		return chdirState{known: true, moved: true, dir: dir}, true
	}
	if c.IsStr && (c.Str == "" || c.Str == ".") && equal && !st.moved {
		if v := throughCells(ctx, ctx.Eval(c.X)); len(v) > 0 && allUser(v) {
			return chdirState{known: true, moved: true, dir: lattice.Origins{{Kind: lattice.User}}}, true
		}
	}
	return st, true
}

// chdirChecked returns the directory of an os.Chdir whose error the
// comparison tests against nil, when that directory is allowed; nil
// otherwise.
func (cr *chdirRule) chdirChecked(ctx hook.Context, cmp *ssa.BinOp) lattice.Origins {
	errv := cmp.X
	if c, ok := errv.(*ssa.Const); ok && c.IsNil() {
		errv = cmp.Y
	}
	var call *ssa.Call
	switch v := errv.(type) {
	case *ssa.Call:
		call = v
	case *ssa.Extract:
		call, _ = v.Tuple.(*ssa.Call)
	}
	if call == nil {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Name() != "Chdir" || !knowledge.Is(code.FuncKey(callee), knowledge.Chdir) || len(call.Call.Args) == 0 {
		return nil
	}
	arg := ctx.Eval(call.Call.Args[0])
	if arg.Has(lattice.Func) {
		return nil
	}
	dir := throughCells(ctx, arg)
	for _, a := range dir {
		if a.Kind == lattice.Bad || a.Kind == lattice.Param || a.Kind == lattice.Cell || a.Kind == lattice.Func || a.Kind == lattice.Env || !ctx.Allowed(a) {
			// Not allowed as it stands, or not known here (a
			// parameter, a field of the receiver's object): what is
			// written below it is below whatever it holds, required
			// of it as a joined path would be.
			return arg
		}
	}
	return dir
}

// throughCells replaces the fields and variables among v's origins by
// what is stored into them (a flag's *string kept in a variable).
func throughCells(ctx hook.Context, v lattice.Origins) lattice.Origins {
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind != lattice.Cell {
			return lattice.Origins{a}
		}
		stored := ctx.CellStores(a.Key)
		if len(stored) == 0 {
			return lattice.Origins{a}
		}
		return stored.Map(func(b lattice.Origin) lattice.Origins { return lattice.Origins{b.Extend(a.Path, a.Raw, b.At)} })
	})
}

func allUser(v lattice.Origins) bool {
	for _, a := range v {
		if a.Kind != lattice.User {
			return false
		}
	}
	return true
}

// calledAfterChdir returns the directory an unexported function of the
// package runs in when every call of it runs after a change into one, or
// nil.
func (cr *chdirRule) calledAfterChdir(ctx hook.Context, fn *ssa.Function) lattice.Origins {
	if dir, ok := cr.chdirFuncs[fn]; ok {
		return dir
	}
	cr.chdirFuncs[fn] = nil // a recursive call does not vouch for itself
	var dir lattice.Origins
	if obj := fn.Object(); obj != nil && !obj.Exported() && fn.Parent() == nil {
		dir = cr.callersMoved(ctx, fn)
	}
	cr.chdirFuncs[fn] = dir
	return dir
}

// callersMoved returns the union of the directories fn's callers moved
// into before each call, or nil when one did not or fn's address is
// taken.
func (cr *chdirRule) callersMoved(ctx hook.Context, fn *ssa.Function) lattice.Origins {
	var dir lattice.Origins
	for _, ref := range *cr.fnReferrers(ctx, fn) {
		call, ok := ref.(ssa.CallInstruction)
		if !ok || call.Common().Value != fn {
			return nil
		}
		d := cr.movedAt(ctx, call.Parent(), call.Block())
		if d == nil {
			return nil
		}
		dir = lattice.Union(dir, d)
	}
	return dir
}

// fnReferrers returns the instructions of the package that use fn as a
// value (calls and otherwise), once per package.
func (cr *chdirRule) fnReferrers(ctx hook.Context, fn *ssa.Function) *[]ssa.Instruction {
	if cr.fnRefs == nil {
		cr.fnRefs = map[*ssa.Function][]ssa.Instruction{}
		for _, f := range ctx.PackageFuncs() {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					for _, op := range instr.Operands(nil) {
						if g, ok := (*op).(*ssa.Function); ok {
							cr.fnRefs[g] = append(cr.fnRefs[g], instr)
						}
					}
				}
			}
		}
	}
	refs := cr.fnRefs[fn]
	if len(refs) == 0 {
		refs = []ssa.Instruction{nil} // never called: not known to run after anything
	}
	return &refs
}
