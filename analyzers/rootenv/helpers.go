package rootenv

import (
	"go/ast"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
)

// Env helpers: a function that reads the environment variable one of its
// parameters names (envOr(name, def) calling os.Getenv(name), directly or
// through another such helper) is a reader like os.Getenv, so a call
// envOr("MYAPP_GLOBAL_STATE_ROOT", def) outside the authority package is
// a read of a root override. What a helper reads is exported as an
// EnvParams fact, so helpers of other packages count too.

// EnvParams marks a function whose parameters at these indices (receiver
// not counted) name environment variables it reads.
type EnvParams struct {
	Indices []int
}

// AFact marks EnvParams as an analysis fact.
func (*EnvParams) AFact() {}

// String renders the fact for fixtures: "reads env(0)".
func (f *EnvParams) String() string {
	s := "reads env("
	for i, n := range f.Indices {
		if i > 0 {
			s += ", "
		}
		s += strconv.Itoa(n)
	}
	return s + ")"
}

// envHelpers finds the package's env helpers, to a fixpoint (a helper
// may call another declared later), exports their facts and returns them.
// The syntax is walked once: each call that passes one of its function's
// parameters is kept as an edge, and the fixpoint runs over the edges.
func envHelpers(pass *analysis.Pass) map[*types.Func][]int {
	type edge struct {
		caller, callee *types.Func
		params         []int // per argument, the caller's parameter it is, or -1
	}
	var edges []edge
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			d, ok := d.(*ast.FuncDecl)
			if !ok || d.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func)
			if !ok {
				continue
			}
			params := paramObjects(pass, d)
			ast.Inspect(d.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				callee := typeutil.StaticCallee(pass.TypesInfo, call)
				if callee == nil {
					return true
				}
				e := edge{caller: fn, callee: callee, params: make([]int, len(call.Args))}
				passes := false
				for i, a := range call.Args {
					e.params[i] = -1
					if id, ok := ast.Unparen(a).(*ast.Ident); ok {
						if p := slices.Index(params, pass.TypesInfo.Uses[id]); p >= 0 {
							e.params[i], passes = p, true
						}
					}
				}
				if passes {
					edges = append(edges, e)
				}
				return true
			})
		}
	}
	helpers := map[*types.Func][]int{}
	for changed := true; changed; {
		changed = false
		for _, e := range edges {
			for _, i := range calleeReads(pass, e.callee, helpers) {
				if i >= len(e.params) || e.params[i] < 0 || slices.Contains(helpers[e.caller], e.params[i]) {
					continue
				}
				helpers[e.caller] = append(helpers[e.caller], e.params[i])
				slices.Sort(helpers[e.caller])
				changed = true
			}
		}
	}
	for fn, idx := range helpers {
		pass.ExportObjectFact(fn, &EnvParams{Indices: idx})
	}
	return helpers
}

// readIndices returns the argument indices of call that name an
// environment variable the callee reads: the first for os.Getenv and the
// like, the fact's (or this package's helpers') for a helper.
func readIndices(pass *analysis.Pass, call *ast.CallExpr, local map[*types.Func][]int) []int {
	return calleeReads(pass, typeutil.StaticCallee(pass.TypesInfo, call), local)
}

// calleeReads is readIndices for a call of fn (nil: not a static call).
func calleeReads(pass *analysis.Pass, fn *types.Func, local map[*types.Func][]int) []int {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if known, _ := knowledge.Lookup(fn.FullName()); known.Has(knowledge.Getenv) && fn.Signature().Recv() == nil {
		return []int{0}
	}
	if idx, ok := local[fn]; ok {
		return idx
	}
	var f EnvParams
	if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &f) {
		return f.Indices
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
