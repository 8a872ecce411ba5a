package rootflow

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// paramCallsOf returns the ParamCalls of a call's target.
func (sv *sinkValues) paramCallsOf(t callee) []ParamCall {
	if t.invoke {
		return nil
	}
	if t.fn != nil && sv.e.local(t.fn) {
		return sv.paramCalls()[code.Origin(t.fn)]
	}
	if sum := sv.e.summary(t); sum != nil {
		return sum.ParamCalls
	}
	return nil
}

// paramCalls computes, once, the ParamCalls of the package's functions,
// callee-first so inherited calls are complete; a recursive component
// iterates until they are stable, and when maxReachRounds run out, its
// calls' arguments gain an origin saying the analysis gave up.
func (sv *sinkValues) paramCalls() map[*ssa.Function][]ParamCall {
	if sv.calls != nil {
		return sv.calls
	}
	e := sv.e
	sv.calls = map[*ssa.Function][]ParamCall{}
	for _, c := range e.components() {
		var fns []*ssa.Function
		for _, fn := range c.funcs {
			if hasFuncParam(fn) {
				fns = append(fns, fn)
			}
		}
		for round := 0; len(fns) > 0; round++ {
			changed := false
			for _, fn := range fns {
				if pcs := sv.scanParamCalls(fn); !slices.EqualFunc(pcs, sv.calls[fn], sameParamCall) {
					sv.calls[fn], changed = pcs, true
				}
			}
			if !c.recursive || !changed {
				break
			}
			if round+1 == maxReachRounds {
				for _, fn := range fns {
					for i, pc := range sv.calls[fn] {
						for j, a := range pc.Args {
							if a != nil {
								pc.Args[j] = lattice.Union(a, Origins{{Kind: Bad, Why: "a path passed through recursion the analysis gave up following", Cause: CauseLimit, At: pc.At}})
							}
						}
						sv.calls[fn][i] = pc
					}
				}
				break
			}
		}
	}
	return sv.calls
}

// hasFuncParam reports whether fn has a parameter of func type.
func hasFuncParam(fn *ssa.Function) bool {
	for _, p := range fn.Params {
		if _, ok := p.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// scanParamCalls finds the calls of fn's func parameters in fn and its
// closures: direct ones, and the ParamCalls of the functions it passes
// them to.
func (sv *sinkValues) scanParamCalls(fn *ssa.Function) []ParamCall {
	key := code.FuncKey(fn)
	// paramsOf returns the indices of fn's parameters v may be.
	paramsOf := func(v ssa.Value) []int {
		var out []int
		for _, a := range sv.e.eval(v) {
			if a.Kind == Param && a.Key == key && a.Path == "" {
				out = append(out, a.Index)
			}
		}
		return out
	}
	var out []ParamCall
	for _, f := range withClosures(fn) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				common := call.Common()
				if !common.IsInvoke() && common.StaticCallee() == nil {
					if _, isBuiltin := common.Value.(*ssa.Builtin); !isBuiltin {
						for _, i := range paramsOf(common.Value) {
							out = addParamCall(out, sv.directParamCall(i, common.Args, sv.e.At(call.Pos())))
						}
					}
				}
				targets, _ := sv.e.callees(common)
				for _, t := range targets {
					args := t.args(common)
					for _, pc := range sv.paramCallsOf(t) {
						if pc.Func >= len(args) || !isFuncValue(args[pc.Func]) {
							continue
						}
						for _, i := range paramsOf(args[pc.Func]) {
							out = addParamCall(out, sv.inherit(pc, i, t.key, args, sv.e.At(call.Pos())))
						}
					}
				}
			}
		}
	}
	return out
}

// withClosures returns fn and the function literals inside it.
func withClosures(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for i := 0; i < len(out); i++ {
		out = append(out, out[i].AnonFuncs...)
	}
	return out
}

// isFuncValue reports whether v is of func type.
func isFuncValue(v ssa.Value) bool {
	_, ok := v.Type().Underlying().(*types.Signature)
	return ok
}

// directParamCall records a call of parameter i with args.
func (sv *sinkValues) directParamCall(i int, args []ssa.Value, at token.Position) ParamCall {
	pc := ParamCall{Func: i, Args: make([]Origins, len(args)), At: at}
	for j, a := range args {
		if code.IsPathType(a.Type()) {
			pc.Args[j] = sv.e.eval(a)
		} else if n, ok := code.ConstInt(a); ok {
			pc.Consts = append(pc.Consts, ConstArg{j, n})
		}
	}
	return pc
}

// inherit rewrites a callee's ParamCall as one of the caller's parameter
// i, bound at the call.
func (sv *sinkValues) inherit(pc ParamCall, i int, key string, args []ssa.Value, at token.Position) ParamCall {
	out := ParamCall{Func: i, Args: make([]Origins, len(pc.Args)), Consts: pc.Consts, At: pc.At}
	for j, a := range pc.Args {
		if a != nil {
			out.Args[j] = sv.e.substitute(a, key, args, at)
		}
	}
	return out
}

// addParamCall adds pc, merging it with a call of the same parameter at
// the same place.
func addParamCall(pcs []ParamCall, pc ParamCall) []ParamCall {
	for i, old := range pcs {
		if old.Func == pc.Func && old.At == pc.At && len(old.Args) == len(pc.Args) {
			for j := range old.Args {
				old.Args[j] = lattice.Union(old.Args[j], pc.Args[j])
			}
			pcs[i] = old
			return pcs
		}
	}
	return append(pcs, pc)
}

func sameParamCall(a, b ParamCall) bool {
	return a.Func == b.Func && a.At == b.At && slices.EqualFunc(a.Args, b.Args, Origins.Equal)
}

// checkFuncArgs resolves, at a call, the ParamCalls of its target against
// the functions the call binds to the parameters called.
func (sv *sinkValues) checkFuncArgs(in ssa.CallInstruction, fn *ssa.Function, t callee, queue *[]pending) {
	common := in.Common()
	if !slices.ContainsFunc(common.Args, isFuncValue) {
		return
	}
	if t.shared {
		return // another target may be the one that runs
	}
	pcs := sv.paramCallsOf(t)
	if len(pcs) == 0 {
		return
	}
	args := t.args(common)
	for _, pc := range pcs {
		if pc.Func >= len(args) {
			continue
		}
		site := funcArgSite{cs: callSite{in, fn, t}, pc: pc}
		for _, key := range sv.boundFuncs(args[pc.Func]) {
			if spec, ok := sv.e.sinks[key]; ok {
				sv.checkSinkValue(site, key, spec, queue)
				continue
			}
			if f := sv.e.byKey[key]; f != nil && sv.e.local(f) {
				// Its requirements arrive through the queue. The
				// package's ParamCalls are computed by now, as they
				// always were: the evaluation's step bound sees one order.
				sv.paramCalls()
				sv.sites[key] = append(sv.sites[key], site)
				continue
			}
			if sum := sv.e.summary(callee{fn: sv.e.byKey[key], key: key}); sum != nil {
				for _, r := range sum.Reqs {
					sv.checkBoundArg(site, key, r.Index, r.Req, queue)
				}
			}
		}
	}
}

// boundFuncs returns the keys of the functions v may be: func values,
// and those stored in the field or variable v is read from.
func (sv *sinkValues) boundFuncs(v ssa.Value) []string {
	var out []string
	for _, a := range sv.e.eval(v) {
		funcs := Origins{a}
		if a.Kind == Cell && a.Path == "" {
			upstream, _ := sv.e.upstream().store(a.Key)
			funcs = lattice.Union(sv.e.cellFuncs[a.Key], upstream)
		}
		for _, f := range funcs {
			if f.Kind == Func && !slices.Contains(out, f.Key) {
				out = append(out, f.Key)
			}
		}
	}
	return out
}

// checkSinkValue checks the paths a bound sink writes.
func (sv *sinkValues) checkSinkValue(site funcArgSite, key string, spec sinkSpec, queue *[]pending) {
	pc := site.pc
	if spec.flag >= 0 {
		for _, c := range pc.Consts {
			if c.Index == spec.flag && c.Value&sv.e.writeFlags == 0 {
				return // opened read-only
			}
		}
	}
	paths := slices.Clone(spec.paths)
	for _, i := range spec.extra {
		if strings.HasPrefix(key, "(") {
			i++ // a method expression: the receiver comes first
		}
		if !slices.Contains(paths, i) {
			paths = append(paths, i)
		}
	}
	op := lattice.ShortName(key)
	for _, i := range paths {
		r := writeReq(op, pc.At)
		r.Tags.SetFlag(lattice.ReqEmptyTemp, spec.emptyIsTemp)
		sv.checkBoundArg(site, "", i, r, queue)
	}
}

// checkBoundArg checks argument i of a ParamCall, rewritten at the call
// binding its parameter, against a requirement of the function bound
// (key; "" when it is the sink itself).
func (sv *sinkValues) checkBoundArg(site funcArgSite, key string, i int, r Req, queue *[]pending) {
	pc, cs := site.pc, site.cs
	if i >= len(pc.Args) || pc.Args[i] == nil {
		return
	}
	at := sv.e.At(cs.instr.Pos())
	v := sv.e.substitute(pc.Args[i], cs.t.key, cs.t.args(cs.instr.Common()), at)
	if r.Tags.Flag(lattice.ReqEmptyTemp) {
		v = hook.EmptyIsTemp(v)
	}
	name := lattice.ShortName(cs.t.key)
	if key != "" {
		r = extend(r, Hop{Name: lattice.ShortName(key), Pos: pc.At})
	} else {
		// The sink itself: the target writes through it.
		sv.e.res.Writes = append(sv.e.res.Writes, &Write{Pos: cs.instr.Pos(), Op: r.Op, Func: code.FuncKey(cs.fn), Path: v})
		sv.e.reach[cs.fn] = addReach(sv.e.reach[cs.fn], Reach{Op: r.Op, At: r.At, Path: v, Chain: []Hop{{Name: name, Pos: at}}})
	}
	sv.e.check(v, cs.instr.Pos(), AtCall, name, extend(r, Hop{Name: name, Pos: at}), queue)
}

// requireBound moves a new requirement on a function of this package to
// the calls that bind it to a func parameter of their target.
func (sv *sinkValues) requireBound(p pending, queue *[]pending) {
	for _, site := range sv.sites[p.key] {
		sv.checkBoundArg(site, p.key, p.idx, p.req, queue)
	}
}
