package rootflow

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// Text that is not built by path functions: data read from a file or a
// pipe, and what a buffer holds.
//
// The data of a file the user chose (an options file named by a flag or a
// user-env variable) is the user's; a pipe's read end carries what the
// process holding the write end prints, that program's choice, counted as
// the user's. Other data is a value the analysis cannot follow.
//
// A buffer (strings.Builder, bytes.Buffer, or the writer a template is
// executed into) holds what is written into it. For a buffer that is a
// local variable of the function reading it and goes nowhere but into the
// knowledge table's buffer calls, every write is in sight: its content's
// origin is that of the writes that can come first (after its
// declaration or a Reset, with no other write in between), with "*"
// appended when other writes may follow, as for a concatenation; a first
// write of "" gives way to the writes after it. Any other buffer's content
// is a value the analysis cannot follow.

// text evaluates a call whose result role is Contents, PipeRead or
// BufferRead.
func (e *engine) text(f knowledge.Func, arg func(int) ssa.Value, pos token.Pos, at token.Position) Origins {
	switch f.Result() {
	case knowledge.PipeRead:
		return Origins{{Kind: User}}
	case knowledge.Contents:
		from := arg(f.Arg)
		if from == nil {
			return e.bad(pos, "the result of %s", lattice.ShortName(f.Name))
		}
		src := e.eval(from)
		if len(src) > 0 && !slices.ContainsFunc(src, func(a Origin) bool { return a.Kind != User }) {
			return Origins{{Kind: User}}
		}
		return e.bad(pos, "data read by %s, which the analysis cannot follow", lattice.ShortName(f.Name))
	}
	if buf := arg(0); buf != nil {
		if v, ok := e.bufferContents(buf, at); ok {
			return v
		}
	}
	return e.bad(pos, "the result of %s", lattice.ShortName(f.Name))
}

// bufferWrite is one call appending to a buffer.
type bufferWrite struct {
	call *ssa.Call
	spec knowledge.BufferSpec
}

// bufferContents returns the origins of what the buffer buf holds, and
// false when buf is not a local buffer whose every write is in sight.
func (e *engine) bufferContents(buf ssa.Value, at token.Position) (Origins, bool) {
	a, ok := buf.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	writes, ok := bufferUses(a)
	if !ok {
		return nil, false
	}
	var first, later []Origins
	for _, w := range writes {
		isFirst, follows := firstWrite(a, w.call, writes)
		data := e.bufferData(w)
		if isFirst {
			first = append(first, data)
		}
		if follows {
			later = append(later, data)
		}
	}
	if len(first) == 0 {
		return Origins{{Kind: Empty}}, true // nothing written
	}
	rest := lattice.Union(later...)
	suffix := ""
	if len(later) > 0 {
		suffix = "*"
	}
	return lattice.Union(first...).Map(func(o Origin) Origins {
		if o.Kind == Empty && len(rest) > 0 {
			return rest // "" then x is x
		}
		return Origins{o.AppendRaw(suffix, at)}
	}), true
}

// bufferData returns the origins of what a write appends.
func (e *engine) bufferData(w bufferWrite) Origins {
	args := w.call.Call.Args
	if w.spec.Data >= len(args) {
		return e.bad(w.call.Pos(), "a value the analysis cannot follow")
	}
	data := args[w.spec.Data]
	if w.spec.Format {
		if w.spec.Data+1 >= len(args) {
			return e.bad(w.call.Pos(), "a value the analysis cannot follow")
		}
		return e.sprintf(data, args[w.spec.Data+1], w.call.Pos(), e.At(w.call.Pos()))
	}
	if c, ok := data.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		// WriteByte('/'), WriteRune('x'): the character.
		if r, exact := constant.Int64Val(c.Value); exact {
			return Origins{lattice.Literal(string(rune(r)), token.Position{})}
		}
	}
	return e.eval(data)
}

// bufferUses returns the writes into the local buffer a, and false when a
// is used otherwise than by the knowledge table's buffer calls (directly,
// or as the io.Writer such a call takes).
func bufferUses(a *ssa.Alloc) ([]bufferWrite, bool) {
	var writes []bufferWrite
	var use func(v ssa.Value) bool
	use = func(v ssa.Value) bool {
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.DebugRef:
			case *ssa.MakeInterface:
				if !use(ref) {
					return false
				}
			case *ssa.Call:
				fn := ref.Call.StaticCallee()
				if fn == nil {
					return false
				}
				f, ok := knowledge.Lookup(code.FuncKey(fn))
				if !ok {
					return false
				}
				i := slices.Index(ref.Call.Args, v)
				switch {
				case f.Has(knowledge.BufferWrite) && i == f.Buffer.Buf && i != f.Buffer.Data:
					writes = append(writes, bufferWrite{ref, f.Buffer})
				case i == 0 && (f.Result() == knowledge.BufferRead || f.Has(knowledge.BufferKeep) || f.Has(knowledge.BufferReset)):
				default:
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !isBuffer(a.Type()) || !use(a) {
		return nil, false
	}
	return writes, true
}

// isBuffer reports whether t is a pointer to a struct (the buffer types
// are; a buffer the analysis follows is one the table names calls of).
func isBuffer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

// firstWrite reports whether write w can be the first into buffer a
// (no other write between a's allocation or a Reset and w, on some path),
// and whether it can follow another write.
func firstWrite(a *ssa.Alloc, w *ssa.Call, writes []bufferWrite) (first, follows bool) {
	isWrite := func(in ssa.Instruction) bool {
		return slices.ContainsFunc(writes, func(x bufferWrite) bool { return x.call == in })
	}
	isReset := func(in ssa.Instruction) bool {
		c, ok := in.(*ssa.Call)
		if !ok || len(c.Call.Args) == 0 || c.Call.Args[0] != a {
			return false
		}
		fn := c.Call.StaticCallee()
		return fn != nil && knowledge.Is(code.FuncKey(fn), knowledge.BufferReset)
	}
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, upto int)
	walk = func(b *ssa.BasicBlock, upto int) {
		for i := upto - 1; i >= 0; i-- {
			in := b.Instrs[i]
			switch {
			case in == a || isReset(in):
				first = true
				return
			case isWrite(in):
				follows = true
				return
			}
		}
		if len(b.Preds) == 0 {
			first = true // a buffer declared before: still empty on this path
		}
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				walk(p, len(p.Instrs))
			}
		}
	}
	b := w.Block()
	walk(b, slices.Index(b.Instrs, ssa.Instruction(w)))
	return first, follows
}

// sprintf evaluates fmt.Sprintf with a constant format that starts with a
// verb: the first argument is the origin, the rest of the format the
// pattern.
func (e *engine) sprintf(format, argSlice ssa.Value, pos token.Pos, at token.Position) Origins {
	f, isConst := code.ConstString(format)
	if !isConst {
		return e.bad(pos, "a path formatted by fmt.Sprintf with a format the analysis cannot follow")
	}
	if !strings.HasPrefix(f, "%s") && !strings.HasPrefix(f, "%v") {
		if strings.HasPrefix(f, "%") {
			return Origins{{Kind: Bad, Why: fmt.Sprintf("a path formatted as %s, relative to the working directory", report.Quote(f)), Cause: CauseLiteral, Rel: true, At: at}}
		}
		return Origins{lattice.Literal(verbPattern(f), at)}
	}
	elems, ok := code.Varargs(argSlice)
	if !ok || len(elems) == 0 {
		return e.bad(pos, "a path formatted by fmt.Sprintf from values the analysis cannot follow")
	}
	rest := verbPattern(f[2:])
	return e.eval(elems[0]).Map(func(a Origin) Origins { return Origins{a.AppendRaw(rest, at)} })
}

// verbPattern replaces the formatting verbs in s by "*".
func verbPattern(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		// Skip flags, width, precision up to the verb letter.
		for i++; i < len(s) && !('a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z'); i++ {
		}
		b.WriteByte('*')
	}
	return b.String()
}
