package code

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// condsSrc holds one function per shape: each returns at a block where
// the conditions named in TestDominating are known, and only those.
const condsSrc = `package p

import "strings"

func after(p string) string {
	if p == "" {
		println()
	}
	return p
}

func either(p string) string {
	if p == "a" || strings.HasPrefix(p, "b") {
		return p
	}
	return ""
}

func both(p string) string {
	if p != "" && strings.HasPrefix(p, "~") {
		return p
	}
	return ""
}

func neither(p string) string {
	if p == "a" || p == "b" {
		return ""
	}
	return p
}

func loop(p string) string {
	for p != "" {
		p = p[1:]
	}
	return p
}

func suffix(p string) string {
	if !strings.HasSuffix(p, "/app.lock") {
		return ""
	}
	return p
}
`

// TestDominating pins the conditions known to hold where the first
// return of each function of condsSrc runs: a branch's condition holds
// only in the blocks its own edge dominates, never after the branches
// meet again, and never for one side of an ||.
func TestDominating(t *testing.T) {
	pkg := condsPackage(t)
	want := map[string][]string{
		"after":   nil,
		"either":  nil,
		"both":    {"p has prefix ~", "p != \"\""},
		"neither": {"p != \"b\"", "p != \"a\""},
		"loop":    {"p == \"\""},
		"suffix":  {"p has suffix /app.lock"},
	}
	for name, conds := range want {
		fn := pkg.Func(name)
		var ret *ssa.BasicBlock // where p is returned
		for _, b := range fn.Blocks {
			if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				if _, isConst := r.Results[0].(*ssa.Const); !isConst {
					ret = b
				}
			}
		}
		var got []string
		for c := range Dominating(ret) {
			got = append(got, describeCond(c))
		}
		if len(got) != len(conds) {
			t.Errorf("%s: conditions %q, want %q", name, got, conds)
			continue
		}
		for i := range got {
			if got[i] != conds[i] {
				t.Errorf("%s: conditions %q, want %q", name, got, conds)
				break
			}
		}
	}
}

// condsPackage builds condsSrc into SSA.
func condsPackage(t *testing.T) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", condsSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// describeCond says what a condition of condsSrc's functions tells of p.
func describeCond(c Cond) string {
	switch {
	case c.Kind == CondPrefix && c.Holds:
		return "p has prefix " + c.Str
	case c.Kind == CondPrefix:
		return "p has no prefix " + c.Str
	case c.Kind == CondSuffix && c.Holds:
		return "p has suffix " + c.Str
	case c.Kind == CondSuffix:
		return "p has no suffix " + c.Str
	case c.Kind == CondCmp && c.Holds:
		return "p == " + strconv.Quote(c.Str)
	case c.Kind == CondCmp:
		return "p != " + strconv.Quote(c.Str)
	}
	return "another condition"
}

// TestHoldsWhere checks that a condition each side of an || implies holds
// in its body, and one side's alone does not.
func TestHoldsWhere(t *testing.T) {
	pkg := condsPackage(t)
	var body *ssa.BasicBlock // where either returns p
	for _, b := range pkg.Func("either").Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if _, isConst := r.Results[0].(*ssa.Const); !isConst {
				body = b
			}
		}
	}
	aOrB := func(c Cond) bool {
		return c.Holds && (c.Kind == CondCmp && c.Str == "a" || c.Kind == CondPrefix && c.Str == "b")
	}
	onlyA := func(c Cond) bool { return c.Holds && c.Kind == CondCmp && c.Str == "a" }
	if !HoldsWhere(body, aOrB) {
		t.Error(`in the body of p == "a" || HasPrefix(p, "b"): "p is a or starts with b" does not hold`)
	}
	if HoldsWhere(body, onlyA) {
		t.Error(`in the body of p == "a" || HasPrefix(p, "b"): p == "a" holds`)
	}
}
