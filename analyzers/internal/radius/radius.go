// Package radius parses the patterns of the //staterootlint:may-write and
// //staterootlint:allow-write directives and matches written paths against
// them: blastradius checks a function's whole call graph against its
// radius, shadowwrite accepts the project-root and working-directory
// entries a function's radius names, and the engine declares the writes
// an allowance covers.
package radius

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/internal/glob"
)

// Pattern is one allowed write of a may-write radius.
type Pattern struct {
	kind string // root kind, or "temp", "user"
	glob string // a glob below the root (glob.Covers); "" means anything
	// Text is the pattern as written in the directive.
	Text string
}

// PatternError is a malformed may-write directive; Pattern is the
// argument at fault, "" when the directive as a whole is.
type PatternError struct {
	Pattern string
	Msg     string
}

func (e *PatternError) Error() string { return e.Msg }

// Parse parses the arguments of a may-write directive. "none" alone is
// the empty radius (nil, nil). stateDir lists the configured state
// directory names, which a glob may not start with: the root already is
// that directory.
func Parse(args, stateDir []string) ([]Pattern, *PatternError) {
	if len(args) == 0 {
		return nil, &PatternError{Msg: "//staterootlint:may-write needs at least one pattern (KIND:GLOB, temp, user or none)"}
	}
	var out []Pattern
	for _, a := range args {
		switch a {
		case "none":
			if len(args) > 1 {
				return nil, &PatternError{Msg: "//staterootlint:may-write none cannot be combined with other patterns"}
			}
			return nil, nil
		case "temp", "user", lattice.ExeRoot:
			out = append(out, Pattern{kind: a, Text: a})
			continue
		}
		kind, below, hasGlob := strings.Cut(a, ":")
		if kind == "" || strings.ContainsAny(kind, "/*") {
			return nil, &PatternError{a, fmt.Sprintf("invalid may-write pattern %q: want KIND:GLOB (repo:logs/**), temp, user or none", a)}
		}
		p := Pattern{kind: kind, Text: a}
		if hasGlob && below != "" && below != "**" {
			clean := path.Clean(below)
			if strings.HasPrefix(clean, "../") || clean == ".." || path.IsAbs(clean) {
				return nil, &PatternError{a, fmt.Sprintf("invalid may-write pattern %q: the glob must stay below the root", a)}
			}
			p.glob = clean
			segs := strings.Split(clean, "/")
			for _, seg := range segs {
				if _, err := path.Match(seg, ""); err != nil {
					return nil, &PatternError{a, fmt.Sprintf("invalid may-write pattern %q: segment %q is a malformed glob (%v); close the bracket, or escape [ ] * ? with a backslash", a, seg, err)}
				}
			}
			if kind != lattice.CwdRoot && slices.Contains(stateDir, segs[0]) {
				return nil, &PatternError{a, fmt.Sprintf("may-write pattern %q starts with the state dir %s, but patterns are relative to the root, which is that directory already; write %q", a, segs[0], kindPattern(kind, segs[1:]))}
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// kindPattern spells the pattern KIND:GLOB for the glob segments, or KIND
// alone when they match anything.
func kindPattern(kind string, segs []string) string {
	if len(segs) == 0 || len(segs) == 1 && segs[0] == "**" {
		return kind
	}
	return kind + ":" + strings.Join(segs, "/")
}

// Allows reports whether the radius ps allows a write to origin a.
func Allows(ps []Pattern, a lattice.Origin) bool {
	if a.Kind == lattice.DevNull {
		return true
	}
	if b, ok := a.AsCwd(); ok {
		a = b // a fixed name below the working directory: cwd:NAME
	}
	if b, ok := a.AsInferred(); ok {
		a = b // the directory of a file an authority returns, or a temporary file there
	}
	for _, p := range ps {
		switch {
		case a.Kind == lattice.Temp && p.kind == "temp",
			a.Kind == lattice.User && p.kind == "user",
			a.ExeSibling() && p.kind == lattice.ExeRoot:
			return true
		case a.Kind == lattice.Rooted && a.Root == p.kind,
			a.Kind == lattice.Cache && p.kind == "cache":
			if p.glob == "" || glob.Covers(p.glob, a.Path) {
				return true
			}
		}
	}
	return false
}
