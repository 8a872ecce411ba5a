// Package radius parses the patterns of the //staterootlint:may-write
// directive and matches written paths against them: blastradius checks a
// function's whole call graph against its radius, and shadowwrite accepts
// the project-root entries a function declares.
package radius

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// Pattern is one allowed write of a may-write radius.
type Pattern struct {
	kind string   // root kind, or "temp", "user"
	glob []string // segments below the root; nil means anything
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
		case "temp", "user":
			out = append(out, Pattern{kind: a, Text: a})
			continue
		}
		kind, glob, hasGlob := strings.Cut(a, ":")
		if kind == "" || strings.ContainsAny(kind, "/*") {
			return nil, &PatternError{a, fmt.Sprintf("invalid may-write pattern %q: want KIND:GLOB (repo:logs/**), temp, user or none", a)}
		}
		p := Pattern{kind: kind, Text: a}
		if hasGlob && glob != "" && glob != "**" {
			clean := path.Clean(glob)
			if strings.HasPrefix(clean, "../") || clean == ".." || path.IsAbs(clean) {
				return nil, &PatternError{a, fmt.Sprintf("invalid may-write pattern %q: the glob must stay below the root", a)}
			}
			p.glob = strings.Split(clean, "/")
			for _, seg := range p.glob {
				if _, err := path.Match(seg, ""); err != nil {
					return nil, &PatternError{a, fmt.Sprintf("invalid may-write pattern %q: segment %q is a malformed glob (%v); close the bracket, or escape [ ] * ? with a backslash", a, seg, err)}
				}
			}
			if slices.Contains(stateDir, p.glob[0]) {
				return nil, &PatternError{a, fmt.Sprintf("may-write pattern %q starts with the state dir %s, but patterns are relative to the root, which is that directory already; write %q", a, p.glob[0], kindPattern(kind, p.glob[1:]))}
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// kindPattern spells the pattern KIND:GLOB for the glob segments, or KIND
// alone when they match anything.
func kindPattern(kind string, glob []string) string {
	if len(glob) == 0 || len(glob) == 1 && glob[0] == "**" {
		return kind
	}
	return kind + ":" + strings.Join(glob, "/")
}

// Allows reports whether the radius ps allows a write to origin a.
func Allows(ps []Pattern, a rootflow.Origin) bool {
	if a.Kind == rootflow.DevNull {
		return true
	}
	for _, p := range ps {
		switch {
		case a.Kind == rootflow.Temp && p.kind == "temp",
			a.Kind == rootflow.User && p.kind == "user":
			return true
		case a.Kind == rootflow.Rooted && a.Root == p.kind,
			a.Kind == rootflow.Cache && p.kind == "cache":
			if p.glob == nil || match(p.glob, segments(a.Path)) {
				return true
			}
		}
	}
	return false
}

func segments(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// match matches path segments against glob segments. A dynamic segment
// ("*") or tail ("**") of the written path matches only "*" or "**" of the
// glob: the write may land anywhere such a segment can.
func match(glob, segs []string) bool {
	if len(glob) == 0 {
		return len(segs) == 0
	}
	if glob[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if match(glob[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 {
		return false
	}
	switch s := segs[0]; {
	case s == "**":
		return false // an unbounded tail matches only "**"
	case glob[0] == "*":
		return match(glob[1:], segs[1:])
	case strings.Contains(s, "*"):
		ok, _ := path.Match(glob[0], s)
		return ok && strings.Contains(glob[0], "*") && match(glob[1:], segs[1:])
	default:
		ok, _ := path.Match(glob[0], s)
		return ok && match(glob[1:], segs[1:])
	}
}
