package rules

import (
	"go/types"
	"path"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// baseNames are the functions whose result is their argument's last
// element (a path's base name).
var baseNames = map[string]bool{
	"path/filepath.Base": true,
	"path.Base":          true,
}

// walkEntries are the types of a walk function's second parameter, the
// entry its first parameter, the path, names (filepath.WalkDir's
// fs.DirEntry, filepath.Walk's fs.FileInfo).
var walkEntries = map[string]bool{
	"io/fs.DirEntry": true,
	"io/fs.FileInfo": true,
}

// baseGuardRule: a path a write or a call passes only where its last
// element is a constant NAME ends with NAME. The guards are
// filepath.Base(p) == "NAME" (or path.Base), strings.HasSuffix(p,
// "/NAME"), and, in a walk function (func(p string, d fs.DirEntry, err
// error) error, or with an fs.FileInfo), d.Name() == "NAME", each holding
// where the write runs: the positive branch, or past an early return or
// continue on the negative one. The last segment a wildcard stands for
// in each concrete origin's pattern ("*", "**", "*.lock" where NAME
// matches it) becomes "**/NAME" (SiteValue): a walk's "*" may be any
// depth below its root. So an allowance cwd:**/NAME declares the walk's
// matches, and the advice and the inventory name them.
//
// Unsound where a walk function is called directly with an entry that
// is not its path's (d.Name() of another file): the entry is taken to
// name the path. A parameter or a cell is left as it is (the guard does
// not travel to the callers, which are checked with the pattern they
// pass), as is a pattern whose last segment is a constant.
type baseGuardRule struct{}

func (baseGuardRule) Name() string { return "base-guard" }

func (baseGuardRule) SiteValue(_ hook.Context, fn *ssa.Function, b *ssa.BasicBlock, arg ssa.Value, v lattice.Origins) lattice.Origins {
	if arg == nil || b == nil {
		return v
	}
	for c := range code.Dominating(b) {
		if name, ok := guardedName(fn, c, arg); ok {
			return v.Map(func(a lattice.Origin) lattice.Origins { return lattice.Origins{endingIn(a, name)} })
		}
	}
	return v
}

// guardedName returns the last element condition c, holding, says arg
// has in function fn.
func guardedName(fn *ssa.Function, c code.Cond, arg ssa.Value) (string, bool) {
	if !c.Holds || !c.IsStr {
		return "", false
	}
	var name string
	switch c.Kind {
	case code.CondSuffix:
		rest, ok := strings.CutPrefix(c.Str, "/")
		if c.X != arg || !ok {
			return "", false
		}
		name = rest
	case code.CondCmp:
		call, ok := c.X.(*ssa.Call)
		if !ok || !(baseOf(call, arg) || entryName(fn, call, arg)) {
			return "", false
		}
		name = c.Str
	default:
		return "", false
	}
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/*?[\`) {
		return "", false
	}
	return name, true
}

// baseOf reports whether call is filepath.Base(arg) or path.Base(arg).
func baseOf(call *ssa.Call, arg ssa.Value) bool {
	fn := call.Call.StaticCallee()
	return fn != nil && baseNames[code.FuncKey(fn)] && len(call.Call.Args) == 1 && call.Call.Args[0] == arg
}

// entryName reports whether call is d.Name() for d the entry a walk
// function fn is given beside its path arg.
func entryName(fn *ssa.Function, call *ssa.Call, arg ssa.Value) bool {
	if !call.Call.IsInvoke() || call.Call.Method.Name() != "Name" || len(fn.Params) != 3 {
		return false
	}
	if fn.Params[0] != arg || call.Call.Value != fn.Params[1] || !code.IsString(arg.Type()) {
		return false
	}
	named, ok := types.Unalias(fn.Params[1].Type()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && walkEntries[named.Obj().Pkg().Path()+"."+named.Obj().Name()]
}

// endingIn returns origin a ending in name: the last segment of its
// pattern that a wildcard stands for becomes "**/name". A symbolic
// origin, a pattern whose last segment is a constant or does not match
// name, and one that carries its callers' names are left as they are.
func endingIn(a lattice.Origin, name string) lattice.Origin {
	switch a.Kind {
	case lattice.Param, lattice.Cell, lattice.Env, lattice.Func, lattice.Empty:
		return a
	}
	if a.Raw || strings.Contains(a.Path, lattice.ElemsMark) {
		return a
	}
	dir, last := "", a.Path
	if i := strings.LastIndex(a.Path, "/"); i >= 0 {
		dir, last = a.Path[:i+1], a.Path[i+1:]
	}
	if !strings.Contains(last, "*") {
		return a
	}
	if ok, err := path.Match(last, name); last != "**" && (err != nil || !ok) {
		return a
	}
	return a.Repath(dir+"**/"+name, a.At)
}
