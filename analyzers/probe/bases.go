package probe

import (
	"cmp"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// This file decides which proposed authorities are bases many programs
// share: a dependency's resolver of an XDG base directory (a package
// variable such as xdg.ConfigHome, a function such as DataHome()) that
// joins no directory of the program's own onto what it reads. Declared
// as a plain root, it would make all of ~/.config rooted, other programs'
// directories included; declared =KIND:base, the root is the program's
// own name below it (state-dir without its dot), which the findings
// through it show.

// basePaths are the directories below the home directory that XDG
// bases and the platforms' config and cache directories stand for: a
// path below one, built on the home directory, is below the base.
var basePaths = []string{".config", ".local/share", ".local/state", ".cache", "Library/Application Support", "Library/Caches", "Library/Preferences", "AppData/Roaming", "AppData/Local"}

// sharedBase reports whether c is a dependency's resolver that reads an
// XDG variable or a platform base directory and joins no directory of
// the program's own onto it.
func sharedBase(c *Candidate) bool {
	if c.Module == "" || c.StateDir != "" || c.Repo || c.User || c.Finder || c.File {
		return false
	}
	// A resolver that joins a name of its own below the base
	// ($XDG_CACHE_HOME/gh), or reads a program's own override
	// ($GH_CACHE_DIR), resolves one program's directory: go-gh's
	// CacheDir is gh's, not a base many programs share.
	if c.ownName != "" || slices.ContainsFunc(c.Env, ownOverride) {
		return false
	}
	return slices.ContainsFunc(c.Home, func(h string) bool {
		return strings.HasPrefix(h, "$XDG_") || h == "os.UserConfigDir" || h == "os.UserCacheDir"
	})
}

// NameBelow is a name a write joins right below a package variable or
// field: "xdgprog" in Join(xdg.ConfigHome, "xdgprog", "config.toml").
type NameBelow struct {
	Key  string // the cell: "example.com/xdg.ConfigHome"
	Name string
}

// namesBelowCells returns the first constant name below a cell of each
// write of res whose path is a cell's value with a pattern below it.
func namesBelowCells(res *rootflow.Result) []NameBelow {
	var out []NameBelow
	for _, w := range res.Writes {
		for _, a := range w.Path {
			if a.Kind != rootflow.Cell {
				continue
			}
			if name := firstName(a.Path); name != "" {
				out = append(out, NameBelow{a.Key, name})
			}
		}
	}
	return out
}

// firstName is the first segment of pattern p when it is a constant
// name (not a dynamic segment, not a dot-directory such as .config).
func firstName(p string) string {
	first, _, _ := strings.Cut(p, "/")
	if first == "" || first == ".." || strings.ContainsAny(first, "*{") || strings.HasPrefix(first, ".") {
		return ""
	}
	return first
}

// namesBelow counts the first constant name the program joins below c:
// over the findings whose offending origin arose in c, the pattern below
// the origin, an XDG parent below the home directory cut off; for a
// variable or field, the names the writes join below it.
func namesBelow(c *Candidate, origins []FindingOrigin, below []NameBelow) map[string]int {
	names := map[string]int{}
	for _, b := range below {
		if b.Key == c.Name || rootflow.FieldCellKey(c.Name) == b.Key {
			names[b.Name]++
		}
	}
	for _, o := range origins {
		if !c.HoldsOrigin(o) {
			continue
		}
		if first := nameBelowBase(o.Path, o.Cause == "home"); first != "" {
			names[first]++
		}
	}
	return names
}

// nameBelowBase is the first constant name of pattern p below an
// origin, an XDG parent below the home directory cut off when the
// origin is the home directory (home).
func nameBelowBase(p string, home bool) string {
	if home {
		for _, parent := range basePaths {
			if rest, ok := strings.CutPrefix(p, parent+"/"); ok {
				p = rest
				break
			}
		}
	}
	return firstName(p)
}

// markBases marks the proposed authorities that are shared bases
// (Authority.Base) where the findings through them name the program's
// directory below them, and returns the most used name ("" when none is
// seen): the state-dir the root below each base is named by.
func markBases(authorities []Authority, origins []FindingOrigin, below []NameBelow) string {
	total := map[string]int{}
	for i := range authorities {
		a := &authorities[i]
		// Declared through exported functions that join a name of the
		// program's own below it (a scope's application name), it is
		// that directory, no shared base.
		if !sharedBase(a.Candidate) || a.promoted() && a.viaJoins {
			continue
		}
		names := namesBelow(a.Candidate, origins, below)
		if len(names) == 0 {
			continue
		}
		a.Base = true
		for n, k := range names {
			total[n] += k
		}
	}
	best := ""
	for n, k := range total {
		if best == "" || cmp.Or(cmp.Compare(k, total[best]), cmp.Compare(best, n)) > 0 {
			best = n
		}
	}
	return best
}

// baseNames lists the short names of the shared bases among authorities.
func baseNames(authorities []Authority) string {
	var out []string
	for _, a := range authorities {
		if a.Base {
			out = append(out, a.Short)
		}
	}
	return strings.Join(out, ", ")
}
