// Package hook is the surface between the rootflow engine and its idiom
// rules (package rules), in the manner of go-critic's CheckerContext: the
// hook interfaces a rule implements, the Context the engine hands each
// hook (everything of the engine a rule may use), and the few values both
// sides speak in (store sites, dispatch sites, callees, and the origins
// several rules and the engine build alike). A rule that needs more of the
// engine asks for it here, where every rule's reach into the core is in
// sight; its helpers are its own.
package hook

import (
	"go/token"
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// Rule is one idiom of the engine: a refinement of how values flow that
// real programs need for precision (a default spelled out, a join that
// keeps absolute paths, a copy of the environment). Each rule is one file
// of package rules that implements one or more of the hook interfaces
// below, with a doc comment that says what it decides and where it is
// unsound; the engine calls each hook from one place (its hooks.go) and
// knows no rule by name. The list rules.All registers them; its order is
// the order hooks run in.
type Rule interface {
	// Name is the rule's kebab-case name, used by the registry test and
	// by the test-only switch (Config.rulesOff).
	Name() string
}

// PackageRule is a rule that keeps what it learns about the package it
// runs on (what its index hook collects, answers it memoizes): the
// registered value is a prototype, and each run asks it for a fresh
// instance, so the rule's state is its own and runs stay independent.
type PackageRule interface {
	Rule
	ForPackage() Rule
}

// PhiEdgeRule may decide the value a phi receives along edge i (the
// branch it arrives from tells more than the value: `if x == "" { x = def
// }`); ok false leaves it to the next rule, and in the end to the edge's
// own value.
type PhiEdgeRule interface {
	Rule
	PhiEdge(ctx Context, phi *ssa.Phi, i int) (v lattice.Origins, ok bool)
}

// EdgeValueRule refines the value v a phi receives along edge i when no
// PhiEdgeRule decided it (the home directory on a branch a user's flag
// decides is the one the user asked for).
type EdgeValueRule interface {
	Rule
	EdgeValue(ctx Context, phi *ssa.Phi, i int, v lattice.Origins) lattice.Origins
}

// PhiJoinRule refines the value of a phi, the union of its edges.
type PhiJoinRule interface {
	Rule
	PhiJoin(ctx Context, phi *ssa.Phi, v lattice.Origins) lattice.Origins
}

// ReturnRule may decide what a function returns as result value r from
// block b (a return that runs only where r is "" returns ""); ok false
// leaves it to the next rule, and in the end to r's value v.
type ReturnRule interface {
	Rule
	ReturnValue(ctx Context, b *ssa.BasicBlock, r ssa.Value, v lattice.Origins) (out lattice.Origins, ok bool)
}

// BindArgRule transforms arg, the value a call passes for the callee's
// parameter origin a (a summary's Param origin of the called function),
// as a's tags say the callee uses it. args are the call's arguments.
type BindArgRule interface {
	Rule
	BindArg(ctx Context, a lattice.Origin, arg lattice.Origins, args []ssa.Value, at token.Position) lattice.Origins
}

// BindSymbolRule may resolve, at a call of function key with args, an
// origin of the callee's summary that is not one of its parameters (a
// field of the object a parameter points to); ok false leaves it as it
// is.
type BindSymbolRule interface {
	Rule
	BindSymbol(ctx Context, a lattice.Origin, key string, args []ssa.Value, at token.Position) (v lattice.Origins, ok bool)
}

// CheckValueRule transforms the value checked against requirement r, as
// r's tags say the write uses it (only where it is absolute, the elements
// of a map at some keys).
type CheckValueRule interface {
	Rule
	CheckValue(ctx Context, r lattice.Req, v lattice.Origins) lattice.Origins
}

// SiteValueRule transforms the value v a write or a call passes as a
// path, where it is passed: argument arg in block b of function fn (a
// relative path after the function changed directory lands below the new
// one; a path kept only where its last element is a constant ends with
// it). arg is nil where the path is not an argument's own value (a data
// source name's file).
type SiteValueRule interface {
	Rule
	SiteValue(ctx Context, fn *ssa.Function, b *ssa.BasicBlock, arg ssa.Value, v lattice.Origins) lattice.Origins
}

// SiteReqRule refines the requirement a write or a call puts on the value
// arg it is passed at instr (the write runs only for records whose flag is
// set).
type SiteReqRule interface {
	Rule
	SiteReq(ctx Context, instr ssa.Instruction, arg ssa.Value, r lattice.Req) lattice.Req
}

// StoreExemptRule may exempt store s into a cell from requirement r on
// the cell, or into a new object the engine follows to the write from
// that object's requirement: what it stores never reaches the write.
type StoreExemptRule interface {
	Rule
	ExemptStore(ctx Context, s StoreSite, r lattice.Req) bool
}

// ObjectStoreRule refines v, what store s into a field of a new object
// holds, where the engine follows the object its function returns to the
// value of that field (ctors.go: what a constructor, and its fact for
// other packages, says it stores into the object it returns).
type ObjectStoreRule interface {
	Rule
	ObjectStore(ctx Context, s StoreSite, v lattice.Origins) lattice.Origins
}

// StoreReqRule may decide the requirement store s answers to for
// requirement r on its cell; ok false leaves the default, r without a
// guard (a guard is about the record the write reads, not the store's).
type StoreReqRule interface {
	Rule
	StoreReq(ctx Context, s StoreSite, r lattice.Req) (out lattice.Req, ok bool)
}

// CallExemptRule may exempt a call from requirement r its target puts on
// one of its arguments: what the call passes there never reaches the
// write (the object a setter stores it into is the caller's own). args
// are the call's arguments, SSA-numbered.
type CallExemptRule interface {
	Rule
	ExemptCall(ctx Context, instr ssa.CallInstruction, args []ssa.Value, r lattice.Req) bool
}

// JoinRule may decide the value of filepath.Join(first, rest...) (whose
// constant elements after the first make the pattern suffix); ok false
// leaves it to the next rule, and in the end to the first element's value
// with the suffix appended.
type JoinRule interface {
	Rule
	Join(ctx Context, first ssa.Value, rest []ssa.Value, suffix string, at token.Position) (v lattice.Origins, ok bool)
}

// ConcatRule may decide the value of the string concatenation b; ok
// false leaves it to the next rule, and in the end to the left operand's
// value with the right one's pattern appended.
type ConcatRule interface {
	Rule
	Concat(ctx Context, b *ssa.BinOp) (v lattice.Origins, ok bool)
}

// ReplaceRule may decide the value of a replacement of old's text in s
// by new (strings.Replace, strings.ReplaceAll, knowledge.Func.Replaces);
// ok false leaves it to the next rule, and in the end to a part of s.
type ReplaceRule interface {
	Rule
	Replace(ctx Context, s, old, new ssa.Value, at token.Position) (v lattice.Origins, ok bool)
}

// JoinBaseRule refines the value of a join's first element, base, given
// the elements rest joined below it (a path the user chose below the
// working directory makes it the user's base).
type JoinBaseRule interface {
	Rule
	JoinBase(ctx Context, base lattice.Origins, first ssa.Value, rest []ssa.Value, b *ssa.BasicBlock) lattice.Origins
}

// FieldReadRule may decide the value of read, a read of field number
// field of x (an *ssa.Field of a struct value, or an *ssa.FieldAddr
// loaded); ok false leaves it to the next rule, and in the end to the
// field's cell (that field of every object of the type).
type FieldReadRule interface {
	Rule
	FieldRead(ctx Context, read, x ssa.Value, field int, pos token.Pos) (v lattice.Origins, ok bool)
}

// MapRule says what a map the function makes is (MadeMap) and what an
// origin of a map holds at a constant key, or at AnyKey for a key the
// analysis does not know (MapElem); ok false leaves each
// to the next rule, and in the end to a map element the analysis does not
// follow (the engine's eval.go).
type MapRule interface {
	Rule
	MadeMap(ctx Context, m *ssa.MakeMap) (v lattice.Origins, ok bool)
	MapElem(ctx Context, m lattice.Origin, key string, at token.Position) (v lattice.Origins, ok bool)
}

// IndexRule collects what the rule needs in the index's one pass over the
// package: Index sees every instruction of every function, and Indexed
// runs once after the pass, before any evaluation. The index is frozen
// after it.
type IndexRule interface {
	Rule
	Index(ctx Context, fn *ssa.Function, instr ssa.Instruction)
	Indexed(ctx Context)
}

// OwnStoreRule may claim a store into a field as its own: a store into an
// object whose fields only the rule's reads see (its FieldRead), which is
// then no store into the field's cell.
type OwnStoreRule interface {
	Rule
	OwnsStore(ctx Context, s *ssa.Store) bool
}

// DispatchRule may decide that the requirements of the method of named
// type t (or *t), one of several implementations in sight of the
// interface method m an invoke call names, bind the call: its receiver
// may be the one that runs. site says where the call's receiver comes
// from. It is asked before t is known to implement m's interface, so it
// is cheap and says false for most types.
type DispatchRule interface {
	Rule
	DispatchBinds(ctx Context, m *types.Func, t *types.TypeName, site DispatchSite) bool
}
