package probe

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/driver"
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
	// So does a constructor of a struct of bases the program keeps its
	// own name below (structCtors).
	if c.ownName != "" || c.ownStruct != "" || slices.ContainsFunc(c.Env, ownOverride) {
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
// name of a directory (not a dynamic segment, not a dot-directory such
// as .config, not the last segment named like a file: glow.log written
// right below a base is a file, no directory of the program's).
func firstName(p string) string {
	first, _, below := strings.Cut(p, "/")
	if first == "" || first == ".." || strings.ContainsAny(first, "*{") || strings.HasPrefix(first, ".") {
		return ""
	}
	if !below && fileName().MatchString(first) {
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

// NamePassed is a constant name a package passes to a function of
// another module: the first segment of a constant string argument, or of
// the constant first element of a Join ("app" of ConfigFile("app") and of
// StateFile(filepath.Join("app", "dumps"))).
type NamePassed struct {
	Pkg  string // the called function's package path
	Name string
}

// namesPassed returns the constant names pass's package passes to
// functions of packages outside the standard library.
func namesPassed(pass *analysis.Pass) []NamePassed {
	var out []NamePassed
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := typeutil.StaticCallee(pass.TypesInfo, call)
			if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !strings.Contains(strings.Split(fn.Pkg().Path(), "/")[0], ".") {
				return true
			}
			for _, arg := range call.Args {
				if name := passedName(pass.TypesInfo, arg); name != "" {
					out = append(out, NamePassed{fn.Pkg().Path(), name})
				}
			}
			return true
		})
	}
	return out
}

// passedName is the first segment of arg when arg is a constant string,
// or a Join whose first element is one, or "".
func passedName(info *types.Info, arg ast.Expr) string {
	if tv, ok := info.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return firstName(path.Clean(filepath.ToSlash(constant.StringVal(tv.Value))))
	}
	if call, ok := arg.(*ast.CallExpr); ok && len(call.Args) > 1 && strings.Contains(calleeName(call), "Join") {
		return passedName(info, call.Args[0])
	}
	return ""
}

// addValueBases adds to p, as shared bases, the fields of a library's
// unexported struct type of which it holds one value in a package
// variable, filled with XDG bases (an XDG library resolving every base
// into one value in its init, its helpers reading the value's fields),
// that the program's writes go through (the main module's requirements
// on cells), and the library's exported copies of such fields that the
// program's writes go through too: declared alone, a field would leave
// a write below its copy reported as the base itself. The engine does
// not follow such a value into the library (the writes are unproven, no
// finding names an origin in it), so the evidence is the requirements,
// not what the entries remove. The program's name below the bases, the
// first constant segment it passes to the library's functions or joins
// below the copies, names the state-dir when nothing else does.
func (p *Proposal) addValueBases(facts []driver.PackageFacts, below []NameBelow, passed []NamePassed) {
	reqs := mainCellReqs(facts)
	declared := map[string]bool{}
	for _, a := range p.Authorities {
		for _, n := range a.Names() {
			declared[n] = true
			declared[rootflow.FieldCellKey(n)] = true
		}
	}
	var added []Authority
	libs := map[string]bool{}
	for i := range facts {
		pf := &facts[i]
		if pf.Main || strings.Contains(pf.Package, " [") || strings.HasSuffix(pf.Package, ".test") {
			continue
		}
		var held map[string]bool // the package's types it holds one value of
		fields := map[string]*Candidate{}
		var copies []rootflow.CellStores
		for _, f := range pf.Facts {
			fact, ok := f.Fact.(*rootflow.PackageFact)
			if !ok || f.Object != "" {
				continue
			}
			for _, s := range fact.Stores {
				rest, ok := strings.CutPrefix(s.Key, pf.Path+".")
				if !ok {
					continue
				}
				typ, _, isField := strings.Cut(rest, ".")
				if !isField {
					copies = append(copies, s)
					continue
				}
				if !slices.ContainsFunc(s.Value, baseOrigin) || slices.ContainsFunc(s.Value, func(o rootflow.Origin) bool {
					return o.EnvVar() != "" && ownOverride(o.EnvVar())
				}) {
					continue
				}
				if held == nil {
					held = valueHeldTypes(pf.Dir)
				}
				if !held[typ] {
					continue
				}
				c := &Candidate{Name: cellName(s.Key), Shape: "field", Pkg: pf.Path, Module: pf.Module, Family: pf.Path + "." + typ}
				c.Short = lattice.ShortName(c.Name)
				for _, o := range s.Value {
					if homeOrEnv(o) {
						c.add(source(o))
						if c.At == "" {
							c.At = fmt.Sprintf("%s:%d", report.ModuleRelative(o.At.Filename), o.At.Line)
						}
					}
				}
				fields[s.Key] = c
			}
		}
		copyOf := map[string]string{} // copy: field
		for _, s := range copies {
			if len(s.Value) == 1 && s.Value[0].Kind == rootflow.Cell && fields[s.Value[0].Key] != nil && token.IsExported(strings.TrimPrefix(s.Key, pf.Path+".")) {
				copyOf[s.Key] = s.Value[0].Key
			}
		}
		used := map[string]bool{}
		for key := range fields {
			used[key] = reqs[key]
		}
		for cp, field := range copyOf {
			used[field] = used[field] || reqs[cp]
		}
		for _, key := range slices.Sorted(maps.Keys(fields)) {
			c := fields[key]
			if !used[key] || declared[key] || declared[c.Name] {
				continue
			}
			libs[pf.Path] = true
			c.Home, c.Env = sortedSet(c.Home), sortedSet(c.Env)
			added = append(added, Authority{Candidate: c, Base: true, Through: "the program's writes go below it through " + lattice.ShortName(pf.Path) + "'s functions, and the analysis does not follow the library's value into it (unproven writes, not findings)"})
			for _, cp := range slices.Sorted(maps.Keys(copyOf)) {
				if copyOf[cp] != key || !reqs[cp] || declared[cp] {
					continue
				}
				cc := &Candidate{Name: cp, Short: lattice.ShortName(cp), Shape: "package variable", At: c.At, Pkg: pf.Path, Module: pf.Module, Family: c.Family, Home: c.Home, Env: c.Env}
				added = append(added, Authority{Candidate: cc, Base: true, Through: "a copy of " + c.Short + " that the program writes below: declared with it, so that such a write is below the base, not the base itself"})
			}
		}
	}
	if len(added) == 0 {
		return
	}
	names := map[string]int{}
	for _, n := range passed {
		if libs[n.Pkg] {
			names[n.Name]++
		}
	}
	for _, b := range below {
		if libs[cellPackage(b.Key)] {
			names[b.Name]++
		}
	}
	// The root below a base is the one state-dir name: a program that
	// keeps another directory of its own there (an older release's
	// "org/app" beside "app") would have the writes below it outside
	// the root, where they are unproven without the entries.
	other := slices.DeleteFunc(slices.Sorted(maps.Keys(names)), func(n string) bool { return "."+n == p.StateDir.Value })
	var why string
	switch {
	case p.StateDir.Value != "" && len(other) > 0 || len(other) > 1:
		why = fmt.Sprintf("resolves a base many programs share, but the program keeps more than one directory of its own below these bases (%s), and state-dir names one: the writes below another would be outside the root; declare the program's resolvers of each instead", strings.Join(slices.Sorted(maps.Keys(names)), ", "))
	case p.StateDir.Value == "" && len(other) == 0:
		why = "resolves a base many programs share, but no name the program passes to the library or joins below it says which directory below it is the program's (state-dir)"
	}
	if why != "" {
		for _, a := range added {
			p.NotProposed = append(p.NotProposed, NotProposed{a.Short, a.At, why})
		}
		slices.SortStableFunc(p.NotProposed, func(a, b NotProposed) int { return cmp.Compare(a.Name, b.Name) })
		return
	}
	p.Authorities = append(p.Authorities, added...)
	if p.StateDir.Value == "" && len(other) == 1 {
		p.StateDir = Entry{"." + other[0], "the directory the program keeps below the shared bases it writes under (" + baseNames(added) + ")"}
	}
}

// valueHeldTypes returns the unexported named types of the package in
// dir (its non-test files) of which a package variable holds a value
// (var dirs bases): one object, filled in place, that no caller can
// make another of.
func valueHeldTypes(dir string) map[string]bool {
	out := map[string]bool{}
	for f := range packageFiles(token.NewFileSet(), dir, parser.SkipObjectResolution) {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				if id, ok := spec.(*ast.ValueSpec).Type.(*ast.Ident); ok && !token.IsExported(id.Name) {
					out[id.Name] = true
				}
			}
		}
	}
	return out
}

// sortedSet sorts l and drops its duplicates.
func sortedSet(l []string) []string {
	slices.Sort(l)
	return slices.Compact(l)
}
