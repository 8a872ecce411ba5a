package rules

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// uncalledStoreRule: a store into a field or package variable inside a
// function nothing calls never runs, so what it stores is the origin of
// nothing a write reads (ExemptStore): an old default kept but no longer
// used (func defaultOptions() Options { return Options{Out: "out.txt"} })
// is not where the written field's path comes from.
//
// "Nothing calls" is decided on the package's syntax, for the top-level
// function the store is in (a closure runs only when the function that
// makes it does). A function is uncalled when it is a plain function (no
// receiver: a method may be reached through an interface, and is kept),
// not main, not an init, not a test's entry point (Test*, Benchmark*,
// Example*, Fuzz*), not exported unless the package is a command's (a
// package main with a func main: no other package imports it), not named
// by a //go:linkname or //export directive, and no identifier of the
// package (its test files too, when the run includes them) refers to it
// outside its own body: a call, or being taken as a value (a callback, a
// map of constructors), counts as a use; a function that only calls
// itself is uncalled.
//
// Unsound where a function is reached by what the package's syntax does
// not show: a linkname directive in another package that pulls the
// function in by its symbol name, a call from the package's assembly, a
// command built as a plugin whose exported functions are looked up by
// name. A function called only by
// other uncalled functions is kept (the rule looks one step, not at the
// whole call graph), which costs precision, not soundness.
type uncalledStoreRule struct {
	pkg    *types.Package
	uses   map[*types.Func][]token.Pos // where each function of the package is referred to
	linked map[string]bool             // names in //go:linkname and //export directives
	memo   map[*ssa.Function]bool
}

func (*uncalledStoreRule) ForPackage() hook.Rule { return &uncalledStoreRule{} }

func (*uncalledStoreRule) Name() string { return "uncalled-store" }

func (u *uncalledStoreRule) ExemptStore(ctx hook.Context, s hook.StoreSite, _ lattice.Req) bool {
	if s.Fn == nil {
		return false
	}
	fn := s.Fn
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if done, ok := u.memo[fn]; ok {
		return done
	}
	u.index(ctx)
	uncalled := u.uncalled(fn)
	u.memo[fn] = uncalled
	return uncalled
}

// uncalled reports whether nothing calls the top-level function fn (see
// the rule's doc).
func (u *uncalledStoreRule) uncalled(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	decl, isDecl := fn.Syntax().(*ast.FuncDecl)
	if !ok || !isDecl || obj.Pkg() != u.pkg || fn.Signature.Recv() != nil {
		return false
	}
	name := obj.Name()
	switch {
	case name == "main" || name == "init" || name == "_":
		return false
	case u.linked[name]:
		return false
	case obj.Exported() && !u.command():
		return false
	}
	for _, p := range []string{"Test", "Benchmark", "Example", "Fuzz"} {
		if strings.HasPrefix(name, p) {
			return false
		}
	}
	for _, at := range u.uses[obj] {
		if at < decl.Pos() || at >= decl.End() {
			return false
		}
	}
	return true
}

// command reports whether the package is a command: package main with a
// func main.
func (u *uncalledStoreRule) command() bool {
	if u.pkg.Name() != "main" {
		return false
	}
	m, ok := u.pkg.Scope().Lookup("main").(*types.Func)
	return ok && m.Type().(*types.Signature).Recv() == nil
}

// index collects, once per package, where each of its functions is
// referred to and the names its linkname and export directives give.
func (u *uncalledStoreRule) index(ctx hook.Context) {
	if u.memo != nil {
		return
	}
	pass := ctx.AnalysisPass()
	u.pkg = pass.Pkg
	u.memo = map[*ssa.Function]bool{}
	u.uses = map[*types.Func][]token.Pos{}
	u.linked = map[string]bool{}
	for id, obj := range pass.TypesInfo.Uses {
		if f, ok := obj.(*types.Func); ok && f.Pkg() == pass.Pkg {
			f = f.Origin()
			u.uses[f] = append(u.uses[f], id.Pos())
		}
	}
	for _, f := range pass.Files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				for _, d := range []string{"//go:linkname ", "//export "} {
					if rest, ok := strings.CutPrefix(c.Text, d); ok {
						for _, w := range strings.Fields(rest) {
							u.linked[w[strings.LastIndex(w, ".")+1:]] = true
						}
					}
				}
			}
		}
	}
}
