package rootflow

import (
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// userChosen reports whether every origin of v is the user's (or empty),
// reading through cells to what is stored into them (a cell met again,
// a store of itself, counts for nothing).
func (e *engine) userChosen(v Origins, seen map[string]bool) bool {
	if len(v) == 0 || len(seen) > maxUserCells {
		return false
	}
	for _, a := range v {
		switch a.Kind {
		case User, Empty:
		case Cell:
			if e.resolving[a.Key] || seen[a.Key] {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[a.Key] = true
			stores := e.cellStores(a.Key)
			if a.TextOf(lattice.MapKey) != "" {
				stores = e.mapElems(stores, a.TextOf(lattice.MapKey), a.At)
			}
			if a.Flag(lattice.UserBelow) {
				stores = belowUserAt(stores, a.TextOf(lattice.BelowPath))
			}
			if len(stores) > 0 && !e.userChosen(stores, seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// belowUserAt returns v as the base of a path the user chose below v/p:
// the path between counts (the directory of a file named in the cwd is
// the cwd; a constant directory below the cwd is the program's own). A
// symbolic origin keeps the path from its value to the user's element in
// BelowPath, for the requirement on it. An origin already the base of an
// element nearer to it (UserBelow, Below) keeps that.
func belowUserAt(v Origins, p string) Origins {
	return v.Map(func(a Origin) Origins {
		if a.Flag(lattice.UserBelow) || a.Num(lattice.Below) > 0 {
			return Origins{a}
		}
		return Origins{userAt(a, lattice.CleanPattern(lattice.JoinPattern(a.Path, p)))}
	})
}

// userAt returns a as the base of a path the user chose at base below
// a's origin (a's own path goes on past the element).
func userAt(a Origin, base string) Origin {
	b := a
	b.Path = base
	b.SetNum(lattice.Below, 0)
	b.SetText(lattice.BelowPath, "")
	switch {
	case userBase(b):
		return Origin{Kind: User, Path: a.Path}
	case a.Kind == Param || a.Kind == Cell:
		a.SetFlag(lattice.UserBelow, true)
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, base)
	default:
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, "")
	}
	return a
}

// userBase reports whether a is the working directory, a directory
// above it (Dir of a file named in it, Dir("Tasks.yml"), is "."), or the
// home directory the user asked for (or a directory above or below it
// that the program's branch named: a search from there, the ~/.ssh a
// flag asks for).
func userBase(a Origin) bool {
	if a.Kind == Bad && a.Cause == CauseLiteral && a.Rel && !strings.Contains(a.Lit+a.Path, "*") {
		// The directory of a file named in the cwd: Dir("Tasks.yml").
		return climbOnly(lattice.CleanPattern(lattice.JoinPattern(a.Lit, a.Path)))
	}
	if a.Kind == Bad && a.Cause == CauseHome && a.Flag(lattice.Asked) {
		return true // the directory the user asked for, as it arrived (rule_asked.go)
	}
	if a.Kind != Bad || !climbOnly(a.Path) {
		return false
	}
	switch {
	case a.Src == "os.Getwd":
		return true
	case a.Cause == CauseLiteral && a.Rel:
		return a.Lit == "." || a.Lit == ".."
	}
	return false
}

// climbOnly reports whether a pattern only climbs (a walk up from the
// origin): "", "..", "../..", or a widened "**".
func climbOnly(p string) bool {
	for _, s := range strings.Split(p, "/") {
		if s != "" && s != "." && s != ".." && s != "**" {
			return false
		}
	}
	return true
}
