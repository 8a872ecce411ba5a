package rootflow

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// ruleContext is everything of the engine an idiom rule may use: the
// surface the core offers its rules, in the manner of go-critic's
// CheckerContext. A rule's hooks receive it instead of the engine, and a
// helper a rule needs is the rule's own (a method of its type or a
// function in its file), never a method of the engine. TestRuleSurface
// keeps rule files to this surface and the surface small: a rule that
// needs more asks for it here, where every rule's reach into the core is
// in sight.
type ruleContext interface {
	locator

	// The package.
	analysisPass() *analysis.Pass
	config() *Config
	packageFuncs() []*ssa.Function
	// local reports whether fn is a function of this package.
	local(fn *ssa.Function) bool

	// Values.
	eval(v ssa.Value) Origins
	bad(pos token.Pos, format string, args ...any) Origins
	userChosen(v Origins, seen map[string]bool) bool
	inPlace(el Origins) bool
	envVarNamed(s string, at token.Position) Origin
	mapElems(v Origins, key string, at token.Position) Origins
	isAbsTest(c cond, v ssa.Value) bool

	// Cells: fields and package variables.
	cell(key string, pos token.Pos) Origins
	cellStores(key string) Origins
	objectCell(v Origins, x ssa.Value) Origins
	// addStore records s as a store into cell, from an index hook's
	// indexed: what the rule learnt the package stores there.
	addStore(cell string, s storeSite)

	// Calls.
	callees(common *ssa.CallCommon) (targets []callee, ok bool)
	summary(t callee) *FuncFact
	resultsOf(fn *ssa.Function) []Origins
	// bindSymbolAfter resolves a as the bindSymbol hooks of the rules
	// registered after rule after do (a rule handing on what it made of
	// a symbol); a itself when none does.
	bindSymbolAfter(after rule, a Origin, key string, args []ssa.Value, at token.Position) Origins
}

// locator turns a position into a file position.
type locator interface {
	at(pos token.Pos) token.Position
}

// ruleView is the engine as its rules see it: it implements ruleContext
// by handing each call to the engine, so the engine's own methods are not
// the rules' API and can change without touching a rule.
type ruleView struct{ e *engine }

func (v ruleView) at(pos token.Pos) token.Position                 { return v.e.at(pos) }
func (v ruleView) analysisPass() *analysis.Pass                    { return v.e.pass }
func (v ruleView) config() *Config                                 { return v.e.cfg }
func (v ruleView) packageFuncs() []*ssa.Function                   { return v.e.funcs }
func (v ruleView) local(fn *ssa.Function) bool                     { return v.e.local(fn) }
func (v ruleView) eval(x ssa.Value) Origins                        { return v.e.eval(x) }
func (v ruleView) userChosen(x Origins, seen map[string]bool) bool { return v.e.userChosen(x, seen) }
func (v ruleView) inPlace(el Origins) bool                         { return v.e.inPlace(el) }
func (v ruleView) envVarNamed(s string, at token.Position) Origin  { return v.e.envVarNamed(s, at) }
func (v ruleView) isAbsTest(c cond, x ssa.Value) bool              { return v.e.isAbsTest(c, x) }
func (v ruleView) cell(key string, pos token.Pos) Origins          { return v.e.cell(key, pos) }
func (v ruleView) cellStores(key string) Origins                   { return v.e.cellStores(key) }
func (v ruleView) objectCell(x Origins, at ssa.Value) Origins      { return v.e.objectCell(x, at) }
func (v ruleView) summary(t callee) *FuncFact                      { return v.e.summary(t) }
func (v ruleView) resultsOf(fn *ssa.Function) []Origins            { return v.e.results[fn] }

func (v ruleView) bad(pos token.Pos, format string, args ...any) Origins {
	return v.e.bad(pos, format, args...)
}

func (v ruleView) mapElems(x Origins, key string, at token.Position) Origins {
	return v.e.mapElems(x, key, at)
}

func (v ruleView) addStore(cell string, s storeSite) {
	v.e.storeSites[cell] = append(v.e.storeSites[cell], s)
}

func (v ruleView) callees(common *ssa.CallCommon) ([]callee, bool) { return v.e.callees(common) }

func (v ruleView) bindSymbolAfter(after rule, a Origin, key string, args []ssa.Value, at token.Position) Origins {
	return v.e.hooks.bindSymbolFrom(v, after, a, key, args, at)
}
