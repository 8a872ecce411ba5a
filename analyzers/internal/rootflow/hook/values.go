package hook

import (
	"go/token"
	"reflect"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// PlainCell is the field of every object: what a read through an object
// the analysis cannot follow is.
func PlainCell(cell string) lattice.Origins { return lattice.Origins{{Kind: lattice.Cell, Key: cell}} }

// EmptyIsTemp maps the empty path to a temp origin, and marks parameters
// so that their callers' empty arguments are mapped too.
func EmptyIsTemp(v lattice.Origins) lattice.Origins {
	return v.Map(func(a lattice.Origin) lattice.Origins {
		switch {
		case a.Kind == lattice.Empty:
			return lattice.Origins{{Kind: lattice.Temp}}
		case a.Kind == lattice.Param && a.Path == "":
			a.SetFlag(lattice.EmptyTemp, true)
		}
		return lattice.Origins{a}
	})
}

// UnfollowedElement is the origin of a map element the analysis does not
// follow.
func UnfollowedElement(at token.Position) lattice.Origins {
	return lattice.Origins{{Kind: lattice.Bad, Why: "a map element, which the analysis cannot follow", At: at}}
}

// defaultTags are the struct tag keys whose value libraries that fill
// fields by reflection put into a field left unset: kong, go-arg,
// creasty/defaults and hand-written fillers spell it default,
// caarlos0/env envDefault.
var defaultTags = []string{"default", "envDefault"}

// TagDefault is the literal a field's default tag gives it, if any; at
// is the field's position.
func TagDefault(tag reflect.StructTag, at token.Position) lattice.Origins {
	for _, k := range defaultTags {
		if v, ok := tag.Lookup(k); ok {
			return lattice.Origins{lattice.Literal(v, at)}
		}
	}
	return nil
}

// BelowUserAt returns v as the base of a path the user chose below v/p:
// the path between counts (the directory of a file named in the cwd is
// the cwd; a constant directory below the cwd is the program's own). A
// symbolic origin keeps the path from its value to the user's element in
// BelowPath, for the requirement on it. An origin already the base of an
// element nearer to it (UserBelow, Below) keeps that.
func BelowUserAt(v lattice.Origins, p string) lattice.Origins {
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Flag(lattice.UserBelow) || a.Num(lattice.Below) > 0 {
			return lattice.Origins{a}
		}
		return lattice.Origins{UserAt(a, lattice.CleanPattern(lattice.JoinPattern(a.Path, p)))}
	})
}

// UserAt returns a as the base of a path the user chose at base below
// a's origin (a's own path goes on past the element).
func UserAt(a lattice.Origin, base string) lattice.Origin {
	b := a
	b.Path = base
	b.SetNum(lattice.Below, 0)
	b.SetText(lattice.BelowPath, "")
	switch {
	case UserBase(b):
		return lattice.Origin{Kind: lattice.User, Path: a.Path}
	case a.Kind == lattice.Param || a.Kind == lattice.Cell:
		a.SetFlag(lattice.UserBelow, true)
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, base)
	default:
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, "")
	}
	return a
}

// UserBase reports whether a is the working directory, a directory
// above it (Dir of a file named in it, Dir("Tasks.yml"), is "."), or the
// home directory the user asked for (or a directory above or below it
// that the program's branch named: a search from there, the ~/.ssh a
// flag asks for).
func UserBase(a lattice.Origin) bool {
	if a.Kind == lattice.Bad && a.Cause == knowledge.CauseLiteral && a.Rel && !strings.Contains(a.Lit+a.Path, "*") {
		// The directory of a file named in the cwd: Dir("Tasks.yml").
		return climbOnly(lattice.CleanPattern(lattice.JoinPattern(a.Lit, a.Path)))
	}
	if a.Kind == lattice.Bad && a.Cause == knowledge.CauseHome && a.Flag(lattice.Asked) {
		return true // the directory the user asked for, as it arrived (rules/asked.go)
	}
	if a.Kind != lattice.Bad || !climbOnly(a.Path) {
		return false
	}
	switch {
	case a.Src == knowledge.WorkDir:
		return true
	case a.Cause == knowledge.CauseLiteral && a.Rel:
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
