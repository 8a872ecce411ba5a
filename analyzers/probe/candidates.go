package probe

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// This file finds the candidate authorities of a program for
// `staterootlint init` from one analysis: the engine's summaries of every
// analyzed package (driver.Options.Facts with DepFacts) say which
// functions return a path built on the home, config or cache directory or
// an environment variable, and which package variables and fields such a
// path is stored into; the engine's findings (the Origins analyzer) say
// where each offending origin arose, which names the candidate the
// finding passes through.

// Candidate is a function, method, package variable or field that init
// may propose as an authority.
type Candidate struct {
	Name   string // as the configuration names it: "pkg/path.F", "(*pkg/path.T).M", "pkg/path.V"
	Short  string // "dirs.StateDir"
	Shape  string // "function", "method", "memoizing method", "package variable", "field"
	At     string // its declaration, "dirs.go:12"
	Pkg    string // its package's path
	Module string // its module, when it is not the main module
	// Home lists the home-like sources its value is built on
	// ("os.UserHomeDir", "$XDG_STATE_HOME"); Env the environment
	// variables it reads, XDG ones included.
	Home, Env []string
	// StateDir is a ".name" literal where its value is built, an XDG
	// parent (".config", ".local") left out.
	StateDir string
	// Wrappers are functions declared elsewhere whose path results come
	// from this candidate: "cmd/config.Dir".
	Wrappers []string
	// Resolver says it reads more than the home directory: an override
	// variable, an XDG variable or the platform's config or cache
	// directory. A candidate built on the home directory alone is an
	// ad hoc root, not a resolver.
	Resolver bool
	// Repo says its value is a dot-directory relative to the working
	// directory (the repository the program runs in): "<repo>/.app",
	// "<repo>/.git/app"; its kind is repo.
	Repo bool
	// RepoDir is that directory: ".app", ".git/app".
	RepoDir string
	// HomeItself says it is a function that returns the home directory
	// itself, possibly from an override ($APP_HOMEDIR, else
	// os.UserHomeDir), joining nothing onto it: the home is no directory
	// of the program's own, and a path joined onto it elsewhere is an ad
	// hoc root, not a root.
	HomeItself bool
	// Removes counts the findings whose offending origin arose in it
	// (or, for a variable or field, was stored into it): what declaring
	// it an authority removes.
	Removes int
	// Family groups siblings: the package, and the receiver type for
	// methods and fields.
	Family string
	// User says it is a dependency's flag accessor (flags.go): what it
	// returns is the value the user gave a flag; its kind is user.
	User bool
	// Finder says it is a function of the program that returns a file
	// it finds existing, walking up from a directory (finders.go): the
	// user's file; its kind is user, and init proposes it only when
	// the run with the proposal shows it removes writes of that file.
	Finder bool
	// Below is, for a finder, where a call in its package takes what it
	// returns as a directory ("x.go:12"): the program keeps state
	// beside the found file, and the finder is no user path.
	Below string
	// File says its value names a file in the directory it resolves,
	// not the directory (its results end in a file's name,
	// "settings.json"): declared =KIND:file, the file's directory is
	// the root.
	File bool
	// Via are, for a dependency's candidate, the configuration names of
	// the exported functions and methods of its package that the
	// program calls and whose results are built on its own: what a
	// configuration names when the candidate itself is unexported (a
	// library's (*Scope).configDir behind (*Scope).ConfigDirs), sorted.
	Via []string

	file          string
	from, to      int               // its declaration's lines in file
	stores        map[site]bool     // for variables, fields and their getters: where their values are built
	cells         []string          // for fields and their getters: the field as a chain names it ("field cmd.Config.DataDir")
	viaField      bool              // a finding is counted for it through the field a chain names (attribute)
	kept          map[string]bool   // the findings whose chain passes a field of the main module that it reaches (attribute, projectFields), by position
	workdir       string            // project-directory methods (projectFields): the field holding the project directory, as a chain names it
	receiver      string            // methods: the receiver type's name
	lits          [][2]string       // repo candidates: the relative literals (and patterns below) of their results
	joins         bool              // its body builds a path (buildsPath, a base), or its own results have a pattern below their origin
	flagAt        []site            // flag accessors: where the flag values it returns print themselves
	usedBy        map[string]bool   // flag accessors: the packages that call it
	viaJoins      bool              // a function of Via joins a name below its result
	viaFile       map[string]bool   // the functions of Via that take a name to join (takesName)
	ownName       string            // a constant name its own results join below their origin ("gh" of $XDG_CACHE_HOME/gh)
	flagEnv       map[string]string // environment variables it reads through a flag's variable (flagenv.go), and how
	overBase      bool              // it builds its path on a base another module resolves into a struct's field (baseWrappers)
	ownStruct     string            // a dependency's constructor of a struct of bases the program joins this name of its own below, in its settings' defaults (structCtors)
	overResolvers bool              // an exported getter of what its package's resolvers returned, kept in a variable (exportedGetters)
	behind        *Candidate        // a resolver whose values the program reaches only through this getter
	flagBound     string            // a flag's variable or field holding a default the findings' origins arose in (flagcells.go): what it holds
	setting       string            // a field of the user's configuration file defaulted to a relative name (settingDefault): what it holds
	settingLit    string            // and that name ("dist")
	marker        string            // project-directory functions (projects.go): the marker it walks up for
	writes        int               // the write findings of Removes: without adhocroot's and rootenv's findings inside it
	// tentative says it is proposed before anything is attributed to
	// it: the checking run credits it, as a finder (settleFinders).
	tentative bool
}

// site is a line of a file.
type site struct {
	file string
	line int
}

// Kind is the root kind to declare the candidate with: repo for a
// directory of the repository; cache when it is built on a cache
// directory (os.UserCacheDir, $XDG_CACHE_HOME, or an override variable of
// its own named like a cache) and on no other base than the home
// directory; global otherwise.
func (c *Candidate) Kind() string {
	if c.User {
		return "user"
	}
	if runtimeDir(c) {
		return "temp"
	}
	if c.Repo && len(c.Home) == 0 {
		return "repo"
	}
	if len(c.Home) == 0 {
		return "global"
	}
	cache := slices.ContainsFunc(c.Env, func(e string) bool { return ownOverride(e) && cacheVar().MatchString(e) })
	for _, h := range c.Home {
		switch {
		case h == "os.UserCacheDir" || h == "$XDG_CACHE_HOME":
			cache = true
		case h == "os.UserHomeDir" || h == "$HOME" || h == "$USERPROFILE":
			// the base of every kind
		case strings.HasPrefix(h, "$") && !strings.HasPrefix(h, "$XDG_") && !platformDirVar[strings.ToUpper(h[1:])]:
			// an override variable of the program's own
		default:
			return "global"
		}
	}
	if cache {
		return "cache"
	}
	return "global"
}

// cacheVar matches the name of a variable that names a cache directory.
var cacheVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)(^|_)CACHE(_|$)|CACHE(_?DIR|_?HOME)?$`) })

// Sources renders what a candidate reads: "$APP_HOME, $XDG_STATE_HOME
// and os.UserHomeDir".
func (c *Candidate) Sources() string {
	var parts []string
	for _, e := range c.Env {
		parts = append(parts, "$"+e)
	}
	for _, h := range c.Home {
		if !strings.HasPrefix(h, "$") {
			parts = append(parts, h)
		}
	}
	if c.Repo && c.RepoDir == "" {
		parts = append(parts, c.projectSource())
	} else if c.Repo {
		parts = append(parts, "the repository's "+c.RepoDir)
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Gather returns the candidate authorities found in facts (the root
// packages' and their dependencies', driver.Options.DepFacts), each with
// the number of findings of origins whose offending origin arose in it,
// or was stored into it. A finding is counted for the innermost
// candidate only. Candidates in test files and generated files are left
// out, and so are functions already declared authorities. They are
// sorted: the main module first, by name.
//
// bases, the paths the analyzed packages build on a home-like source or an
// environment variable, add their sources to the candidate function whose
// body builds them: a resolver that joins onto the home directory in one
// branch and returns an override in another has both, though each
// finding through it names only one.
//
// uses, the dependency functions the analyzed packages call, name the
// flag accessors among them (flags.go).
func Gather(facts []driver.PackageFacts, origins []FindingOrigin, bases []PathBase, uses []UsedFunc) ([]*Candidate, error) {
	g := &gatherer{
		byDir:      map[string]*driver.PackageFacts{},
		byPath:     map[string]*driver.PackageFacts{},
		files:      map[string]*ast.File{},
		dirs:       map[string][]*ast.File{},
		byName:     map[string]*Candidate{},
		flagValues: map[site]bool{},
		fset:       token.NewFileSet(),
	}
	stores := map[string][]rootflow.Origin{} // by cell
	var getters []getterFact
	used := map[[2]string][]UsedFunc{}
	for _, u := range uses {
		k := [2]string{u.Pkg, u.Object}
		used[k] = append(used[k], u)
	}
	for i := range facts {
		pf := &facts[i]
		if strings.Contains(pf.Package, " [") || strings.HasSuffix(pf.Package, ".test") || pf.Dir == "" {
			continue // a test variant: its files are the package's own
		}
		g.byDir[pf.Dir] = pf
		g.byPath[pf.Path] = pf
	}
	for i := range facts {
		pf := &facts[i]
		for _, f := range pf.Facts {
			switch fact := f.Fact.(type) {
			case *rootflow.FuncFact:
				fact, err := fact.Loaded()
				if err != nil {
					return nil, fmt.Errorf("load the facts of %s: %w", pf.Path, err)
				}
				if fact.Authority != "" {
					continue
				}
				g.flagAccessor(pf, f.Object, fact, used)
				callers := used[[2]string{pf.Path, f.Object}]
				for _, v := range fact.Results {
					for _, o := range v {
						if c := g.result(o, pf, f.Object); c != nil && !pf.Main && len(callers) > 0 {
							c.reachedBy(callers[0].Name, o.Path != "", g.takesName(pf, callers[0].Name))
						}
					}
				}
				if pf.Main && !strings.Contains(f.Object, ".") {
					getters = append(getters, getterFact{pf, f.Object, fact.Results, callers})
				}
			case *rootflow.PackageFact:
				for _, s := range fact.Stores {
					for _, o := range s.Value {
						g.store(o, s.Key)
					}
					stores[s.Key] = append(stores[s.Key], s.Value...)
				}
			}
		}
	}
	// A cell filled with a dot-directory joined on another cell that
	// holds the working directory (an option defaulting to
	// "<cwd>/.app") is a project directory.
	for _, key := range slices.Sorted(maps.Keys(stores)) {
		for _, o := range stores[key] {
			if o.Kind != rootflow.Cell || o.Path == "" {
				continue
			}
			for _, w := range stores[o.Key] {
				if w.Kind == rootflow.Bad && w.Cause == rootflow.CauseCwd && w.Path == "" && w.At.IsValid() {
					w.Path = o.Path
					g.store(w, key)
				}
			}
		}
	}
	// The findings name the innermost declarations too: a package's
	// unexported functions have no facts of their own (objectpath does
	// not name them), but their origins arise in them.
	for _, o := range origins {
		src := o.Src
		if d := repoDotDirOf(o.Lit, o.Path, o.Rel); d != "" && o.File != "" {
			src = "<repo>/" + d
		} else if o.File == "" || o.Cause != string(rootflow.CauseHome) && !strings.HasPrefix(o.Src, "$") {
			continue
		}
		if c := g.declAt(o.File, o.Line); c != nil {
			c.add(src)
		}
	}
	g.exportedGetters(getters)
	fb := fieldBases(facts)
	g.baseWrappers(fb)
	g.structCtors(fb)
	depBases := dependencyBases(facts)
	g.baseReaders(depBases)
	g.baseVars(depBases)
	g.locations(bases)
	g.finders()
	g.projectRoots()
	g.filesByDir()
	g.projectFields(stores, origins)
	for _, b := range bases {
		if len(b.Lits) > 0 {
			continue // (locations)
		}
		if c := g.holding(b.File, b.Line); c != nil {
			c.joins = true
			for _, src := range b.Sources {
				c.add(src)
			}
		}
	}
	g.flagEnvs()
	out := make([]*Candidate, 0, len(g.byName))
	for _, c := range g.byName {
		for _, l := range []*[]string{&c.Home, &c.Env, &c.Wrappers, &c.Via} {
			slices.Sort(*l)
			*l = slices.Compact(*l)
		}
		c.Resolver = resolverShaped(c)
		c.HomeItself = homeItself(c)
		out = append(out, c)
	}
	mainFields := map[string]bool{}
	for key := range stores {
		if pf := g.byPath[cellPackage(key)]; pf != nil && pf.Main && cellName(key) != key {
			mainFields["field "+lattice.ShortName(key)] = true
		}
	}
	attribute(out, origins, mainFields)
	projectStateDirs(out, origins)
	slices.SortFunc(out, func(a, b *Candidate) int {
		return cmp.Or(cmp.Compare(a.Module, b.Module), cmp.Compare(a.Name, b.Name))
	})
	return out, nil
}

// gatherer is one run of Gather.
type gatherer struct {
	byDir, byPath map[string]*driver.PackageFacts
	fset          *token.FileSet
	files         map[string]*ast.File   // parsed files, nil when unreadable
	dirs          map[string][]*ast.File // a package directory's non-test files
	byName        map[string]*Candidate
	flagValues    map[site]bool // flagValueString, memoized
}

// homeOrEnv reports whether o is an origin a resolver is built on: the
// home or a platform directory, an environment variable, or a
// dot-directory relative to the working directory (repoDotDir).
func homeOrEnv(o rootflow.Origin) bool {
	return o.Kind == rootflow.Bad && (o.At.IsValid() && (o.Cause == rootflow.CauseHome || o.EnvVar() != "") || repoDotDir(o) != "")
}

// repoDotDir returns the dot-directory a relative literal origin starts
// with (".task" of ".task/remote", ".git/app"), or "": the shape of a
// state root under the repository the program runs in. An XDG parent
// (".config") is no program's own.
func repoDotDir(o rootflow.Origin) string {
	if o.Kind != rootflow.Bad {
		return ""
	}
	return repoDotDirOf(o.Lit, o.Path, o.Rel)
}

// repoDotDirOf is repoDotDir of an origin's literal, the pattern below
// it and its relativity.
func repoDotDirOf(lit, below string, rel bool) string {
	if !rel || lit == "" {
		return ""
	}
	if below != "" {
		lit += "/" + below
	}
	first, rest, _ := strings.Cut(strings.TrimPrefix(lit, "./"), "/")
	if first == ".git" && rest != "" {
		return ".git/" + strings.SplitN(rest, "/", 2)[0]
	}
	if dotDirName().MatchString(first) && !notStateDir(first) {
		return first
	}
	return ""
}

// result records origin o of a result of the function (objectpath obj)
// of pf: the declaration it arose in is a candidate when it returns a
// path. It returns that candidate, or nil.
func (g *gatherer) result(o rootflow.Origin, pf *driver.PackageFacts, obj string) *Candidate {
	if !homeOrEnv(o) {
		return nil
	}
	var c *Candidate
	if o.At.IsValid() {
		c = g.declAt(o.At.Filename, o.At.Line)
	} else if !strings.Contains(obj, ".") {
		// A literal has no position: it is the function's own.
		c = g.funcNamed(pf, obj)
	}
	if c == nil {
		return nil
	}
	if o.Path != "" && c.Name == pf.Path+"."+obj {
		c.joins = true
		if name := nameBelowBase(o.Path, o.Cause == rootflow.CauseHome); name != "" {
			c.ownName = name
		}
	}
	c.add(source(o))
	if d := repoDotDir(o); d != "" {
		c.lits = append(c.lits, [2]string{o.Lit, o.Path})
	}
	if where := g.byDir[filepath.Dir(o.At.Filename)]; where != nil && where.Path != pf.Path && !strings.Contains(obj, ".") {
		c.Wrappers = append(c.Wrappers, lattice.ShortName(pf.Path+"."+obj))
	}
	return c
}

// takesName reports whether the function or method of pf that a
// configuration names name takes a string parameter: a helper that
// joins a caller's name below the directory (DataPath(filename)),
// whose result is a file in the root, not the root.
func (g *gatherer) takesName(pf *driver.PackageFacts, name string) bool {
	local := localName(name)
	for _, f := range g.dir(pf.Dir) {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != local[strings.LastIndex(local, ".")+1:] {
				continue
			}
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				typ, ptr := recvType(fd.Recv.List[0].Type)
				star := ""
				if ptr {
					star = "*"
				}
				if "("+star+typ+")."+fd.Name.Name != local {
					continue
				}
			} else if fd.Name.Name != local {
				continue
			}
			for _, p := range fd.Type.Params.List {
				if id, ok := p.Type.(*ast.Ident); ok && id.Name == "string" {
					return true
				}
			}
		}
	}
	return false
}

// reachedBy records that the program calls name, an exported function
// or method of c's package whose result is built on c's, whether it
// joins something below it (joins), and whether it takes a name to
// join (file): its result is then a file in the directory, declared
// =KIND:file.
func (c *Candidate) reachedBy(name string, joins, file bool) {
	if name == c.Name {
		return
	}
	if !slices.Contains(c.Via, name) {
		c.Via = append(c.Via, name)
	}
	c.viaJoins = c.viaJoins || joins
	if file {
		if c.viaFile == nil {
			c.viaFile = map[string]bool{}
		}
		c.viaFile[name] = true
	}
}

// ViaFile reports whether name, one of c.Via, takes a name it joins
// below c's directory: its result names a file in the root.
func (c *Candidate) ViaFile(name string) bool { return c.viaFile[name] }

// Callable reports whether a program can call c by its name: an
// exported function, or an exported method of an exported type; a
// package variable or a field counts when it is exported.
func (c *Candidate) Callable() bool {
	name := c.Name
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	if !token.IsExported(name) {
		return false
	}
	if c.receiver != "" {
		return token.IsExported(c.receiver)
	}
	return true
}

// store records origin o stored into cell key (a package variable
// "pkg.V" or a field "pkg.T.f"): the variable, or the methods of T that
// return the field (getters that memoize it), is a candidate.
func (g *gatherer) store(o rootflow.Origin, key string) {
	if g.settingDefault(o, key) {
		return
	}
	if !homeOrEnv(o) && !tildeDefault(o) && cwdDotDir(o) == "" {
		return
	}
	if f := g.file(o.At.Filename); f == nil || skipFile(g.fset, f) {
		return
	}
	if c := g.declAt(o.At.Filename, o.At.Line); c != nil {
		c.add(source(o)) // the innermost resolver, whose result was stored
		return
	}
	at := site{o.At.Filename, o.At.Line}
	tildeDir := ""
	if tildeDefault(o) {
		first, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(o.Lit+"/"+o.Path, "~"), "/"), "/")
		if dotDirName().MatchString(first) && !notStateDir(first) {
			tildeDir = first
		}
	}
	slash := strings.LastIndex(key, "/")
	dot := strings.LastIndex(key, ".")
	if dot < slash+1 {
		return
	}
	rest, member := key[:dot], key[dot+1:]
	if tdot := strings.LastIndex(rest, "."); tdot > slash {
		pkgPath, typ := rest[:tdot], rest[tdot+1:]
		if strings.Contains(typ, "{") || strings.Contains(member, "@") {
			return // a field of an unnamed struct
		}
		pf := g.byPath[pkgPath]
		if pf == nil {
			return
		}
		getters := g.getters(pf, typ, member)
		if len(getters) == 0 {
			name := "(*" + pkgPath + "." + typ + ")." + member
			c := g.candidate(name, pf, "field", nil)
			c.Family = pkgPath + "." + typ
			if c.At == "" {
				c.At = fmt.Sprintf("%s:%d", report.ModuleRelative(at.file), at.line) // where it is filled
			}
			c.add(source(o))
			c.stores[at] = true
			c.cells = appendNew(c.cells, "field "+lattice.ShortName(key))
			if c.StateDir == "" {
				c.StateDir = tildeDir
			}
			g.stateDirAt(c, at)
			return
		}
		for _, d := range getters {
			c := g.funcCandidate(pf, d, "memoizing method")
			c.add(source(o))
			c.stores[at] = true
			c.cells = appendNew(c.cells, "field "+lattice.ShortName(key))
			g.stateDirAt(c, at)
		}
		return
	}
	pf := g.byPath[rest]
	if pf == nil {
		return
	}
	var decl ast.Node
	for _, f := range g.dir(pf.Dir) {
		if obj := f.Scope.Lookup(member); obj != nil && obj.Kind == ast.Var {
			decl, _ = obj.Decl.(ast.Node)
		}
	}
	if decl == nil {
		return
	}
	c := g.candidate(key, pf, "package variable", decl)
	c.add(source(o))
	c.stores[at] = true
	g.stateDirAt(c, at)
}

// settingDefault makes a user candidate of the field key when o is a
// relative name of the working directory, not a dot-directory, stored
// into it where it is empty (if p.Dist == "" { p.Dist = "dist" }) and
// the field is a setting of a file the user writes: its declaration has
// a json, yaml, toml or mapstructure tag. That is the default of the
// user's setting, the user's as a flag's default is (goreleaser's
// config.Project.Dist). It reports whether it made one.
func (g *gatherer) settingDefault(o rootflow.Origin, key string) bool {
	if o.Kind != rootflow.Bad || !o.Rel || o.Lit == "" || !o.At.IsValid() {
		return false
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(o.Lit, "./"), "/")
	if first == "" || strings.HasPrefix(first, ".") || filepath.IsAbs(o.Lit) {
		return false
	}
	slash := strings.LastIndex(key, "/")
	dot := strings.LastIndex(key, ".")
	if dot < slash+1 {
		return false
	}
	rest, member := key[:dot], key[dot+1:]
	tdot := strings.LastIndex(rest, ".")
	if tdot <= slash {
		return false // a package variable
	}
	pkgPath, typ := rest[:tdot], rest[tdot+1:]
	pf := g.byPath[pkgPath]
	f := g.file(o.At.Filename)
	if pf == nil || !pf.Main || f == nil || skipFile(g.fset, f) || !emptyGuarded(g.fset, f, o.At.Line, member) {
		return false
	}
	tag, decl := g.fieldTag(pf, typ, member)
	if tag == "" {
		return false
	}
	at := site{o.At.Filename, o.At.Line}
	c := g.candidate("(*"+pkgPath+"."+typ+")."+member, pf, "field", nil)
	if c.At == "" {
		pos := g.fset.Position(decl)
		c.At = fmt.Sprintf("%s:%d", report.ModuleRelative(pos.Filename), pos.Line)
	}
	c.User = true
	c.Family = pkgPath + "." + typ
	c.stores[at] = true
	c.cells = appendNew(c.cells, "field "+lattice.ShortName(key))
	if c.setting == "" {
		c.settingLit = o.Lit
		c.setting = fmt.Sprintf("is a setting of the user's file (tag %s), defaulted to %q where it is empty at %s:%d", tag, o.Lit, report.ModuleRelative(at.file), at.line)
	}
	return true
}

// emptyGuarded reports whether line of f is in the body of an if whose
// condition compares a selector of member with "" (p.Dist == ""), and
// assigns a string literal to a selector of member there (p.Dist =
// "dist"): the setting's constant default, not a name a helper makes
// (delve's DefaultDebugBinaryPath("__debug_bin")).
func emptyGuarded(fset *token.FileSet, f *ast.File, line int, member string) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if found {
			return false
		}
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		if fset.Position(is.Body.Pos()).Line > line || fset.Position(is.Body.End()).Line < line {
			return true
		}
		cond, ok := is.Cond.(*ast.BinaryExpr)
		if !ok || cond.Op != token.EQL {
			return true
		}
		if !(isSelOf(cond.X, member) && isEmpty(cond.Y) || isSelOf(cond.Y, member) && isEmpty(cond.X)) {
			return true
		}
		for _, st := range is.Body.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || fset.Position(as.Pos()).Line != line || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !isSelOf(as.Lhs[0], member) {
				continue
			}
			if _, ok := stringConst(as.Rhs[0]); ok {
				found = true
			}
		}
		return true
	})
	return found
}

// isSelOf reports whether e is a selector of member (x.Dist).
func isSelOf(e ast.Expr, member string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == member
}

// isEmpty reports whether e is the literal "".
func isEmpty(e ast.Expr) bool {
	s, ok := stringConst(e)
	return ok && s == ""
}

// fieldTag returns the tag of field member of the struct type typ of
// pf that names it in a file ("json:\"dist,omitempty\""), or "", and
// where the field is declared.
func (g *gatherer) fieldTag(pf *driver.PackageFacts, typ, member string) (string, token.Pos) {
	for _, f := range g.dir(pf.Dir) {
		obj := f.Scope.Lookup(typ)
		if obj == nil || obj.Kind != ast.Typ {
			continue
		}
		ts, ok := obj.Decl.(*ast.TypeSpec)
		if !ok {
			continue
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			continue
		}
		for _, fl := range st.Fields.List {
			if fl.Tag == nil || !slices.ContainsFunc(fl.Names, func(id *ast.Ident) bool { return id.Name == member }) {
				continue
			}
			tag, err := strconv.Unquote(fl.Tag.Value)
			if err != nil {
				return "", token.NoPos
			}
			st := reflect.StructTag(tag)
			for _, k := range []string{"yaml", "json", "toml", "mapstructure"} {
				if v, ok := st.Lookup(k); ok && v != "-" {
					return fmt.Sprintf("%s:%q", k, v), fl.Pos()
				}
			}
		}
	}
	return "", token.NoPos
}

// stateDirAt takes c's state-dir name, when it has none, from the
// declaration holding at, where its value is built.
func (g *gatherer) stateDirAt(c *Candidate, at site) {
	f := g.file(at.file)
	if c.StateDir != "" || f == nil {
		return
	}
	for _, d := range f.Decls {
		if g.fset.Position(d.Pos()).Line <= at.line && at.line <= g.fset.Position(d.End()).Line {
			c.StateDir = dotDir(d)
			return
		}
	}
}

// funcNamed returns the candidate for the package-level function name of
// pf, when it returns a path.
func (g *gatherer) funcNamed(pf *driver.PackageFacts, name string) *Candidate {
	if fd := g.funcDecl(pf, name); fd != nil && returnsPath(fd) {
		return g.funcCandidate(pf, fd, "")
	}
	return nil
}

// declAt returns the candidate declared around line of file: a function
// or method that returns a path, or a package variable. Nil when the
// line is in none (a constructor storing the path into a field is found
// through the field: store).
func (g *gatherer) declAt(file string, line int) *Candidate {
	f := g.file(file)
	pf := g.byDir[filepath.Dir(file)]
	if f == nil || pf == nil || skipFile(g.fset, f) {
		return nil
	}
	for _, d := range f.Decls {
		from, to := g.fset.Position(d.Pos()).Line, g.fset.Position(d.End()).Line
		if line < from || line > to {
			continue
		}
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !returnsPath(d) {
				return nil
			}
			return g.funcCandidate(pf, d, "")
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				return nil
			}
			for _, spec := range d.Specs {
				vs := spec.(*ast.ValueSpec)
				if g.fset.Position(vs.Pos()).Line <= line && line <= g.fset.Position(vs.End()).Line && len(vs.Names) == 1 {
					return g.candidate(pf.Path+"."+vs.Names[0].Name, pf, "package variable", vs)
				}
			}
		}
		return nil
	}
	return nil
}

// locations makes a candidate of each function that builds a path both
// on a home-like source and on a dot-name relative to the working
// directory (bases with Lits): it looks a file or directory up in the
// home and in the project the program runs in ("~/.apprc", "./.apprc"),
// a resolver by its shape though it may have no facts (unexported) and
// its relative literal no position; the literal names it for the
// findings (attribute).
func (g *gatherer) locations(bases []PathBase) {
	type decl struct {
		file     string
		from, to int
	}
	home := map[decl]bool{}
	var dots []PathBase
	for _, b := range bases {
		d, ok := g.funcAt(b.File, b.Line)
		if !ok {
			continue
		}
		if len(b.Lits) > 0 {
			dots = append(dots, b)
		} else if slices.ContainsFunc(b.Sources, func(s string) bool {
			return !strings.HasPrefix(s, "$") || platformDirVar[strings.ToUpper(s[1:])] || strings.HasPrefix(s, "$XDG_")
		}) {
			home[decl{b.File, d[0], d[1]}] = true
		}
	}
	for _, b := range dots {
		d, _ := g.funcAt(b.File, b.Line)
		if !home[decl{b.File, d[0], d[1]}] {
			continue
		}
		if c := g.declAt(b.File, b.Line); c != nil {
			c.joins = true
			for _, src := range b.Sources {
				c.add(src)
			}
			c.lits = append(c.lits, b.Lits...)
		}
	}
}

// funcAt returns the lines of the function declaration that holds line
// of file and returns a path.
func (g *gatherer) funcAt(file string, line int) ([2]int, bool) {
	f := g.file(file)
	if f == nil || skipFile(g.fset, f) {
		return [2]int{}, false
	}
	for _, d := range f.Decls {
		from, to := g.fset.Position(d.Pos()).Line, g.fset.Position(d.End()).Line
		if fd, ok := d.(*ast.FuncDecl); ok && from <= line && line <= to && returnsPath(fd) {
			return [2]int{from, to}, true
		}
	}
	return [2]int{}, false
}

// holding returns the innermost candidate function or method whose
// declaration holds line of file, among those found so far, or nil.
func (g *gatherer) holding(file string, line int) *Candidate {
	var best *Candidate
	for _, c := range g.byName {
		if c.file == file && c.from <= line && line <= c.to && c.Shape != "package variable" && c.Shape != "field" {
			if best == nil || c.to-c.from < best.to-best.from {
				best = c
			}
		}
	}
	return best
}

// funcCandidate returns the candidate for function or method d of pf.
func (g *gatherer) funcCandidate(pf *driver.PackageFacts, d *ast.FuncDecl, shape string) *Candidate {
	name, recv := pf.Path+"."+d.Name.Name, ""
	if d.Recv != nil && len(d.Recv.List) == 1 {
		typ, ptr := recvType(d.Recv.List[0].Type)
		recv = typ
		if ptr {
			name = "(*" + pf.Path + "." + typ + ")." + d.Name.Name
		} else {
			name = "(" + pf.Path + "." + typ + ")." + d.Name.Name
		}
	}
	if shape == "" {
		shape = "function"
		if recv != "" {
			shape = "method"
			if memoizes(d) {
				shape = "memoizing method"
			}
		}
	}
	c := g.candidate(name, pf, shape, d)
	if buildsPath(d) {
		c.joins = true
	}
	if c.Shape == "method" && shape == "memoizing method" {
		c.Shape = shape
	}
	c.receiver = recv
	c.Family = pf.Path
	if recv != "" {
		c.Family += "." + recv
	}
	return c
}

// candidate returns the candidate called name, declared by decl in pf,
// making it on first use.
func (g *gatherer) candidate(name string, pf *driver.PackageFacts, shape string, decl ast.Node) *Candidate {
	if c := g.byName[name]; c != nil {
		return c
	}
	c := &Candidate{Name: name, Short: lattice.ShortName(name), Shape: shape, Pkg: pf.Path, Family: pf.Path, stores: map[site]bool{}}
	if !pf.Main {
		c.Module = pf.Module
	}
	if decl != nil {
		pos := g.fset.Position(decl.Pos())
		c.file, c.from, c.to = pos.Filename, pos.Line, g.fset.Position(decl.End()).Line
		c.At = fmt.Sprintf("%s:%d", report.ModuleRelative(pos.Filename), pos.Line)
		c.StateDir = dotDir(decl)
		if fd, ok := decl.(*ast.FuncDecl); ok {
			c.File = returnsFile(fd)
		}
	}
	g.byName[name] = c
	return c
}

// add records a source of c: "$NAME" for an environment variable, else
// the home-like source ("os.UserHomeDir"). $HOME and the platforms'
// directory variables ($APPDATA, $LocalAppData) count as home-like: they
// are inputs of a resolver, not overrides.
func (c *Candidate) add(src string) {
	env, ok := strings.CutPrefix(src, "$")
	switch {
	case strings.HasPrefix(src, "<repo>/"):
		c.Repo = true
		c.RepoDir = strings.TrimPrefix(src, "<repo>/")
		if c.StateDir == "" && !strings.HasPrefix(c.RepoDir, ".git/") {
			c.StateDir = c.RepoDir
		}
	case !ok:
		c.Home = append(c.Home, src)
	case strings.HasPrefix(env, "XDG_") || platformDirVar[strings.ToUpper(env)]:
		c.Env = append(c.Env, env)
		c.Home = append(c.Home, src)
	default:
		c.Env = append(c.Env, env)
	}
}

// platformDirVar are the environment variables that name the home or a
// platform's per-user directory.
var platformDirVar = map[string]bool{"HOME": true, "USERPROFILE": true, "APPDATA": true, "LOCALAPPDATA": true, "HOMEDRIVE": true, "HOMEPATH": true}

// tildeDefault reports whether o is a "~/"-prefixed literal (a default
// such as "~/.tool" that the program expands against the home
// directory; the engine sees a relative literal): stored into a variable
// or field beside an override, it is a root's default below the home.
func tildeDefault(o rootflow.Origin) bool {
	return o.Kind == rootflow.Bad && o.Rel && o.At.IsValid() && (o.Lit == "~" || strings.HasPrefix(o.Lit, "~/"))
}

// source is the source an origin names: "$NAME" or "os.UserHomeDir" (a
// "~/" default too).
func source(o rootflow.Origin) string {
	if tildeDefault(o) {
		return "os.UserHomeDir"
	}
	if d := cwdDotDir(o); d != "" {
		return "<repo>/" + d
	}
	if env := o.EnvVar(); env != "" {
		return "$" + env
	}
	if d := repoDotDir(o); d != "" {
		return "<repo>/" + d
	}
	return o.Src
}

// getters returns the methods of type typ in pf's files that return
// field of their receiver (x.field, possibly joined onto).
func (g *gatherer) getters(pf *driver.PackageFacts, typ, field string) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, f := range g.dir(pf.Dir) {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Body == nil || !returnsPath(fd) {
				continue
			}
			if t, _ := recvType(fd.Recv.List[0].Type); t != typ || len(fd.Recv.List[0].Names) != 1 {
				continue
			}
			recv := fd.Recv.List[0].Names[0].Name
			found := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				ret, ok := n.(*ast.ReturnStmt)
				if ok && len(ret.Results) > 0 {
					ast.Inspect(ret.Results[0], func(n ast.Node) bool {
						if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == field {
							if id, ok := sel.X.(*ast.Ident); ok && id.Name == recv {
								found = true
							}
						}
						return !found
					})
				}
				return !found
			})
			if found {
				out = append(out, fd)
			}
		}
	}
	return out
}

// file parses a file once; nil when it cannot be read.
func (g *gatherer) file(name string) *ast.File {
	if f, ok := g.files[name]; ok {
		return f
	}
	f, err := parser.ParseFile(g.fset, name, nil, parser.ParseComments)
	if err != nil {
		f = nil
	}
	g.files[name] = f
	return f
}

// pathFuncs calls visit with every function declaration with a body
// that returns a path, in the main module's analyzed packages, with its
// package and file (file-level facts: visit's caller memoizes them).
func (g *gatherer) pathFuncs(visit func(pf *driver.PackageFacts, f *ast.File, fd *ast.FuncDecl)) {
	for _, pf := range g.byDir {
		if !pf.Main || !pf.Root {
			continue
		}
		for _, f := range g.dir(pf.Dir) {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && returnsPath(fd) {
					visit(pf, f, fd)
				}
			}
		}
	}
}

// dir returns the parsed non-test files of a package directory.
func (g *gatherer) dir(dir string) []*ast.File {
	if fs, ok := g.dirs[dir]; ok {
		return fs
	}
	var out []*ast.File
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		if f := g.file(n); f != nil && !skipFile(g.fset, f) {
			out = append(out, f)
		}
	}
	g.dirs[dir] = out
	return out
}

// skipFile reports whether f is a test or generated file: not where a
// program's authority is declared.
func skipFile(fset *token.FileSet, f *ast.File) bool {
	return strings.HasSuffix(fset.Position(f.Pos()).Filename, "_test.go") || report.Generated(f)
}

// returnsPath reports whether one of d's results is a string, a []string
// or a named type (not error, not a number), of the package or another
// (pathx.AbsPath; not time.Duration, fs.FileMode and the like): a path,
// as far as syntax tells. It need not be the first: (exists bool, path
// string).
func returnsPath(d *ast.FuncDecl) bool {
	if d.Type.Results == nil {
		return false
	}
	for _, r := range d.Type.Results.List {
		switch t := r.Type.(type) {
		case *ast.Ident:
			if t.Name != "error" && t.Name != "bool" && !isNumeric(t.Name) {
				return true
			}
		case *ast.ArrayType:
			if id, ok := t.Elt.(*ast.Ident); ok && id.Name == "string" {
				return true
			}
		case *ast.SelectorExpr:
			// Another package's named type: a path type of the
			// program's (chezmoi.AbsPath), not a well-known other value.
			if !notPathTypes[t.Sel.Name] {
				return true
			}
		}
	}
	return false
}

// notPathTypes are the names of other packages' types that are no
// path: a time, a file mode, a context, a URL.
var notPathTypes = map[string]bool{"Duration": true, "Time": true, "FileMode": true, "Context": true, "URL": true, "Reader": true, "Writer": true}

func isNumeric(name string) bool {
	switch name {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "byte", "rune", "any":
		return true
	}
	return false
}

// recvType returns the name of a receiver's type and whether it is a
// pointer.
func recvType(t ast.Expr) (string, bool) {
	ptr := false
	if s, ok := t.(*ast.StarExpr); ok {
		t, ptr = s.X, true
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name, ptr
	}
	return "", ptr
}

// memoizes reports whether method d keeps what it resolves: it calls a
// Do method (sync.Once) or assigns to a field of its receiver.
func memoizes(d *ast.FuncDecl) bool {
	if d.Recv == nil || len(d.Recv.List[0].Names) != 1 || d.Body == nil {
		return false
	}
	recv := d.Recv.List[0].Names[0].Name
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == "Do" {
				found = true
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == recv {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// homeOnly reports whether a source makes a path a place under the
// home directory, not a resolved state directory: the home directory
// ("os.UserHomeDir", "os/user.User.HomeDir", $HOME, $USERPROFILE).
func homeOnly(src string) bool {
	switch strings.ToUpper(src) {
	case "$HOME", "$USERPROFILE", "$HOMEDRIVE", "$HOMEPATH":
		return true
	}
	return strings.Contains(src, "HomeDir") || strings.HasSuffix(src, "user.Current")
}

// buildsPath reports whether d's body builds a path: it calls a Join
// (filepath, path, strings, or a method whose name starts with Join,
// such as a path type's JoinString) or fmt.Sprintf, or concatenates
// strings.
func buildsPath(d *ast.FuncDecl) bool {
	found := false
	if d.Body == nil {
		return false
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			// A path type's own method counts (chezmoi's
			// AbsPath.JoinString).
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (strings.HasPrefix(sel.Sel.Name, "Join") || sel.Sel.Name == "Sprintf") {
				found = true
			}
		case *ast.BinaryExpr:
			if n.Op == token.ADD {
				found = true
			}
		}
		return !found
	})
	return found
}

// homeItself reports whether c is a function returning the home
// directory itself: every home-like source it reads is the home
// directory, it joins nothing onto it and names no dot-directory.
func homeItself(c *Candidate) bool {
	if c.Shape == "package variable" || c.Shape == "field" || c.Repo || c.joins || c.StateDir != "" || len(c.Home) == 0 {
		return false
	}
	for _, h := range c.Home {
		if !homeOnly(h) {
			return false
		}
	}
	return true
}

// resolverShaped reports whether c reads more than the home directory:
// an override variable, an XDG variable, a platform's directory.
func resolverShaped(c *Candidate) bool {
	if c.Repo {
		return true
	}
	for _, h := range c.Home {
		if !homeOnly(h) {
			return true
		}
	}
	for _, e := range c.Env {
		if !homeOnly("$" + e) {
			return true
		}
	}
	return false
}

// attribute counts, for each candidate, the findings one of whose
// offending origins arose in its declaration (the innermost one holding
// it) or was stored into it. A value has an origin per source (an
// override read beside a library resolver's call, the resolver's own
// bases): the first origin's function counts, else the first later
// origin's resolver, else the first cell one is stored into, as a
// resolver computes the path where a cell may only keep a copy of it.
//
// A finding whose chain passes a field of the main module (mainFields,
// as chains name them: "field store.Store.path") counts besides for
// every resolver of the program's own one of its origins arises in: a
// field keeps the values of all its stores, and the first origin the
// write names is one of them, or a helper's the value passed on the way
// (a path cleaned with a home override); each resolver whose result the
// field keeps reaches the write (Candidate.kept).
func attribute(cands []*Candidate, origins []FindingOrigin, mainFields map[string]bool) {
	counted := map[*Candidate]map[string]bool{}
	count := func(c *Candidate, pos string) {
		if counted[c] == nil {
			counted[c] = map[string]bool{}
		}
		if !counted[c][pos] {
			counted[c][pos] = true
			c.Removes++
		}
	}
	for _, o := range origins {
		if o.File != "" {
			for _, c := range cands {
				if c.User && c.usedBy[o.Pkg] && slices.Contains(c.flagAt, site{o.File, o.Line}) {
					count(c, o.Pos) // every accessor the package calls that returns it
				}
			}
		}
		best := resolverHolding(cands, o)
		for _, a := range o.Others {
			if best != nil {
				break
			}
			// A later origin counts for a resolver the proposal could
			// bless, not for the home directory's own function, which
			// every path from the home directory passes through.
			if c := resolverHolding(cands, a); c != nil && c.Resolver && !c.HomeItself {
				best = c
			}
		}
		for _, a := range append([]FindingOrigin{o}, o.Others...) {
			if best != nil {
				break
			}
			best = cellHolding(cands, a)
		}
		if best == nil {
			// No origin arises in a candidate or is stored into one
			// (an environment map a helper reads, given by the caller):
			// the cell nearest the write that the chain passes, which
			// the program's own code fills.
			for i := len(o.Through) - 1; i >= 0; i-- {
				if cs := cellsNamed(cands, o.Through[i]); len(cs) > 0 {
					for _, c := range cs {
						c.viaField = true
						count(c, o.Pos)
					}
					break
				}
			}
		}
		if best != nil {
			count(best, o.Pos)
		}
		if !slices.ContainsFunc(o.Through, func(h string) bool { return mainFields[h] }) {
			continue
		}
		for _, a := range append([]FindingOrigin{o}, o.Others...) {
			if c := resolverHolding(cands, a); c != nil && c.Module == "" && c.Resolver && !c.HomeItself && len(c.Home) > 0 {
				if c.kept == nil {
					c.kept = map[string]bool{}
				}
				c.kept[o.Pos] = true
				count(c, o.Pos)
			}
		}
	}
}

// resolverHolding returns the innermost candidate function whose body
// an origin arose in, or, for a literal with no position, the candidate
// whose results start with the same relative literal; nil if none.
func resolverHolding(cands []*Candidate, o FindingOrigin) *Candidate {
	if o.File == "" {
		for _, c := range cands {
			if slices.ContainsFunc(c.lits, func(l [2]string) bool {
				return o.Rel && l[0] == o.Lit && (o.Path == l[1] || strings.HasPrefix(o.Path, l[1]+"/"))
			}) {
				return c
			}
		}
		return nil
	}
	var best *Candidate
	for _, c := range cands {
		if c.User {
			continue
		}
		if c.file == o.File && c.from <= o.Line && o.Line <= c.to && c.Shape != "package variable" {
			if best == nil || c.to-c.from < best.to-best.from {
				best = c
			}
		}
	}
	return best
}

// cellsNamed returns the candidates of the main module that stand for
// the field a requirement's chain names ("field cmd.Config.DataDir"):
// the field itself, or the methods that hand out a path built on it. A
// dependency's struct is found by what its resolvers read (a library's
// bases), not by the chains that pass it.
func cellsNamed(cands []*Candidate, hop string) []*Candidate {
	var out []*Candidate
	for _, c := range cands {
		if c.Module == "" && slices.Contains(c.cells, hop) {
			out = append(out, c)
		}
	}
	return out
}

// structs returns the struct types whose fields c is or hands out a
// path built on, as a chain names them ("cmd.Config").
func (c *Candidate) structs() []string {
	var out []string
	for _, cell := range c.cells {
		if f, ok := strings.CutPrefix(cell, "field "); ok {
			if dot := strings.LastIndex(f, "."); dot > 0 {
				out = appendNew(out, f[:dot])
			}
		}
	}
	return out
}

// appendNew appends s to l unless l holds it.
func appendNew(l []string, s string) []string {
	if slices.Contains(l, s) {
		return l
	}
	return append(l, s)
}

// cellHolding returns the first candidate variable or field an origin
// was stored into, or whose declaration holds it; nil if none.
func cellHolding(cands []*Candidate, o FindingOrigin) *Candidate {
	if o.File == "" {
		return nil
	}
	for _, c := range cands {
		if c.stores[site{o.File, o.Line}] || c.Shape == "package variable" && c.file == o.File && c.from <= o.Line && o.Line <= c.to {
			return c
		}
	}
	return nil
}

// Holds reports whether a finding's offending origin, at line of file,
// arose in c or was stored into it: what Removes counts.
func (c *Candidate) Holds(file string, line int) bool {
	return c.file == file && c.from <= line && line <= c.to || c.stores[site{file, line}] || slices.Contains(c.flagAt, site{file, line})
}

// HoldsOrigin reports whether a finding's offending origin arose in c,
// was stored into it, or, with no position, is a literal c's results
// start with.
func (c *Candidate) HoldsOrigin(o FindingOrigin) bool {
	if o.File != "" {
		return c.Holds(o.File, o.Line)
	}
	return o.Rel && slices.ContainsFunc(c.lits, func(l [2]string) bool {
		return l[0] == o.Lit && (o.Path == l[1] || strings.HasPrefix(o.Path, l[1]+"/"))
	})
}

// returnsFile reports whether d returns a file's path: a result it
// returns is built (a Join, whatever its package, or +) with a last
// constant element named like a file ("settings.json", "/app.yml"), and
// none with a last constant element named otherwise ("plugins.d",
// ".app"). A result that is a variable or a call's value says nothing.
func returnsFile(d *ast.FuncDecl) bool {
	if d.Body == nil {
		return false
	}
	file, dir := false, false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		for _, r := range ret.Results {
			last, ok := lastElement(r)
			if !ok {
				continue
			}
			if fileName().MatchString(path.Base(filepath.ToSlash(last))) {
				file = true
			} else {
				dir = true
			}
		}
		return true
	})
	return file && !dir
}

// lastElement returns the constant last element of a path built by a
// call whose function's name contains Join, or by +.
func lastElement(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.CallExpr:
		if len(e.Args) > 1 && strings.Contains(calleeName(e), "Join") {
			last := e.Args[len(e.Args)-1]
			if s, ok := stringConst(last); ok {
				return s, true
			}
			// A name built from the program's name and an extension
			// (appName+".json") is a file's.
			if b, ok := last.(*ast.BinaryExpr); ok && b.Op == token.ADD {
				if ext, ok := stringConst(b.Y); ok && strings.HasPrefix(ext, ".") {
					return "name" + ext, true
				}
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return stringConst(e.Y)
		}
	}
	return "", false
}

// fileName matches the name of a file: a name, a dot and an extension
// of two to five characters, beginning with a letter. A directory named
// with one (Foo.app, repo.git) is taken for a file; plugins.d is not.
var fileName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[^.].*\.[A-Za-z][A-Za-z0-9]{1,4}$`) })

// fieldBases returns the fields of struct types of other modules than
// the main one that a function of their module fills with a base many
// programs share (the engine's facts on what a constructor stores into
// the object it returns): a value built on an XDG variable, or on the
// home directory with an XDG parent below it (go-xdg's
// NewBaseDirectorySpecification filling ConfigHome with
// $XDG_CONFIG_HOME, else ~/.config). By cell key: "pkg/path.T.f".
func fieldBases(facts []driver.PackageFacts) map[string]bool {
	out := map[string]bool{}
	for i := range facts {
		pf := &facts[i]
		if pf.Main {
			continue
		}
		for _, f := range pf.Facts {
			fact, ok := f.Fact.(*rootflow.FuncFact)
			if !ok {
				continue
			}
			fact, err := fact.Loaded()
			if err != nil {
				continue
			}
			for _, rf := range fact.Fields {
				if slices.ContainsFunc(rf.Value, baseOrigin) {
					out[rf.Cell] = true
				}
			}
		}
	}
	return out
}

// baseOrigin reports whether o is a shared base: an XDG variable, or a
// path below the home directory that an XDG base or a platform's
// config or cache directory stands for (basePaths).
func baseOrigin(o rootflow.Origin) bool {
	if o.Kind != rootflow.Bad {
		return false
	}
	if env := o.EnvVar(); env != "" {
		return strings.HasPrefix(env, "XDG_")
	}
	return o.Cause == rootflow.CauseHome && slices.ContainsFunc(basePaths, func(b string) bool {
		return o.Path == b || strings.HasPrefix(o.Path, b+"/")
	})
}

// baseWrappers makes a candidate of each function or method of the
// main module's analyzed packages that takes an object holding shared
// bases (a parameter of a type with fieldBases), reads one of those
// fields (not inside a composite literal: a struct of defaults, such as
// chezmoi's newConfigFile, is no path) and builds a path: the program's
// own resolver above a base
// another module resolves (chezmoi's defaultConfigFile(fs, bds), which
// joins its name below bds.ConfigHome, expanding a leading ~/ onto a
// home directory kept in a field). The findings it removes have their
// origins elsewhere (the home directory's function): it is proposed
// tentatively, and the checking run credits it (propose.go). Syntax
// only: a base read through a field of the receiver, or a local
// variable, is not seen.
func (g *gatherer) baseWrappers(bases map[string]bool) {
	if len(bases) == 0 {
		return
	}
	types := map[string]bool{}
	for key := range bases {
		types[key[:strings.LastIndex(key, ".")]] = true
	}
	g.overBases(func(imports map[string]string, fd *ast.FuncDecl) func(x, sel string) []string {
		params := structParams(fd, imports, func(typ string) bool { return types[typ] }) // parameter name: "pkg/path.T"
		if len(params) == 0 {
			return nil
		}
		return func(x, sel string) []string {
			if key := params[x] + "." + sel; params[x] != "" && bases[key] {
				return []string{lattice.ShortName(cellName(key))}
			}
			return nil
		}
	})
}

// overBases makes a candidate over a base (overBase) of each function of
// the main module's analyzed packages that builds a path and reads, as
// x.sel outside a composite literal (a struct of defaults, such as
// chezmoi's newConfigFile, is no path), something read says is built on
// a base another module resolves: read(x, sel) returns its sources.
// reader returns the function's read, given its file's imports (name:
// path); nil skips the function.
func (g *gatherer) overBases(reader func(imports map[string]string, fd *ast.FuncDecl) func(x, sel string) []string) {
	imports := map[*ast.File]map[string]string{}
	g.pathFuncs(func(pf *driver.PackageFacts, f *ast.File, fd *ast.FuncDecl) {
		if !buildsPath(fd) {
			return
		}
		if _, ok := imports[f]; !ok {
			imports[f] = g.importPaths(f)
		}
		read := reader(imports[f], fd)
		if read == nil {
			return
		}
		var srcs []string
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.CompositeLit); ok {
				return false
			}
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					srcs = append(srcs, read(id.Name, sel.Sel.Name)...)
				}
			}
			return true
		})
		if len(srcs) == 0 {
			return
		}
		c := g.funcCandidate(pf, fd, "")
		c.overBase = true
		for _, src := range srcs {
			c.add(src)
		}
	})
}

// getterFact is an exported function of the main module with its
// results' origins and the functions that refer to it.
type getterFact struct {
	pf      *driver.PackageFacts
	name    string
	results []rootflow.Origins
	callers []UsedFunc
}

// exportedGetters makes a candidate of each exported function of the
// main module that other packages of the program call and whose results
// hold what resolvers of its package return without calling them: the
// resolvers' values were kept in a variable (a map of the program's
// files filled once, syncthing's locations.Get). The program's other
// packages reach them only through it, so it is what a configuration
// declares, and the resolvers behind it are not proposed
// (Candidate.behind). Proposed tentatively: the checking run credits it
// with what it removes in its package and its callers'
// (settleFinders).
func (g *gatherer) exportedGetters(facts []getterFact) {
	for _, gf := range facts {
		var outside []UsedFunc
		for _, u := range gf.callers {
			if u.By != gf.pf.Path {
				outside = append(outside, u)
			}
		}
		if len(outside) == 0 {
			continue
		}
		decl := g.funcDecl(gf.pf, gf.name)
		if decl == nil || decl.Body == nil || !returnsPath(decl) || g.callsOwn(decl, gf.pf) {
			continue
		}
		var getter *Candidate
		for _, v := range gf.results {
			for _, o := range v {
				if !homeOrEnv(o) || !o.At.IsValid() || filepath.Dir(o.At.Filename) != gf.pf.Dir {
					continue
				}
				inner := g.declAt(o.At.Filename, o.At.Line)
				if inner == nil || inner.Name == gf.pf.Path+"."+gf.name || inner.Shape != "function" && inner.Shape != "method" {
					continue
				}
				if getter == nil {
					getter = g.funcCandidate(gf.pf, decl, "")
				}
				getter.add(source(o))
				getter.overResolvers = true
				inner.behind = getter
				if getter.usedBy == nil {
					getter.usedBy = map[string]bool{}
				}
				for _, u := range outside {
					getter.usedBy[u.By] = true
				}
			}
		}
	}
}

// funcDecl returns the declaration of pf's package-level function name
// (in its non-test files), or nil.
func (g *gatherer) funcDecl(pf *driver.PackageFacts, name string) *ast.FuncDecl {
	for _, f := range g.dir(pf.Dir) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name {
				return fd
			}
		}
	}
	return nil
}

// callsOwn reports whether the body of fd calls a function of its own
// package (pf's): what it returns is then computed by that call, not
// kept in a variable.
func (g *gatherer) callsOwn(fd *ast.FuncDecl, pf *driver.PackageFacts) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && g.funcDecl(pf, id.Name) != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// filesByDir marks File each function of the main module that is a
// candidate and whose result a call in its package takes the directory
// of (lazygit's ConfigDir: filepath.Dir of findConfigFile's path): what
// it returns is a file in the root, whatever its name says.
func (g *gatherer) filesByDir() {
	for _, c := range g.byName {
		if c.Module != "" || c.File || c.Finder || c.receiver != "" || c.Shape != "function" || c.file == "" {
			continue
		}
		pf := g.byDir[filepath.Dir(c.file)]
		if pf == nil {
			continue
		}
		if usedAs(g, g.dir(pf.Dir), c.Name[strings.LastIndex(c.Name, ".")+1:], "Dir") != "" {
			c.File = true
		}
	}
}

// dependencyBases returns the package variables of other modules than
// the main one that hold a base many programs share (adrg/xdg's
// ConfigHome, filled from a field of the library's own value when it is
// initialised), and their exported functions whose results are built on
// one (StateFile(rel)), each with the sources of the bases it holds
// ("$XDG_STATE_HOME", "os.UserHomeDir"). By key: "pkg/path.Name".
func dependencyBases(facts []driver.PackageFacts) map[string][]string {
	stores := map[string][]rootflow.Origin{}
	type result struct {
		key string
		v   []rootflow.Origin
	}
	var results []result
	for i := range facts {
		pf := &facts[i]
		if pf.Main {
			continue
		}
		for _, f := range pf.Facts {
			switch fact := f.Fact.(type) {
			case *rootflow.PackageFact:
				for _, s := range fact.Stores {
					stores[s.Key] = append(stores[s.Key], s.Value...)
				}
			case *rootflow.FuncFact:
				if strings.Contains(f.Object, ".") || !token.IsExported(f.Object) {
					continue // a method, or a function no program calls by name
				}
				fact, err := fact.Loaded()
				if err != nil {
					continue
				}
				for _, v := range fact.Results {
					results = append(results, result{pf.Path + "." + f.Object, v})
				}
			}
		}
	}
	// sources follows cells to what is stored into them (a variable
	// copied from the library's field), and reports the sources of a
	// value that is a shared base.
	var sources func(v []rootflow.Origin, seen map[string]bool) []string
	sources = func(v []rootflow.Origin, seen map[string]bool) []string {
		var out []string
		for _, o := range v {
			switch {
			case o.Kind == rootflow.Cell && !seen[o.Key]:
				seen[o.Key] = true
				out = append(out, sources(stores[o.Key], seen)...)
			case baseOrigin(o):
				out = append(out, source(o))
			}
		}
		return out
	}
	out := map[string][]string{}
	for key, v := range stores {
		name := key[strings.LastIndex(key, "/")+1:]
		if strings.Count(name, ".") != 1 || !token.IsExported(name[strings.Index(name, ".")+1:]) {
			continue // a field, or a variable no program reads by name
		}
		if srcs := sources(v, map[string]bool{key: true}); len(srcs) > 0 {
			out[key] = sortedSet(srcs)
		}
	}
	for _, r := range results {
		if srcs := sources(r.v, map[string]bool{}); len(srcs) > 0 {
			out[r.key] = sortedSet(append(out[r.key], srcs...))
		}
	}
	return out
}

// baseReaders makes a candidate of each function or method of the main
// module's analyzed packages that builds a path and reads a dependency's
// package variable holding a shared base, or calls its function whose
// result is built on one (dependencyBases): the program's own resolver
// above a base another module resolves (lazygit's findConfigFile, which
// takes its override first, then joins its name below xdg.ConfigHome).
// Where the program keeps more than one directory of its own below the
// bases, no base can be declared (bases.go), and these are what a
// configuration names. As baseWrappers', the findings it removes have
// their origins elsewhere: it is proposed tentatively, and the checking
// run credits it or drops it (propose.go).
func (g *gatherer) baseReaders(bases map[string][]string) {
	if len(bases) == 0 {
		return
	}
	g.overBases(func(imports map[string]string, _ *ast.FuncDecl) func(x, sel string) []string {
		return func(x, sel string) []string {
			if path := imports[x]; path != "" {
				return bases[path+"."+sel]
			}
			return nil
		}
	})
}

// baseVars makes a candidate of each exported package variable of the
// main module's analyzed packages that a function of its package fills
// from a dependency's shared base (dependencyBases): the value of the
// library's function or variable, or a path joined on one, through a
// local variable or another such package variable of the function
// (k9s's initXDGLocs fills AppConfigDir from xdg.ConfigFile, and
// AppContextsDir from a join on xdg.DataFile's value). The rest of the
// program reads the variables, whatever filled them, and they are what
// a configuration declares. The program's own override stored into one
// makes the same candidate (store); one joined on another variable that
// holds an override, in any function of the package (k9s's
// initK9sEnvLocs joins AppDumpsDir on AppConfigDir, from
// $K9S_CONFIG_DIR), honours that override too. As baseReaders', the
// findings it removes have their origins elsewhere, or none the
// analysis follows: it is proposed tentatively, and the checking run
// credits it or drops it (propose.go). Syntax only: a package variable
// of the function's own package, assigned with = (not inside a function
// literal).
func (g *gatherer) baseVars(bases map[string][]string) {
	if len(bases) == 0 {
		return
	}
	for _, pf := range g.byDir {
		if !pf.Main || !pf.Root {
			continue
		}
		files := g.dir(pf.Dir)
		decls := map[string]ast.Node{}
		for _, f := range files {
			for name, obj := range f.Scope.Objects {
				if obj.Kind == ast.Var && token.IsExported(name) {
					if decl, ok := obj.Decl.(ast.Node); ok {
						decls[name] = decl
					}
				}
			}
		}
		if len(decls) == 0 {
			continue
		}
		overrides := map[string][]string{} // a variable: the overrides of the variables it is joined on
		for _, f := range files {
			imports := g.importPaths(f)
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					g.fillsFromBases(pf, fd, imports, bases, decls, overrides)
				}
			}
		}
		for _, name := range slices.Sorted(maps.Keys(overrides)) {
			if c := g.byName[pf.Path+"."+name]; c != nil && c.overBase {
				for _, e := range overrides[name] {
					c.add("$" + e)
				}
			}
		}
	}
}

// fillsFromBases is baseVars on one function fd of pf: it follows, in
// source order, the sources of the shared bases fd reads into local
// variables and into the package variables decls names, and records
// each package variable so filled. It adds to overrides, for each
// package variable, the program's own overrides of the candidates it
// is joined on.
func (g *gatherer) fillsFromBases(pf *driver.PackageFacts, fd *ast.FuncDecl, imports map[string]string, bases map[string][]string, decls map[string]ast.Node, overrides map[string][]string) {
	type sources struct{ bases, overrides []string }
	locals := map[*ast.Object]sources{}
	vars := map[string][]string{}
	// pkgVar returns the package variable id names, or "".
	pkgVar := func(id *ast.Ident) string {
		if decls[id.Name] == nil || id.Obj != nil && id.Obj.Decl != decls[id.Name] {
			return "" // none, or a local or a parameter of that name
		}
		return id.Name
	}
	srcsOf := func(e ast.Expr) sources {
		var out sources
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.CompositeLit:
				return false
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Obj == nil {
					if path := imports[x.Name]; path != "" {
						out.bases = append(out.bases, bases[path+"."+n.Sel.Name]...)
						return false
					}
				}
			case *ast.Ident:
				if name := pkgVar(n); name != "" {
					out.bases = append(out.bases, vars[name]...)
					if c := g.byName[pf.Path+"."+name]; c != nil {
						for _, e := range c.Env {
							if ownOverride(e) {
								out.overrides = append(out.overrides, e)
							}
						}
					}
				} else if n.Obj != nil {
					out.bases = append(out.bases, locals[n.Obj].bases...)
					out.overrides = append(out.overrides, locals[n.Obj].overrides...)
				}
			}
			return true
		})
		return out
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
			return true
		}
		for i, lhs := range as.Lhs {
			var rhs ast.Expr
			switch {
			case len(as.Rhs) == len(as.Lhs):
				rhs = as.Rhs[i]
			case i == 0 && len(as.Rhs) == 1:
				rhs = as.Rhs[0] // a value and its error
			default:
				continue
			}
			id, ok := lhs.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			srcs := srcsOf(rhs)
			if len(srcs.bases) == 0 && len(srcs.overrides) == 0 {
				continue
			}
			name := ""
			if as.Tok == token.ASSIGN {
				name = pkgVar(id)
			}
			if name == "" {
				if id.Obj != nil {
					l := locals[id.Obj]
					locals[id.Obj] = sources{append(l.bases, srcs.bases...), append(l.overrides, srcs.overrides...)}
				}
				continue
			}
			overrides[name] = append(overrides[name], srcs.overrides...)
			if len(srcs.bases) == 0 {
				continue
			}
			vars[name] = append(vars[name], srcs.bases...)
			c := g.candidate(pf.Path+"."+name, pf, "package variable", decls[name])
			c.overBase = true
			pos := g.fset.Position(as.Pos())
			c.stores[site{pos.Filename, pos.Line}] = true
			for _, src := range srcs.bases {
				c.add(src)
			}
		}
		return true
	})
}

// importPaths is importNames with, for an import that is not renamed,
// the package's own name read from its files too (go-xdg/v6 is used as
// xdg).
func (g *gatherer) importPaths(f *ast.File) map[string]string {
	out := importNames(f)
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || imp.Name != nil || g.byPath[p] == nil {
			continue
		}
		if fs := g.dir(g.byPath[p].Dir); len(fs) > 0 {
			out[fs[0].Name.Name] = p
		}
	}
	return out
}

// cellPackage is the package path of a cell key: "pkg/path" of
// "pkg/path.T.f" and of "pkg/path.V".
func cellPackage(key string) string {
	slash := strings.LastIndex(key, "/")
	dot := strings.Index(key[slash+1:], ".")
	if dot < 0 {
		return key
	}
	return key[:slash+1+dot]
}

// cellName is the configuration name of a cell key: "(*pkg/path.T).f"
// for a field, the key itself for a package variable.
func cellName(key string) string {
	pkg := cellPackage(key)
	rest := strings.TrimPrefix(key, pkg+".")
	if typ, field, ok := strings.Cut(rest, "."); ok {
		return "(*" + pkg + "." + typ + ")." + field
	}
	return key
}
