package rules

import (
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// Interface calls with several implementations in sight: an
// implementation whose concrete type the package converts to an
// interface that has the method (a *RealSystem made a System, an *osfs
// compared with an FS) is a value the receiver may hold, so what it
// requires of its parameters binds the call: a write it makes with the
// path the call passes is evidence, on a feasible path, even where the
// other implementations (a dry run, a read-only wrapper, an in-memory
// archive) write nothing. The requirement at the call is then the join
// over the implementations so converted; the others' results still count
// but their requirements do not bind (dispatch.go).
//
// Conversions are the package's own MakeInterface instructions: an
// implementation converted only in another package is not seen, and its
// write stays no evidence at this call (a miss, never a made-up origin).
// So the rule binds only where the package sees where its values of the
// interface come from: where it calls a function of another package that
// returns the interface (a constructor that picks a container or a host
// environment), the receiver may be of a type converted out of sight, and
// the path passed may be in that type's namespace (its own method's
// result, "/var/run/act" inside a container): no call of that interface's
// methods is bound. Nor where the receiver is a parameter of a function
// other packages may call (an exported function, a function value): its
// dynamic type is chosen by callers the package does not see, and the
// implementations the package itself converts (every one, in a library
// that defines the interface and constructs each implementation) say
// nothing of what those callers pass.

// convertedImplsRule: see above (DispatchBinds).
//
// Unsound where the converted value never reaches the call: a type made
// the interface in one place of the package and kept apart from the
// receiver of this call (a second, unrelated variable of the interface
// type) is blamed all the same, as class-hierarchy analysis blames it.
type convertedImplsRule struct {
	// converted are the named types the package converts to
	// interfaces, with those interfaces.
	converted map[*types.TypeName][]*types.Interface
	// foreignIfaces are the interfaces that functions of other packages
	// the package calls return.
	foreignIfaces []*types.Interface
}

func (*convertedImplsRule) ForPackage() hook.Rule { return &convertedImplsRule{} }

func (*convertedImplsRule) Name() string { return "converted-impls" }

// Index collects the named types the package converts to interfaces,
// and the interfaces each is converted to, and the interfaces other
// packages' functions called here return.
func (ci *convertedImplsRule) Index(ctx hook.Context, _ *ssa.Function, instr ssa.Instruction) {
	if call, ok := instr.(ssa.CallInstruction); ok {
		ci.noteForeignInterfaces(ctx, call.Common())
		return
	}
	mi, ok := instr.(*ssa.MakeInterface)
	if !ok {
		return
	}
	tn := code.NamedOf(mi.X.Type())
	iface, _ := mi.Type().Underlying().(*types.Interface)
	if tn == nil || iface == nil || iface.NumMethods() == 0 {
		return
	}
	if ci.converted == nil {
		ci.converted = map[*types.TypeName][]*types.Interface{}
	}
	for _, have := range ci.converted[tn] {
		if types.Identical(have, iface) {
			return
		}
	}
	ci.converted[tn] = append(ci.converted[tn], iface)
}

func (*convertedImplsRule) Indexed(hook.Context) {}

// DispatchBinds reports whether t is converted in the package to an
// interface that has the method m, no function of another package
// called here returns such an interface, and the receiver is not chosen
// by callers out of sight.
func (ci *convertedImplsRule) DispatchBinds(ctx hook.Context, m *types.Func, t *types.TypeName, site hook.DispatchSite) bool {
	converted := ci.converted[t]
	if len(converted) == 0 || site.CallerChosen {
		return false // most types: asked for every type in sight
	}
	for _, iface := range ci.foreignIfaces {
		if hasMethod(iface, m) {
			return false
		}
	}
	for _, iface := range converted {
		if hasMethod(iface, m) {
			return true
		}
	}
	return false
}

// hasMethod reports whether m is a method of iface.
func hasMethod(iface *types.Interface, m *types.Func) bool {
	for i := range iface.NumMethods() {
		if iface.Method(i) == m {
			return true
		}
	}
	return false
}

// noteForeignInterfaces records the interfaces among the results of the
// function a call of another package's function (or method) returns.
func (ci *convertedImplsRule) noteForeignInterfaces(ctx hook.Context, common *ssa.CallCommon) {
	var sig *types.Signature
	var pkg *types.Package
	if common.IsInvoke() {
		sig, _ = common.Method.Type().(*types.Signature)
		pkg = common.Method.Pkg()
	} else if callee := common.StaticCallee(); callee != nil && callee.Object() != nil {
		sig = callee.Signature
		pkg = callee.Object().Pkg()
	}
	if sig == nil || pkg == nil || pkg == ctx.AnalysisPass().Pkg {
		return
	}
	res := sig.Results()
	for i := range res.Len() {
		iface, ok := res.At(i).Type().Underlying().(*types.Interface)
		if !ok || iface.NumMethods() == 0 || res.At(i).Type() == types.Universe.Lookup("error").Type() {
			continue
		}
		if !slices.ContainsFunc(ci.foreignIfaces, func(have *types.Interface) bool { return types.Identical(have, iface) }) {
			ci.foreignIfaces = append(ci.foreignIfaces, iface)
		}
	}
}
