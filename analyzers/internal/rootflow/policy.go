package rootflow

import (
	"go/token"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// The reporting policy: which origins of a value that reaches a write are
// findings, where a finding is reported (the write, the call, the store),
// that one value yields one finding, and which cells are the program's to
// answer for (the cross-module rule). The requirement worklist
// (propagate.go) asks it at every write, call and store it checks.

// check reports the origins of v that are outside every root, and turns
// its symbolic origins into requirements.
//
// One value yields at most one finding, for its first offending origin:
// a recursive helper may reach a write with many patterns of one literal.
func (e *engine) check(v Origins, pos token.Pos, site Site, op string, r Req, queue *[]pending) {
	found := false
	for _, a := range v {
		if a.Kind == Empty && r.Tags.Flag(lattice.ReqNamedBelow) {
			// The write joins a name the analysis does not spell below
			// the value: empty, the path is that name.
			a = a.AppendPath("*", e.At(pos))
		}
		switch a.Kind {
		case Param:
			e.require(a.Key, a.Index, r.For("").On(a), pos, queue)
		case Cell:
			switch {
			case a.Num(lattice.Obj) > 0: // the field of the object a parameter points to (ctors.go)
				e.requireField(a.TextOf(lattice.Of), a.Num(lattice.Obj)-1, a.Key, a.TextOf(lattice.Through), r.On(a), pos, queue)
			default:
				e.require(a.Key, -1, r.For(a.Key).On(a), pos, queue)
			}
		case Func:
			if !found {
				e.find(pos, site, op, Origin{Kind: Bad, Why: "a function value where a path was expected"}, r)
				found = true
			}
		default:
			if !found && !e.cfg.Allowed(a) && !ancestorOfRoot(a, r) && !createsNothing(a, r) && !declares(e.allow.at(pos), a) && !allowedBy(r, a) {
				e.find(pos, site, op, a, r)
				// A may-write directive can declare a project path, so
				// it must not hide the value's next offending origin.
				found = !a.InProject()
			}
		}
	}
}

func (e *engine) find(pos token.Pos, site Site, op string, a Origin, r Req) {
	id := e.At(pos).String() + "|" + op + "|" + a.Describe() + "|" + a.At.String()
	if e.seen[id] {
		return
	}
	e.seen[id] = true
	e.res.Findings = append(e.res.Findings, &Finding{Pos: pos, Site: site, Op: op, Origin: a, Reach: r})
}

// inModule reports whether a function or cell key belongs to the module
// of the package being analyzed (always, when the driver names no module).
//
// Requirements do not cross into another module through that module's own
// fields: a library keeps the paths it is given in fields shared by every
// object of a type (a shell interpreter's Runner.Dir, its parser's token
// values), and the engine, which tells fields apart but not objects, would
// blame its caller for everything the library ever stores there. A
// library's parameter that reaches a write through its calls alone is
// still a requirement on the caller; a library that writes through a field
// is declared with -sinks (bbolt.Open#0). A package variable is one
// object: another module's is followed to the stores it made (propagate).
func (ix *index) inModule(key string) bool {
	m := ix.pass.Module
	if m == nil || m.Path == "" {
		return true
	}
	key = strings.TrimLeft(key, "(*")
	return key == m.Path || strings.HasPrefix(key, m.Path+"/") || strings.HasPrefix(key, m.Path+".")
}

// throughCell reports whether a requirement reaches its write through a
// field or package variable shared by every object: not a store into one
// object the analysis follows (Hop.Object), which is as precise as a
// parameter.
func throughCell(r Req) bool {
	return slices.ContainsFunc(r.Via, func(hop Hop) bool {
		return !hop.Object && (strings.HasPrefix(hop.Name, "field ") || strings.HasPrefix(hop.Name, "variable "))
	})
}

// isVariable reports whether cell key names a package variable, not a
// field ("pkg/path.V", not "pkg/path.T.F").
func isVariable(key string) bool { return strings.Count(lattice.ShortName(key), ".") == 1 }

// cellName renders a cell key for messages: "field config.Config.LogDir"
// or "variable app.logPath".
func cellName(key string) string {
	if !isVariable(key) {
		return "field " + lattice.ShortName(key)
	}
	return "variable " + lattice.ShortName(key)
}

// climbed adds to v, the value checked against requirement r, what its
// rooted origins become with r's climbing patterns appended where that
// leaves the root: a write of Join(p, "..", x) given a root writes
// outside it, wherever the root enters. So does a root with r's texts
// appended without a separator (p + ".0"): its sibling.
func climbed(v Origins, r Req) Origins {
	climbs, tails := r.Tags.Set(lattice.ReqClimbs), r.Tags.Set(lattice.ReqRawTails)
	if len(climbs) == 0 && len(tails) == 0 {
		return v
	}
	var out Origins
	for _, a := range v {
		if a.Kind != Rooted {
			continue
		}
		for _, c := range climbs {
			if b := a.AppendPath(c, r.At); b.Kind == Bad {
				out = append(out, b)
			}
		}
		for _, t := range tails {
			if b := a.AppendRaw(t, r.At); b.Kind == Bad {
				out = append(out, b)
			}
		}
	}
	if out == nil {
		return v
	}
	return lattice.Union(v, lattice.Normalize(out))
}

// writeReq is the requirement a write by op at at puts on its path: a
// sink that makes its path as a directory with its parents (os.MkdirAll)
// records it (madeDir).
func writeReq(op string, at token.Position) Req {
	r := Req{Op: op, At: at}
	if knowledge.Is(op, knowledge.MakesParents) {
		r = madeDir(r)
	}
	return r
}

// madeDir returns r standing for a write that makes the value itself as a
// directory with its parents (lattice.ReqMadeDirs).
func madeDir(r Req) Req {
	r.Tags.SetSet(lattice.ReqMadeDirs, []string{""})
	return r
}

// everyMade reports whether the writes requirement r stands for only
// make directories with their parents (lattice.ReqMadeDirs) and ok holds
// of each pattern below the value they make.
func everyMade(r Req, ok func(below string) bool) bool {
	made := r.Tags.Set(lattice.ReqMadeDirs)
	return len(made) > 0 && !slices.ContainsFunc(made, func(b string) bool { return !ok(b) })
}

// createsNothing reports whether origin a is a directory that exists
// wherever the program runs, "/" or ".", at every pattern below it the
// writes requirement r stands for make as directories with their parents:
// they create nothing. The empty path is no directory.
func createsNothing(a Origin, r Req) bool {
	return a.Kind == Bad && a.Cause == CauseLiteral && a.Lit != "" && everyMade(r, func(b string) bool {
		return lattice.CleanPattern(lattice.JoinPattern(lattice.JoinPattern(a.Lit, a.Path), b)) == ""
	})
}

// ancestorOfRoot reports whether origin a is a root's ancestor at every
// pattern below it the writes requirement r stands for make as
// directories with their parents (os.MkdirAll): they create nothing
// making the root itself would not.
func ancestorOfRoot(a Origin, r Req) bool {
	return a.Kind == Bad && a.Cause == CauseClimb && everyMade(r, func(b string) bool {
		return lattice.ClimbsOnly(lattice.CleanPattern(lattice.JoinPattern(a.Path, b)))
	})
}

// settled reports whether every origin of v is concrete and allowed
// under requirement r as it is: no symbol left for a caller, a store or
// a call site to decide. An empty v is not settled: nothing is known.
func settled(cfg *Config, v Origins, r Req) bool {
	if len(v) == 0 {
		return false
	}
	for _, a := range v {
		switch a.Kind {
		case Param, Cell, Func, Env:
			return false
		}
		if !cfg.Allowed(a) && !ancestorOfRoot(a, r) && !createsNothing(a, r) {
			return false
		}
	}
	return true
}
