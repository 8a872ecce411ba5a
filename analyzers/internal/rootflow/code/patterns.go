package code

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// ElemsPattern renders path elements joined as a pattern ("logs/*.log"),
// empty elements left out as filepath.Join leaves them.
func ElemsPattern(elems []ssa.Value) string {
	rel := make([]string, 0, len(elems))
	for _, el := range elems {
		if s := ElemPattern(el); s != "" {
			rel = append(rel, s)
		}
	}
	return strings.Join(rel, "/")
}

// ElemPattern renders a path element as a pattern: constants as they are,
// concatenations with their constant parts kept (run+".log" is "*.log"),
// a join of elements as their patterns joined (filepath.Join("app",
// "logs") is "app/logs"), anything else "*".
func ElemPattern(v ssa.Value) string {
	if s, isConst := ConstString(v); isConst {
		return s
	}
	switch v := v.(type) {
	case *ssa.BinOp:
		if _, isString := v.Type().Underlying().(*types.Basic); isString && v.Op == token.ADD {
			return CollapseStars(ElemPattern(v.X) + ElemPattern(v.Y))
		}
	case *ssa.Call:
		if fn := v.Call.StaticCallee(); fn != nil && len(v.Call.Args) == 1 && Lookup(FuncKey(fn)).Result() == knowledge.Join {
			if elems, ok := Varargs(v.Call.Args[0]); ok {
				if p := lattice.CleanPattern(ElemsPattern(elems)); p != "" && !lattice.Climbs(p) {
					return p
				}
			}
		}
	}
	return "*"
}

func CollapseStars(s string) string {
	for strings.Contains(s, "**") {
		s = strings.ReplaceAll(s, "**", "*")
	}
	return s
}
