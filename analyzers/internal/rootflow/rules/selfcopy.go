package rules

import (
	"go/token"
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// A store into a guarded cell of a value derived from the same record's
// own field (files[i].Name = unused(f.Folder, f.Name) while ranging over
// files, r.Name = path.Clean(r.Name)) leaves the record's flag as it was:
// the value reaches the guarded write only when the record it was read
// from carries the flag, so the requirement it puts back on the cell
// keeps the guard (guardedwrite.go). A copy between records (files[1].Name =
// files[0].Name), or one through anything this does not follow, drops
// the guard as before: every store into the cell is then checked.

// maxSelfCopyNodes bounds the values visited to prove a store a copy
// within one record. Past it the store is not one (the guard drops, so
// every store is checked: nothing is hidden).
const maxSelfCopyNodes = 64

// selfCopyRule: a store that copies a record's own field back into it
// keeps the requirement's guard (see above).
//
// Unsound where the copy goes through a value this walk takes for the
// record's own field but another record's reaches (an alias the walk does
// not see); the walk is bounded by maxSelfCopyNodes and gives up safe.
type selfCopyRule struct{}

func (selfCopyRule) Name() string { return "self-copy" }

func (selfCopyRule) StoreReq(ctx hook.Context, s hook.StoreSite, r lattice.Req) (lattice.Req, bool) {
	if r.Tags.GuardFlag() == "" || !selfCopy(ctx, s, r.Tags.GuardCell(), r.Tags.GuardFlag()) {
		return r, false
	}
	return r, true
}

// selfCopy reports whether store s writes into field cell of a record a
// value whose only reads of cell are of that same record, and whose flag
// field guard nothing between changes.
func selfCopy(ctx hook.Context, s hook.StoreSite, cell, guard string) bool {
	fa, ok := s.Addr.(*ssa.FieldAddr)
	if !ok || s.Val == nil || code.FieldKey(fa.X.Type(), fa.Field, ctx) != cell {
		return false
	}
	w := selfCopyWalk{ctx: ctx, cell: cell, guard: guard, seen: map[ssa.Value]bool{}}
	w.rec = w.copied(fa.X)
	return w.value(s.Val) && w.reads > 0
}

type selfCopyWalk struct {
	ctx         hook.Context
	cell, guard string
	rec         ssa.Value // the record stored into
	seen        map[ssa.Value]bool
	reads       int // reads of the cell, all of rec
}

// value reports whether every read of the cell that v derives from is a
// read of w.rec.
func (w *selfCopyWalk) value(v ssa.Value) bool {
	if w.seen[v] {
		return true
	}
	if w.seen[v] = true; len(w.seen) > maxSelfCopyNodes {
		return false
	}
	if base, field := fieldRead(v); base != nil && code.FieldKey(base.Type(), field, w.ctx) == w.cell {
		if rec := w.recordOf(base); rec != nil && w.sameRecord(rec, w.rec) {
			w.reads++
			return true
		}
		return false
	}
	switch v := v.(type) {
	case *ssa.Const, *ssa.Parameter, *ssa.Global:
		// A parameter's or another cell's origins are required on
		// their own, never under this guard.
		return true
	case *ssa.UnOp:
		switch v.Op {
		case token.ARROW:
			return false // a channel's values come from elsewhere
		case token.MUL:
			if _, ok := v.X.(*ssa.Alloc); !ok {
				return true // another field or variable: its own cell
			}
		}
		return w.value(v.X)
	case *ssa.Alloc:
		return w.stored(v)
	case *ssa.Call:
		return w.call(v.Common())
	case *ssa.Extract:
		return w.value(v.Tuple)
	case *ssa.BinOp, *ssa.Phi, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Slice, *ssa.IndexAddr, *ssa.Index:
		for _, op := range v.(ssa.Instruction).Operands(nil) {
			if *op != nil && !w.value(*op) {
				return false
			}
		}
		return true
	}
	return false
}

// stored follows what is stored into a local (a variadic call's array).
func (w *selfCopyWalk) stored(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if !w.value(ref.Val) {
				return false
			}
		case *ssa.IndexAddr, *ssa.FieldAddr:
			for _, use := range *ref.(ssa.Value).Referrers() {
				if st, ok := use.(*ssa.Store); ok && !w.value(st.Val) {
					return false
				}
			}
		}
	}
	return true
}

// call follows a call's arguments when its result can hold the cell only
// through them: a standard library function, or one whose summary holds
// no read of the cell of its own.
func (w *selfCopyWalk) call(common *ssa.CallCommon) bool {
	if b, ok := common.Value.(*ssa.Builtin); !ok || b.Name() != "append" {
		targets, ok := w.ctx.Callees(common)
		if !ok || len(targets) == 0 {
			return false
		}
		for _, t := range targets {
			if t.Invoke() || !w.transparent(t) {
				return false
			}
		}
	}
	for _, a := range common.Args {
		if !w.value(a) {
			return false
		}
	}
	return true
}

// transparent reports whether a callee's results hold no read of the
// cell other than through its arguments.
func (w *selfCopyWalk) transparent(t hook.Callee) bool {
	fn := t.Func()
	if fn != nil && fn.Pkg != nil && code.IsStdPath(fn.Pkg.Pkg.Path()) {
		return true
	}
	results, ok := w.ctx.CalleeResults(t)
	if !ok {
		return false
	}
	for _, r := range results {
		for _, a := range r {
			if a.Kind == lattice.Cell && a.Key == w.cell {
				return false
			}
		}
	}
	return true
}

// recordOf returns the address of the record a field read reads: the
// pointer of p.F, or of the load a struct value x.F was read from; a local
// copy of a record (f := files[i], its flag left alone) stands for the
// record it was copied from.
func (w *selfCopyWalk) recordOf(base ssa.Value) ssa.Value {
	if _, isPtr := base.Type().Underlying().(*types.Pointer); !isPtr {
		ld, ok := base.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return nil
		}
		base = ld.X
	}
	return w.copied(base)
}

// copied returns the record a local copy was made from, or p itself.
func (w *selfCopyWalk) copied(p ssa.Value) ssa.Value {
	a, ok := p.(*ssa.Alloc)
	if !ok {
		return p
	}
	var from ssa.Value
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			ld, ok := ref.Val.(*ssa.UnOp)
			if from != nil || !ok || ld.Op != token.MUL {
				return a
			}
			from = ld.X
		case *ssa.FieldAddr:
			if code.FieldKey(a.Type(), ref.Field, w.ctx) == w.guard && !onlyLoaded(ref) {
				return a // the copy's flag is set on its own
			}
		case *ssa.UnOp, *ssa.DebugRef:
			// read: copied out
		default:
			return a // handed on: its flag may change
		}
	}
	if from == nil {
		return a
	}
	return from
}

// sameRecord reports whether two record addresses are the same record:
// the same value, the same index of the same slice field, or the same
// field of the same record.
func (w *selfCopyWalk) sameRecord(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *ssa.IndexAddr:
		b, ok := b.(*ssa.IndexAddr)
		return ok && sameIndex(a.Index, b.Index) && w.sameLoad(a.X, b.X)
	case *ssa.FieldAddr:
		b, ok := b.(*ssa.FieldAddr)
		return ok && a.Field == b.Field && w.sameRecord(a.X, b.X)
	}
	return false
}

// sameLoad reports whether two slices (or arrays' addresses) are the
// same value or loads of the same field of the same record.
func (w *selfCopyWalk) sameLoad(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	la, ok1 := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL {
		return w.sameRecord(a, b) // an array's address
	}
	return w.sameRecord(la.X, lb.X)
}

func sameIndex(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && ca.Value != nil && cb.Value != nil && ca.Value.ExactString() == cb.Value.ExactString()
}

// onlyLoaded reports whether an address is only read through.
func onlyLoaded(addr ssa.Value) bool {
	for _, use := range *addr.Referrers() {
		switch use.(type) {
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}
