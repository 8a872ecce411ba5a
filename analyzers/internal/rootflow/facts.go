package rootflow

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
)

// ShortPos renders a position for messages: "cmd/log/command.go:12",
// relative to the root of the module that holds the file, or
// "command.go:12" where that is not known; "" when it is not valid
// (code.ShortPos).
func ShortPos(p token.Position) string { return code.ShortPos(p) }

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
	// AbsCheck says the function is an IsAbs of its one path parameter
	// (a wrapper of filepath.IsAbs, abswrap.go).
	AbsCheck bool
	// ParamCalls are the calls of its func-typed parameters with paths
	// (sinkvalue.go).
	ParamCalls []ParamCall
	// FieldReqs are the fields of the objects its parameters point to
	// whose values reach writes (ctors.go), sorted.
	FieldReqs []FieldReq
	// Fields are, per result that is a new object, what the function
	// stores into its fields in terms of its parameters (ctors.go).
	Fields []ResultField
	// EnvReads are the arguments (the receiver not counted) that name an
	// environment variable the function reads, an env helper such as
	// envOr(name, def) (envhelpers.go), sorted.
	EnvReads []int

	// encoded holds a decoded fact's encoding until its fields are first
	// read (Loaded, factcodec.go).
	encoded *encodedFuncFact
}

// FieldReq is a requirement on field Cell of the object parameter Index
// points to.
type FieldReq struct {
	Index int
	Cell  string
	// Through, when set, is the field of the parameter's object that
	// holds the object whose field Cell is required (r.Config.Name).
	Through string
	Req     Req
}

// ResultField is what a constructor stores into field Cell of the object
// it returns as result Result.
type ResultField struct {
	Result int
	Cell   string
	Value  Origins
}

// AFact marks FuncFact as an analysis fact.
func (*FuncFact) AFact() {}

// String renders the fact for fixtures (// want fn:"..."):
// "authority=repo", "results=[param0/logs]; requires=[0→os.WriteFile]",
// "field requires=[0.store.Store.dir→os.WriteFile]" (the field of the
// object parameter 0 points to), "fields=[0.store.Store.dir={param0}]"
// (what the function stores into the object it returns as result 0).
func (f *FuncFact) String() string {
	f, err := f.Loaded()
	if err != nil {
		return err.Error()
	}
	var parts []string
	if f.Authority != "" {
		parts = append(parts, "authority="+f.Authority)
	}
	if f.Results != nil {
		parts = append(parts, "results="+list(f.Results, Origins.String))
	}
	parts = appendList(parts, "requires", f.Reqs, func(r ParamReq) string { return strconv.Itoa(r.Index) + "→" + r.Req.String() })
	parts = appendList(parts, "writes", f.Writes, Reach.String)
	if f.AbsCheck {
		parts = append(parts, "abscheck")
	}
	parts = appendList(parts, "field requires", f.FieldReqs, func(r FieldReq) string {
		return strconv.Itoa(r.Index) + "." + lattice.ShortName(r.Cell) + "→" + r.Req.String()
	})
	parts = appendList(parts, "fields", f.Fields, func(r ResultField) string {
		return strconv.Itoa(r.Result) + "." + lattice.ShortName(r.Cell) + "=" + r.Value.String()
	})
	parts = appendList(parts, "calls", f.ParamCalls, ParamCall.String)
	parts = appendList(parts, "reads env", f.EnvReads, strconv.Itoa)
	return strings.Join(parts, "; ")
}

// list renders the elements of s with str as "[a, b]".
func list[T any](s []T, str func(T) string) string {
	out := make([]string, len(s))
	for i, e := range s {
		out[i] = str(e)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// appendList appends "name=[a, b]" to parts when s is not empty.
func appendList[T any](parts []string, name string, s []T, str func(T) string) []string {
	if len(s) == 0 {
		return parts
	}
	return append(parts, name+"="+list(s, str))
}

// String renders a reach: "os.WriteFile(param0/x.json)", or the unproven
// call's description.
func (r Reach) String() string {
	if r.Op == "" {
		return "unproven: " + r.Unproven
	}
	return r.Op + "(" + r.Path.String() + ")"
}

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
	// Allowed are the patterns of the allowances (allow-write) that
	// cover the write, kept while its path is still symbolic: the caller
	// that makes it concrete declares what they match, as the lint's
	// requirement does (lattice.ReqAllowed).
	Allowed []string
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
	// Closures are the results of the package's function literals that
	// leave it as values (returned, stored), for calls elsewhere.
	Closures []ClosureResults
}

// AFact marks PackageFact as an analysis fact.
func (*PackageFact) AFact() {}

// String renders the fact for fixtures (// want package:"..."):
// "stores=[cell=origins]; cell requires=[cell→os.WriteFile]; requires=[f#0→...]".
func (f *PackageFact) String() string {
	var parts []string
	parts = appendList(parts, "stores", f.Stores, func(s CellStores) string { return lattice.ShortName(s.Key) + "=" + s.Value.String() })
	parts = appendList(parts, "cell requires", f.CellReqs, func(r CellReq) string { return lattice.ShortName(r.Key) + "→" + r.Req.String() })
	parts = appendList(parts, "requires", f.FuncReqs, func(r ParamReq) string {
		return lattice.ShortName(r.Key) + "#" + strconv.Itoa(r.Index) + "→" + r.Req.String()
	})
	parts = appendList(parts, "closures", f.Closures, func(c ClosureResults) string {
		return lattice.ShortName(c.Key) + "=" + list(c.Results, Origins.String)
	})
	return strings.Join(parts, "; ")
}
