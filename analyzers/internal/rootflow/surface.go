package rootflow

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// ruleView is the engine as its rules see it: it implements hook.Context
// by handing each call to the engine, so the engine's own methods are not
// the rules' API and can change without touching a rule.
type ruleView struct{ e *engine }

func (v ruleView) At(pos token.Pos) token.Position                 { return v.e.At(pos) }
func (v ruleView) AnalysisPass() *analysis.Pass                    { return v.e.pass }
func (v ruleView) Allowed(a Origin) bool                           { return v.e.cfg.Allowed(a) }
func (v ruleView) PackageFuncs() []*ssa.Function                   { return v.e.funcs }
func (v ruleView) Local(fn *ssa.Function) bool                     { return v.e.local(fn) }
func (v ruleView) Eval(x ssa.Value) Origins                        { return v.e.eval(x) }
func (v ruleView) UserChosen(x Origins, seen map[string]bool) bool { return v.e.userChosen(x, seen) }
func (v ruleView) InPlace(el Origins) bool                         { return v.e.inPlace(el) }
func (v ruleView) EnvVarNamed(s string, at token.Position) Origin  { return v.e.envVarNamed(s, at) }
func (v ruleView) IsAbsTest(c code.Cond, x ssa.Value) bool         { return v.e.isAbsTest(c, x) }
func (v ruleView) Cell(key string, pos token.Pos) Origins          { return v.e.cell(key, pos) }
func (v ruleView) CellStores(key string) Origins                   { return v.e.cellStores(key) }
func (v ruleView) ObjectCell(x Origins, at ssa.Value) Origins      { return v.e.objectCell(x, at) }
func (v ruleView) ForeignField(key string) bool                    { return v.e.foreignField(key) }

func (v ruleView) Bad(pos token.Pos, format string, args ...any) Origins {
	return v.e.bad(pos, format, args...)
}

func (v ruleView) MapElems(x Origins, key string, at token.Position) Origins {
	return v.e.mapElems(x, key, at)
}

func (v ruleView) AddStore(cell string, s hook.StoreSite) {
	v.e.storeSites[cell] = append(v.e.storeSites[cell], s)
}

func (v ruleView) Callees(common *ssa.CallCommon) ([]hook.Callee, bool) {
	targets, ok := v.e.callees(common)
	out := make([]hook.Callee, len(targets))
	for i, t := range targets {
		out[i] = t
	}
	return out, ok
}

func (v ruleView) CalleeResults(ref hook.Callee) ([]Origins, bool) {
	t := ref.(callee)
	if t.fn != nil && v.e.local(t.fn) {
		return v.e.results[code.Origin(t.fn)], true
	}
	sum := v.e.summary(t)
	if sum == nil {
		return nil, false
	}
	return sum.Results, true
}

func (v ruleView) BindSymbolAfter(after hook.Rule, a Origin, key string, args []ssa.Value, at token.Position) Origins {
	return v.e.hooks.bindSymbolFrom(v, after, a, key, args, at)
}
