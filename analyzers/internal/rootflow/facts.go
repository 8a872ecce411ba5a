package rootflow

import (
	"go/token"
	"path/filepath"
	"strconv"
)

// Hop is one step between a value and the write it reaches: a function
// it is passed to or a field or variable it is stored into, and where.
type Hop struct {
	Name string         // "store.Save", "field config.Config.LogDir"
	Pos  token.Position // the call or store; zero when not known
}

func (h Hop) String() string { return h.Name }

// HopNames returns the names of the hops, for messages.
func HopNames(hops []Hop) []string {
	out := make([]string, len(hops))
	for i, h := range hops {
		out[i] = h.Name
	}
	return out
}

// ShortPos renders a position for messages: "file.go:12", or "" when it
// is not valid.
func ShortPos(p token.Position) string {
	if !p.IsValid() {
		return ""
	}
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// Req is a requirement: the value reaching a parameter or a cell must be
// derived from a state root, because it flows into a write.
type Req struct {
	Op  string         // the write it reaches, e.g. "os.WriteFile"
	At  token.Position // where that write is
	Via []Hop          // the functions and cells between, outermost first
	// EmptyTemp says an empty path means os.TempDir at the write
	// (os.CreateTemp's dir).
	EmptyTemp bool
}

// FuncFact summarizes a function for its callers in other packages.
type FuncFact struct {
	// Authority is the root kind when the function is an authority by
	// directive; its string results are state roots.
	Authority string
	// Results holds, per result index, the origins of the result in terms
	// of the function's parameters (Param origins) and concrete origins;
	// nil for results that do not carry paths.
	Results []Origins
	// Reqs are the parameters (index, receiver first) whose values reach
	// writes, sorted by index. (Facts hold slices, not maps: their
	// encoding must be deterministic.)
	Reqs []ParamReq
	// Writes holds the writes the function reaches, directly or through
	// its callees, with their origins in terms of its parameters: what
	// blastradius checks a may-write radius against.
	Writes []Reach
}

// AFact marks FuncFact as an analysis fact.
func (*FuncFact) AFact() {}

func (f *FuncFact) String() string { return "rootflow.FuncFact" }

// Reach is a write reached from a function, with the path's origins and
// the call chain from the function to the write.
//
// A Reach with an empty Op is unproven: a call the analysis cannot resolve
// (an interface method or func value) that is passed a path, described by
// Unproven.
type Reach struct {
	Op       string
	At       token.Position
	Path     Origins
	Chain    []Hop
	Unproven string
}

// ParamReq is a requirement on parameter Index of function Key.
type ParamReq struct {
	Key   string // empty in a FuncFact: the function the fact is about
	Index int
	Req   Req
}

// CellStores is what a package stores into a cell.
type CellStores struct {
	Key   string
	Value Origins
}

// CellReq is a requirement on a cell.
type CellReq struct {
	Key string
	Req Req
}

// PackageFact records what a package contributes to cells (fields and
// package variables, possibly of other packages) and the requirements it
// discovered on other packages' cells and functions.
type PackageFact struct {
	// Stores maps a cell key to the union of the values this package
	// stores into it (flag bindings count as user-chosen stores).
	Stores []CellStores
	// CellReqs are cells whose values reach writes.
	CellReqs []CellReq
	// FuncReqs are requirements this package found on parameters of
	// functions declared elsewhere (through cells they store into).
	FuncReqs []ParamReq
}

// AFact marks PackageFact as an analysis fact.
func (*PackageFact) AFact() {}

func (f *PackageFact) String() string { return "rootflow.PackageFact" }
