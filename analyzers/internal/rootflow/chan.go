package rootflow

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// Channels made in the package: a value received from a channel is one of
// the values sent on it. When the channel is made in a function of the
// package (make(chan string)) and goes nowhere but into sends, receives,
// close and the closures that capture it (a goroutine that sends what it
// read, the function value that receives it), every send is in sight and
// a receive is their union. A channel that is passed on, stored or
// returned may be sent on elsewhere: its receives stay a value the
// analysis cannot follow.

// received returns the origins of a receive (<-ch, or the value of a
// comma-ok receive).
func (e *engine) received(ch ssa.Value, pos token.Pos) Origins {
	var made []*ssa.MakeChan
	if !e.madeChans(ch, map[ssa.Value]bool{}, &made) || len(made) == 0 {
		return e.bad(pos, "a value received from a channel, which the analysis cannot follow")
	}
	var parts []Origins
	for _, mc := range made {
		var sent []ssa.Value
		if !chanSends(mc, map[ssa.Value]bool{}, &sent) {
			return e.bad(pos, "a value received from a channel that is passed on, which the analysis cannot follow")
		}
		for _, v := range sent {
			parts = append(parts, e.eval(v))
		}
	}
	if len(parts) == 0 {
		return Origins{} // nothing is ever sent: a receive only sees the zero value of a closed channel
	}
	return lattice.Union(parts...)
}

// madeChans collects the make(chan) calls a channel value may be, looking
// through conversions, local variables and the variables closures capture
// (go/ssa keeps a captured variable in an Alloc and binds its address),
// and reports whether each possibility is one.
func (ix *index) madeChans(v ssa.Value, seen map[ssa.Value]bool, out *[]*ssa.MakeChan) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.MakeChan:
		*out = append(*out, x)
		return true
	case *ssa.ChangeType:
		return ix.madeChans(x.X, seen, out)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		vars, ok := ix.variables(x.X)
		if !ok {
			return false
		}
		for _, a := range vars {
			for _, val := range assigned(a, ix.closures) {
				if !ix.madeChans(val, seen, out) {
					return false
				}
			}
		}
		return true
	case *ssa.FreeVar:
		bound := ix.bindings(x)
		if len(bound) == 0 {
			return false
		}
		for _, b := range bound {
			if !ix.madeChans(b, seen, out) {
				return false
			}
		}
		return true
	}
	return false
}

// variables returns the local variables (Allocs) that p, the address of a
// variable or a closure's captured address, may be.
func (ix *index) variables(p ssa.Value) ([]*ssa.Alloc, bool) {
	switch p := p.(type) {
	case *ssa.Alloc:
		return []*ssa.Alloc{p}, true
	case *ssa.FreeVar:
		var out []*ssa.Alloc
		for _, b := range ix.bindings(p) {
			vs, ok := ix.variables(b)
			if !ok {
				return nil, false
			}
			out = append(out, vs...)
		}
		return out, len(out) > 0
	}
	return nil, false
}

// bindings returns the values the closures made of fv's function bind to
// it.
func (ix *index) bindings(fv *ssa.FreeVar) []ssa.Value {
	fn := fv.Parent()
	idx := slices.Index(fn.FreeVars, fv)
	var out []ssa.Value
	for _, mc := range ix.closures[fn] {
		if idx >= 0 && idx < len(mc.Bindings) {
			out = append(out, mc.Bindings[idx])
		}
	}
	return out
}

// assigned returns the values stored into local variable a, by its
// function and through the closures that capture it.
func assigned(a *ssa.Alloc, closures map[*ssa.Function][]*ssa.MakeClosure) []ssa.Value {
	var out []ssa.Value
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if depth > maxResolve {
			return
		}
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr == v {
					out = append(out, ref.Val)
				}
			case *ssa.MakeClosure:
				fn := ref.Fn.(*ssa.Function)
				for i, b := range ref.Bindings {
					if b == v {
						walk(fn.FreeVars[i], depth+1)
					}
				}
			}
		}
	}
	walk(a, 0)
	return out
}

// chanSends collects the values sent on channel ch (a make(chan) or a
// copy of it) and reports whether every use of it is a send, a receive,
// close, len or cap, or a store into a local variable whose uses are
// loads of it as a channel and captures by closures that do the same.
func chanSends(ch ssa.Value, seen map[ssa.Value]bool, sent *[]ssa.Value) bool {
	if seen[ch] {
		return true
	}
	seen[ch] = true
	for _, ref := range *ch.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Send:
			if ref.Chan != ch {
				return false // the channel itself is sent
			}
			*sent = append(*sent, ref.X)
		case *ssa.UnOp:
			if ref.Op != token.ARROW {
				return false
			}
		case *ssa.Select:
			for _, st := range ref.States {
				switch {
				case st.Chan == ch && st.Dir == types.SendOnly:
					*sent = append(*sent, st.Send)
				case st.Send == ch:
					return false
				}
			}
		case *ssa.ChangeType:
			if !chanSends(ref, seen, sent) {
				return false
			}
		case *ssa.Store:
			a, ok := ref.Addr.(*ssa.Alloc)
			if !ok || ref.Val != ch || !chanVariable(a, seen, sent) {
				return false
			}
		case *ssa.Call:
			b, ok := ref.Call.Value.(*ssa.Builtin)
			if !ok {
				return false
			}
			switch b.Name() {
			case "close", "len", "cap":
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// chanVariable is chanSends for a local variable holding a channel (an
// Alloc, or the captured address of one in a closure).
func chanVariable(v ssa.Value, seen map[ssa.Value]bool, sent *[]ssa.Value) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if ref.Addr != v {
				return false // the variable's address is stored
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL || !chanSends(ref, seen, sent) {
				return false
			}
		case *ssa.MakeClosure:
			fn := ref.Fn.(*ssa.Function)
			for i, b := range ref.Bindings {
				if b == v && !chanVariable(fn.FreeVars[i], seen, sent) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
