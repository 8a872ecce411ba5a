// Package radius parses the patterns of the //staterootlint:may-write
// directive and matches written paths against them: blastradius checks a
// function's whole call graph against its radius, and shadowwrite accepts
// the project-root entries a function declares.
package radius

import (
	"fmt"
	"path"
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

// Parse parses the arguments of a may-write directive. "none" alone is
// the empty radius (nil, nil).
func Parse(args []string) ([]Pattern, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("//staterootlint:may-write needs at least one pattern (KIND:GLOB, temp, user or none)")
	}
	var out []Pattern
	for _, a := range args {
		switch a {
		case "none":
			if len(args) > 1 {
				return nil, fmt.Errorf("//staterootlint:may-write none cannot be combined with other patterns")
			}
			return nil, nil
		case "temp", "user":
			out = append(out, Pattern{kind: a, Text: a})
			continue
		}
		kind, glob, hasGlob := strings.Cut(a, ":")
		if kind == "" || strings.ContainsAny(kind, "/*") {
			return nil, fmt.Errorf("invalid may-write pattern %q: want KIND:GLOB (repo:logs/**), temp, user or none", a)
		}
		p := Pattern{kind: kind, Text: a}
		if hasGlob && glob != "" && glob != "**" {
			clean := path.Clean(glob)
			if strings.HasPrefix(clean, "../") || clean == ".." || path.IsAbs(clean) {
				return nil, fmt.Errorf("invalid may-write pattern %q: the glob must stay below the root", a)
			}
			p.glob = strings.Split(clean, "/")
		}
		out = append(out, p)
	}
	return out, nil
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
