package rootflow

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Env helpers: a function that reads the environment variable one of its
// parameters names (envOr(name, def) calling os.Getenv(name), directly or
// through another such helper) is a reader like os.Getenv, so a call
// envOr("MYAPP_GLOBAL_STATE_ROOT", def) outside the authority package is
// a read of a root override (rootenv). What a helper reads is its
// function fact's EnvReads, so helpers of other packages count too; the
// engine carries it so that rootenv needs no facts of its own, and with
// them no run of its own on every dependency.

// findEnvHelpers finds the package's env helpers, to a fixpoint (a helper
// may call another declared later), and, withCalls, what each function
// the package calls reads (Result.EnvCalls; only rootenv, which runs
// where findings are reported, reads it, and it asks for the fact of
// every callee). The syntax is walked once: each call that passes one of
// its function's parameters is kept as an edge, and the fixpoint runs
// over the edges.
func (ix *index) findEnvHelpers(withCalls bool) (helpers, calls map[*types.Func][]int) {
	pass := ix.pass
	imported := func(fn *types.Func) []int {
		if f := ix.factOf(fn); f != nil {
			return f.EnvReads
		}
		return nil
	}
	if !namesEnvReader(pass, imported) {
		// Nothing to find: no helper without a reader below it.
		if withCalls {
			calls = map[*types.Func][]int{}
		}
		return map[*types.Func][]int{}, calls
	}
	type edge struct {
		caller, callee *types.Func
		params         []int // per argument, the caller's parameter it is, or -1
	}
	var edges []edge
	callees := map[*types.Func]bool{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			var fn *types.Func
			var params []types.Object
			if d, ok := d.(*ast.FuncDecl); ok {
				if d.Body == nil {
					continue
				}
				if fn, _ = pass.TypesInfo.Defs[d.Name].(*types.Func); fn != nil {
					params = paramObjects(pass, d)
				}
			}
			if params == nil && !withCalls {
				continue // no parameter to pass on, and no callee asked for
			}
			ast.Inspect(d, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				callee := typeutil.StaticCallee(pass.TypesInfo, call)
				if callee == nil {
					return true
				}
				if withCalls {
					callees[callee] = true
				}
				if params == nil {
					return true
				}
				ed := edge{caller: fn, callee: callee, params: make([]int, len(call.Args))}
				passes := false
				for i, a := range call.Args {
					ed.params[i] = -1
					if id, ok := ast.Unparen(a).(*ast.Ident); ok {
						if p := slices.Index(params, pass.TypesInfo.Uses[id]); p >= 0 {
							ed.params[i], passes = p, true
						}
					}
				}
				if passes {
					edges = append(edges, ed)
				}
				return true
			})
		}
	}
	helpers = map[*types.Func][]int{}
	for changed := true; changed; {
		changed = false
		for _, ed := range edges {
			for _, i := range envReads(pass.Pkg, ed.callee, helpers, imported) {
				if i >= len(ed.params) || ed.params[i] < 0 || slices.Contains(helpers[ed.caller], ed.params[i]) {
					continue
				}
				helpers[ed.caller] = append(helpers[ed.caller], ed.params[i])
				slices.Sort(helpers[ed.caller])
				changed = true
			}
		}
	}
	if !withCalls {
		return helpers, nil
	}
	calls = map[*types.Func][]int{}
	for callee := range callees {
		if idx := envReads(pass.Pkg, callee, helpers, imported); len(idx) > 0 {
			calls[callee] = idx
		}
	}
	return helpers, calls
}

// namesEnvReader reports whether the package names a function of
// another package that reads the environment variable an argument names
// (os.Getenv and the like, or an env helper by its fact): an env helper
// of the package calls one, directly or through its other helpers, and
// so does every call Result.EnvCalls lists. Most packages name none, and
// then their syntax need not be walked. Every callee a walk would find
// (typeutil.StaticCallee) is among the objects the package uses.
func namesEnvReader(pass *analysis.Pass, imported func(*types.Func) []int) bool {
	seen := map[*types.Func]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || seen[fn] {
			continue
		}
		seen[fn] = true
		if len(envReads(pass.Pkg, fn, nil, imported)) > 0 {
			return true
		}
	}
	return false
}

// envReads returns the argument indices of a call of fn (the receiver
// not counted) that name an environment variable it reads: the first for
// os.Getenv and the like; for an env helper, local's (the package's own)
// or imported's (another package's, from its fact).
func envReads(pkg *types.Package, fn *types.Func, local map[*types.Func][]int, imported func(*types.Func) []int) []int {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if fn.Signature().Recv() == nil {
		// A function's full name, without the buffer FullName builds:
		// this runs for every function the package names.
		if known, _ := knowledge.Lookup(fn.Pkg().Path() + "." + fn.Name()); known.Has(knowledge.Getenv) {
			return []int{0}
		}
	}
	if idx, ok := local[fn]; ok {
		return idx
	}
	if fn.Pkg() != pkg {
		return imported(fn)
	}
	return nil
}

// paramObjects returns the objects of d's parameters, in order (the
// receiver not counted).
func paramObjects(pass *analysis.Pass, d *ast.FuncDecl) []types.Object {
	var out []types.Object
	for _, field := range d.Type.Params.List {
		for _, name := range field.Names {
			out = append(out, pass.TypesInfo.Defs[name])
		}
		if len(field.Names) == 0 {
			out = append(out, nil)
		}
	}
	return out
}
