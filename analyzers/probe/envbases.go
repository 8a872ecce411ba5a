package probe

import (
	"cmp"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/config"
)

// This file proposes the environment variables a program reads itself
// to build a directory of its own, seen in the whole value a finding
// reports rather than in its one offending origin: a list of places
// (glow's: $GLOW_CONFIG_HOME, then $XDG_CONFIG_HOME/glow, then a scope
// library's directories) is reported for the library's default, while
// the program's override and its name below an XDG base are in the same
// value.
//
//   - An XDG base the program reads and joins a directory of its own
//     below (Join(os.Getenv("XDG_CONFIG_HOME"), "glow", ...)) is a base
//     many programs share: root-env takes it in the :base form, the root
//     being the state-dir name below it, and that name is proposed as
//     state-dir when nothing else names one. Declared plain, all of
//     ~/.config would be rooted.
//   - An override of the program's own named as a directory (dirVar),
//     read in the program, in a value that also holds a home-like source
//     (the home, an XDG base, the platform's directories): the value the
//     program takes first, before a directory it resolves otherwise.
//
// Unsound where a value is a mix of unrelated paths (a phi of a state
// directory and a user's output directory named like one); a name below
// the base counts only where something is written below it, so a file
// written right below the base ($XDG_DATA_HOME/report.txt) names none.

// xdgBase are the XDG variables that name one base directory (not the
// lists, XDG_CONFIG_DIRS and XDG_DATA_DIRS), and the kind of root below
// each.
var xdgBase = map[string]string{
	"XDG_CONFIG_HOME": "global",
	"XDG_DATA_HOME":   "global",
	"XDG_STATE_HOME":  "global",
	"XDG_CACHE_HOME":  "cache",
}

// besideOrigins returns, for each of res's findings at a write or a
// store, the origins of the value there that are the home directory or
// an environment variable: those of the path written at the finding's
// position (res.Writes), or of what the package stores into the cell
// (res.Stores). A finding at a call passing the path on has none here.
func besideOrigins(pass *analysis.Pass, res *rootflow.Result) []FindingOrigin {
	written := map[token.Pos]rootflow.Origins{}
	for _, w := range res.Writes {
		written[w.Pos] = append(written[w.Pos], w.Path...)
	}
	cells := map[string]string{} // the finding's Op: the cell's key
	for key := range res.Stores {
		short := lattice.ShortName(key)
		cells["variable "+short], cells["field "+short] = key, key
	}
	var out []FindingOrigin
	type key struct {
		pos, file, cause, src, path string
		line                        int
	}
	seen := map[key]bool{}
	for _, f := range res.Findings {
		var v rootflow.Origins
		switch f.Site {
		case rootflow.AtWrite:
			v = written[f.Pos]
		case rootflow.AtStore:
			v = res.Stores[cells[f.Op]]
		}
		pos := pass.Fset.Position(f.Pos).String()
		for _, a := range v {
			if a.Kind != rootflow.Bad || !a.At.IsValid() || a.Cause != rootflow.CauseHome && a.EnvVar() == "" {
				continue
			}
			o := FindingOrigin{Pos: pos, Pkg: pass.Pkg.Path(), File: a.At.Filename, Line: a.At.Line, Cause: string(a.Cause), Src: source(a), Path: a.Path}
			if k := (key{o.Pos, o.File, o.Cause, o.Src, o.Path, o.Line}); !seen[k] {
				seen[k] = true
				out = append(out, o)
			}
		}
	}
	return out
}

// addEnvBases adds to p's root-env the XDG bases the program reads
// itself and keeps a directory of its own below, in the :base form (the
// name below them as state-dir when p has none; a base whose name is not
// p's state-dir is left out), and its own directory overrides taken
// before a home-like source, both from the values of the findings of
// the analysis with the defaults (beside). Only what the main module
// reads (below dir's module root), outside tests and generated files,
// and no origin an authority holds. A base below which the program
// keeps more than one directory of its own is left out: state-dir names
// one.
func (p *Proposal) addEnvBases(beside []FindingOrigin, dir string) {
	root, err := config.ModuleRoot(dir)
	if err != nil || root == "" {
		return
	}
	own := func(o FindingOrigin) bool {
		rel, err := filepath.Rel(root, o.File)
		return err == nil && !strings.HasPrefix(rel, "..") && !heldByAny(p.Authorities, o) && !generatedOrTest(o.File) && !p.heldBySuspect(o)
	}
	declared := map[string]bool{}
	for _, e := range p.RootEnv {
		name, _, _ := strings.Cut(e.Value, "=")
		declared[name] = true
	}
	byPos := map[string][]FindingOrigin{}
	for _, o := range beside {
		byPos[o.Pos] = append(byPos[o.Pos], o)
	}
	type use struct {
		at       string
		findings map[string]bool
	}
	names := map[string]map[string]*use{} // XDG variable: name below it
	overrides := map[string]*use{}
	for _, pos := range slices.Sorted(maps.Keys(byPos)) {
		v := byPos[pos]
		homeLike := slices.ContainsFunc(v, func(o FindingOrigin) bool {
			name, env := strings.CutPrefix(o.Src, "$")
			return !env || strings.HasPrefix(strings.ToUpper(name), "XDG_") || platformDirVar[strings.ToUpper(name)]
		})
		for _, o := range v {
			name, env := strings.CutPrefix(o.Src, "$")
			if !env || declared[name] || !own(o) {
				continue
			}
			at := shortPos(fmt.Sprintf("%s:%d:1", o.File, o.Line))
			add := func(u *use) *use {
				if u == nil {
					u = &use{at: at, findings: map[string]bool{}}
				}
				u.findings[pos] = true
				return u
			}
			switch _, rest, _ := strings.Cut(o.Path, "/"); {
			case xdgBase[name] != "":
				// A name with something written below it is a directory.
				if below := firstName(o.Path); below != "" && rest != "" {
					if names[name] == nil {
						names[name] = map[string]*use{}
					}
					names[name][below] = add(names[name][below])
				}
			case homeLike && ownOverride(name) && dirVar().MatchString(name):
				overrides[name] = add(overrides[name])
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(overrides)) {
		u := overrides[name]
		p.RootEnv = append(p.RootEnv, Entry{name, fmt.Sprintf("the program's own override, read at %s, in a value written beside the home or an XDG base (%s)", u.at, plural(len(u.findings), "finding", "findings"))})
	}
	if p.StateDir.Value == "" {
		// The name the most findings go under, below any of the
		// bases; the first by name on a tie.
		total := map[string]int{}
		for _, byName := range names {
			for n, u := range byName {
				total[n] += len(u.findings)
			}
		}
		var best, from string
		for _, name := range slices.Sorted(maps.Keys(names)) {
			for _, n := range slices.Sorted(maps.Keys(names[name])) {
				if best == "" || total[n] > total[best] {
					best, from = n, name
				}
			}
		}
		if best != "" {
			p.StateDir = Entry{"." + best, "the directory the program keeps below $" + from}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		// Only the base the state-dir is below: another name there
		// would be outside the root.
		best := strings.TrimPrefix(p.StateDir.Value, ".")
		u := names[name][best]
		if u == nil || len(names[name]) > 1 {
			continue // another directory of the program's there would be outside
		}
		p.RootEnv = append(p.RootEnv, Entry{name + "=" + xdgBase[name] + ":base", fmt.Sprintf("read by the program at %s, which keeps its directory %q below it (%s): a base many programs share, the root is the state-dir name below it", u.at, best, plural(len(u.findings), "finding", "findings"))})
	}
	slices.SortStableFunc(p.RootEnv, func(x, y Entry) int { return cmp.Compare(x.Value, y.Value) })
}

// generatedOrTest reports whether file is a test's or generated code (a
// resolver look-alike there is no override of the program's), or does
// not parse.
func generatedOrTest(file string) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.PackageClauseOnly)
	return err != nil || skipFile(fset, f)
}
