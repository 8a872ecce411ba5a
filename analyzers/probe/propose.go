package probe

import (
	"cmp"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/analyzers/unproven"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/glob"
	"github.com/staterootlint/staterootlint/stateroots"
)

// This file decides what `staterootlint init` proposes: which candidates
// (candidates.go) become authorities, and the root-env, user-env,
// state-dir and exclude entries around them, each with its reason. One
// analysis with the defaults finds the candidates; one checking run with
// the whole proposal credits the finders (finders.go) and counts what the
// proposal leaves.

// ProposeOptions says what Propose analyzes and how.
type ProposeOptions struct {
	// Run is how the analysis runs, as the caller would run a lint: Dir
	// (where init runs, in the main module, whose files Propose also
	// reads), Patterns, BuildFlags, Chains, Graph, CacheDir and
	// Progress. Analyzers are the linters the proposal is measured with
	// (not the inventory, which plays no part). Propose sets the rest:
	// the configuration (the defaults, then the proposal), the facts and
	// what is collected. The analysis with the defaults runs without the
	// cache; the checking run keeps its results there, so the first lint
	// with the file written unchanged finds them.
	Run driver.Options
	// NoCheckingRun proposes from the analysis with the defaults alone:
	// the finders and the resolvers above another module's base, which
	// only the checking run credits, are left out,
	// and After is not known. What a comparison with an existing file
	// needs.
	NoCheckingRun bool
}

// Proposal is the configuration init proposes for a program, each entry
// with the reason the file shows above it. Text renders it as a
// configuration file; Config is that file, decoded.
type Proposal struct {
	// Patterns are the package patterns analyzed, which the file's
	// first line names.
	Patterns []string
	// Authorities are the proposed authorities, the main module's first,
	// by name.
	Authorities []Authority
	// RootEnv are the override variables only the authorities may read,
	// sorted; UserEnv the variables that name a file the user chose;
	// Exclude the globs of the main module's test support.
	RootEnv, UserEnv, Exclude []Entry
	// StateDir is the program's own dot-directory (Value "" when there
	// is none).
	StateDir Entry
	// NotProposed are the candidates that look like resolvers but are
	// not proposed, and why, by name.
	NotProposed []NotProposed
	// Apps are the application names the program passes to the
	// stateroots library, whose functions are authorities already.
	Apps []LibraryApp
	// CwdFiles are the fixed names the program writes relative to the
	// working directory: candidates for allow-write, which the file
	// lists commented out; init declares none.
	CwdFiles []CwdFile
	// Suspects are the resolvers not proposed because they skip an
	// override their siblings honour: the summary's first lines.
	Suspects []NotProposed
	// Added are the findings of the checking run the analysis with the
	// defaults does not have, as "main.go:12:3: message (analyzer)":
	// what the proposal itself causes.
	Added    []string
	suspects []*Candidate // the candidates of Suspects
	// envBy holds, for a root-env variable proposed beside an authority
	// proposed tentatively (envOverAuthorities), that authority: the
	// variable goes when the checking run drops it.
	envBy map[string]*Candidate
	// Before counts the findings of the analysis with the defaults
	// (unproven writes not listed); After, when Checked, those of the
	// checking run with the proposal.
	Before, After int
	// Checked says the checking run ran (ProposeOptions.NoCheckingRun
	// unset): the finders are settled and After is known.
	Checked bool
	// Config is Text decoded.
	Config *config.Config
}

// Authority is a proposed authority: a candidate, and, for a sibling
// proposed with its family rather than for what it removes, the short
// name of the family's first proposed member.
type Authority struct {
	*Candidate
	SiblingOf string
	// CopyOf is, for a copy of a proposed resolver (the same name and
	// sources in another package of the program), the short name of the
	// resolver it copies.
	CopyOf string
	// Base says it is a base many programs share (bases.go): proposed
	// =KIND:base, the root being the state-dir name below it.
	Base bool
	// Through, when set, says what the program's writes show of it, in
	// place of what it removes: a base the analysis does not follow
	// into a library's value removes no finding (addValueBases).
	Through string
}

// Names are the configuration names the authority is declared by: its
// own, or, for a dependency's unexported candidate, the exported
// functions and methods the program calls that return it (Via).
func (a Authority) Names() []string {
	if a.promoted() {
		return a.Via
	}
	return []string{a.Name}
}

// promoted reports whether the authority is declared by the exported
// functions of Via instead of its own name, which the program cannot
// call.
func (a Authority) promoted() bool { return !a.Callable() && a.Module != "" && len(a.Via) > 0 }

// Entry is a proposed value of a list key or of state-dir, with the
// reason shown above it.
type Entry struct{ Value, Why string }

// NotProposed is a candidate that is not proposed: its short name, its
// declaration ("dirs.go:35") and why.
type NotProposed struct{ Name, At, Why string }

// LibraryApp is an application name a program passes to the stateroots
// library, and where ("main.go:12").
type LibraryApp struct{ App, At string }

// InternalError is a fault of Propose itself, a bug to report: the
// engine's facts do not read back, or the proposal does not decode or
// does not run. Proposal is the proposal's text when it has one.
type InternalError struct {
	Err      error
	Proposal string
}

// Error says what failed: "decode the proposal: ...".
func (e *InternalError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InternalError) Unwrap() error { return e.Err }

// minRemoved is how many findings a resolver must account for to be
// proposed on its own: a state directory feeds many writes, and a
// function that feeds one is as likely a single shadow write as a
// resolver. A sibling of a proposed resolver is proposed whatever it
// removes.
const minRemoved = 2

// Propose analyzes the packages of opts.Run with the default
// configuration, finds the program's candidate authorities (Gather) and
// proposes a configuration: the program's own state-directory resolvers
// (functions, memoizing methods, package variables, in the program or a
// dependency) as authorities, its own override variables as root-env,
// its dot-directory as state-dir, test support excluded. Unless
// opts.NoCheckingRun, it then runs the analysis with the proposal, keeps
// the finders that run shows remove findings, and counts the findings
// left (After).
//
// An error of the analysis with the defaults is the driver's own, as
// driver.Run returns it (*driver.LoadError, *driver.ConfigError, ...):
// the caller reports it as it reports any run's. Every other error is an
// *InternalError.
func Propose(ctx context.Context, opts ProposeOptions) (*Proposal, error) {
	dir := opts.Run.Dir
	first := opts.Run
	first.Config, first.ExplicitConfig = withUnproven(&config.Config{}), true
	first.CacheDir = ""
	first.Analyzers = append(slices.Clip(opts.Run.Analyzers), Origins)
	if !slices.Contains(first.Analyzers, inventory.Analyzer) {
		first.Analyzers = append(first.Analyzers, inventory.Analyzer)
	}
	reached := commandWrites{}
	first.Facts, first.DepFacts = true, true
	var origins []FindingOrigin
	var bases []PathBase
	var uses []UsedFunc
	var cwd []CwdFile
	var below []NameBelow
	var passed []NamePassed
	var beside []FindingOrigin
	var flagged []FlagCell
	first.Collect = map[*analysis.Analyzer]func(string, any){inventory.Analyzer: reached.collect, Origins: func(_ string, r any) {
		if r, ok := r.(*FindingOrigins); ok && r != nil {
			origins = append(origins, r.Findings...)
			bases = append(bases, r.Bases...)
			uses = append(uses, r.Uses...)
			cwd = append(cwd, r.CwdFiles...)
			below = append(below, r.Below...)
			passed = append(passed, r.Passed...)
			beside = append(beside, r.Beside...)
			flagged = append(flagged, r.FlagCells...)
		}
	}}
	res, err := driver.Run(ctx, first)
	if err != nil {
		return nil, err
	}
	before := listed(res.Findings)
	cands, err := Gather(res.Facts, origins, bases, uses)
	if err != nil {
		return nil, &InternalError{Err: fmt.Errorf("gather the candidates: %w", err)}
	}
	countWrites(cands, origins, beside)
	p := propose(cands, origins, below, bases, before, dir)
	p.addValueBases(res.Facts, below, passed)
	p.addEnvBases(beside, dir)
	p.addFlagDefaults(flagged, res.Facts, origins)
	p.Patterns = opts.Run.Patterns
	// A candidate in a directory the proposal excludes (test support's
	// golden files) is reported by no lint with the file.
	p.CwdFiles = sortedCwdFiles(slices.DeleteFunc(reached.attach(cwd), func(f CwdFile) bool { return p.excludesRel(f.At) || p.settingDefault(f.Pattern) }))
	p.Before = len(before)
	p.addApps(libraryApps(dir))
	if opts.NoCheckingRun {
		p.Authorities = slices.DeleteFunc(p.Authorities, func(a Authority) bool { return a.Finder || a.tentative })
		return p, p.decode()
	}
	if err := p.decode(); err != nil {
		return nil, err
	}

	run := opts.Run
	run.Config, run.ExplicitConfig = withUnproven(p.Config), true
	run.Facts, run.DepFacts, run.Collect = false, false, nil
	after, err := p.lint(ctx, run)
	if err != nil {
		return nil, err
	}
	if finders, dropped := p.settleFinders(origins, before, after, p.excluded(dir)); finders && dropped {
		// A finder dropped changes the file and what it removes.
		if err := p.decode(); err != nil {
			return nil, err
		}
		run.Config = withUnproven(p.Config)
		if after, err = p.lint(ctx, run); err != nil {
			return nil, err
		}
	}
	p.After, p.Checked = len(after), true
	p.Added = added(before, after)
	return p, nil
}

// settingDefault reports whether an allow-write candidate's pattern
// ("cwd:dist", "cwd:dist/**") names the default of a setting of the
// user's file the proposal declares user-chosen (settingDefault): no
// product of a command, the user's choice.
func (p *Proposal) settingDefault(pattern string) bool {
	name, ok := strings.CutPrefix(pattern, "cwd:")
	return ok && slices.ContainsFunc(p.Authorities, func(a Authority) bool {
		return a.settingLit != "" && (name == a.settingLit || strings.HasPrefix(name, a.settingLit+"/"))
	})
}

// added returns the findings of after that before does not have (the
// same analyzer at the same position), rendered for the summary.
func added(before, after []driver.Finding) []string {
	had := map[string]bool{}
	for _, f := range before {
		had[f.Analyzer+" "+f.Pos.String()] = true
	}
	var out []string
	for _, f := range after {
		if !had[f.Analyzer+" "+f.Pos.String()] {
			out = append(out, fmt.Sprintf("%s: %s (%s)", shortPos(f.Pos.String()), f.Message, f.Analyzer))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// decode sets p.Config from p's text.
func (p *Proposal) decode() error {
	text := p.Text()
	cfg, err := config.Decode([]byte(text), "the proposal")
	if err != nil {
		return &InternalError{Err: fmt.Errorf("decode the proposal: %w", err), Proposal: text}
	}
	p.Config = cfg
	return nil
}

// lint runs the analysis as run says, with p's configuration, and
// returns the findings a lint lists.
func (p *Proposal) lint(ctx context.Context, run driver.Options) ([]driver.Finding, error) {
	res, err := driver.Run(ctx, run)
	if err != nil {
		return nil, &InternalError{Err: fmt.Errorf("run the proposal: %w", err), Proposal: p.Text()}
	}
	return listed(res.Findings), nil
}

// withUnproven returns cfg with the unproven analyzer's findings listed,
// as the CLI's lint computes them whatever the configuration asks (and
// drops them when it does not ask): the checking run's results in the
// cache are then the ones the first lint with the file looks up.
func withUnproven(cfg *config.Config) *config.Config {
	c := *cfg
	on := true
	c.ReportUnproven = &on
	return &c
}

// listed returns the findings a lint lists with report-unproven unset:
// the unproven analyzer's findings on writes (not those on its
// directives) are counted, not listed.
func listed(findings []driver.Finding) []driver.Finding {
	return slices.DeleteFunc(slices.Clone(findings), func(f driver.Finding) bool {
		return f.Analyzer == unproven.Analyzer.Name && f.Category != report.CategoryDirective
	})
}

// settleFinders decides the proposed finders (Candidate.Finder), and
// the resolvers proposed tentatively (above a base another module
// resolves, or a getter handing out its package's resolvers' values),
// from the findings of the analysis with the defaults (before, origins)
// and of the run with the whole proposal (after): each is credited with
// the findings the run removed in its package (a getter's: and in the
// packages that call it; a constructor of a struct of bases': and those
// in the packages that call it whose origins arose in it) that no other entry accounts for (an authority holding the origin, an excluded
// directory, a user-env variable). One credited with none is dropped. It
// returns whether the proposal had such entries and whether it dropped
// one. Several in one package share their credit.
func (p *Proposal) settleFinders(origins []FindingOrigin, before, after []driver.Finding, exclude func(string) bool) (finders, dropped bool) {
	var found, others []*Candidate
	for _, a := range p.Authorities {
		if a.Finder || a.tentative {
			found = append(found, a.Candidate)
		} else {
			others = append(others, a.Candidate)
		}
	}
	if len(found) == 0 {
		return false, false
	}
	kept := map[string]bool{}
	for _, f := range after {
		kept[f.Analyzer+" "+f.Pos.String()] = true
	}
	byPos := map[string][]FindingOrigin{}
	for _, o := range origins {
		byPos[o.Pos] = append(byPos[o.Pos], o)
	}
	userEnv := map[string]bool{}
	for _, e := range p.UserEnv {
		userEnv["$"+e.Value] = true
	}
	removed := map[string]map[string]bool{} // by package
	for _, f := range before {
		pos := f.Pos.String()
		os := byPos[pos]
		if kept[f.Analyzer+" "+pos] || len(os) == 0 || exclude(f.Pos.Filename) || slices.ContainsFunc(os, func(o FindingOrigin) bool {
			return userEnv[o.Src] || slices.ContainsFunc(others, func(c *Candidate) bool { return c.HoldsOrigin(o) })
		}) {
			continue
		}
		if removed[f.Package] == nil {
			removed[f.Package] = map[string]bool{}
		}
		removed[f.Package][pos] = true
	}
	var drop []*Candidate
	for _, c := range found {
		c.Removes = len(removed[c.Pkg])
		for pkg := range c.usedBy {
			switch {
			case pkg == c.Pkg:
			case c.overResolvers:
				c.Removes += len(removed[pkg])
			case c.ownStruct != "":
				// A constructor of a struct of bases is credited with
				// what the run removed in its callers' packages where
				// an origin arose in it, not with the other entries'.
				for pos := range removed[pkg] {
					if slices.ContainsFunc(byPos[pos], c.HoldsOrigin) {
						c.Removes++
					}
				}
			}
		}
		if c.Removes == 0 {
			drop = append(drop, c)
		}
	}
	p.Authorities = slices.DeleteFunc(p.Authorities, func(a Authority) bool { return slices.Contains(drop, a.Candidate) })
	p.RootEnv = slices.DeleteFunc(p.RootEnv, func(e Entry) bool { return slices.Contains(drop, p.envBy[e.Value]) })
	return true, len(drop) > 0
}

// excluded returns whether a file is in a directory the proposal
// excludes (globs relative to the module root of dir).
func (p *Proposal) excluded(dir string) func(string) bool {
	root, _ := config.ModuleRoot(dir)
	return func(file string) bool {
		rel, err := filepath.Rel(root, file)
		if root == "" || err != nil {
			return false
		}
		for _, e := range p.Exclude {
			if ok, _ := glob.Match(glob.Exclude(e.Value), filepath.ToSlash(rel)); ok {
				return true
			}
		}
		return false
	}
}

// excludesRel reports whether a position relative to the module root
// ("internal/golden/golden.go:70") is in a directory the proposal
// excludes.
func (p *Proposal) excludesRel(at string) bool {
	file := at
	if i := strings.LastIndex(at, ".go:"); i >= 0 {
		file = at[:i+3]
	}
	for _, e := range p.Exclude {
		if ok, _ := glob.Match(glob.Exclude(e.Value), filepath.ToSlash(file)); ok {
			return true
		}
	}
	return false
}

// addApps records the application names the program passes to the
// stateroots library: each one's global override joins root-env, and the
// first without a separator names the state-dir when nothing else does.
func (p *Proposal) addApps(apps []LibraryApp) {
	p.Apps = apps
	for _, a := range apps {
		if p.StateDir.Value == "" && !strings.ContainsAny(a.App, `/\`) {
			p.StateDir = Entry{"." + a.App, fmt.Sprintf("the app name %q given to stateroots at %s", a.App, a.At)}
		}
		p.RootEnv = append(p.RootEnv, Entry{stateroots.GlobalEnvVar(a.App), fmt.Sprintf("stateroots' override of the global root of %q", a.App)})
	}
	slices.SortStableFunc(p.RootEnv, func(x, y Entry) int { return cmp.Compare(x.Value, y.Value) })
	p.RootEnv = slices.CompactFunc(p.RootEnv, func(x, y Entry) bool { return x.Value == y.Value })
}

// propose decides the proposal from the candidates, the findings'
// origins, the names written below variables and fields, the paths built
// on a home-like source or an environment variable, and the findings
// (unproven ones dropped) of the analysis with the defaults. dir is where
// init runs, in the main module.
func propose(cands []*Candidate, origins []FindingOrigin, below []NameBelow, bases []PathBase, findings []driver.Finding, dir string) *Proposal {
	p := &Proposal{}
	// adhocroot's and rootenv's findings inside a candidate go too: its
	// package becomes an authority package.
	for _, f := range findings {
		if f.Analyzer != "adhocroot" && f.Analyzer != "rootenv" {
			continue
		}
		for _, c := range cands {
			if c.Holds(f.Pos.Filename, f.Pos.Line) {
				c.Removes++
				break
			}
		}
	}
	proposed := map[*Candidate]bool{}
	siblingOf := map[*Candidate]string{}
	families := map[string]*Candidate{}
	// Never bless a suspect: a resolver skipping its siblings' override,
	// one of a runtime directory, one whose results are only read.
	barred := map[*Candidate]string{}
	for _, c := range cands {
		if why := skipsOverride(c, cands); why != "" {
			barred[c] = why
			p.Suspects = append(p.Suspects, NotProposed{c.Short, c.At, why})
			p.suspects = append(p.suspects, c)
		} else if runtimeDir(c) {
			// Temporary, not state: declared =temp (allowed with
			// allow.temp), never a family's head, no state-dir.
			c.StateDir = ""
			proposed[c] = c.Removes > 0
			barred[c] = "runtime"
		}
	}
	for _, c := range cands {
		if c.behind != nil && barred[c] == "" {
			barred[c] = "reaches the rest of the program only through " + c.behind.Short + ", which hands its values out from a variable: declared as that"
		}
	}
	onlyRead := map[*Candidate]string{}
	for _, c := range onlyReadBy(dir, cands, barred) {
		why := "no finding passes through it"
		if c.Removes > 0 {
			why = plural(c.Removes, "finding", "findings") + ", none a write"
		}
		barred[c] = "returns directories the program only reads: no authority (" + why + ")"
		onlyRead[c] = barred[c]
	}
	for _, c := range cands {
		if barred[c] != "" {
			continue
		}
		// A flag accessor the findings pass through returns the user's
		// value: declared user, it is no resolver and has no family.
		if c.User {
			// A finder is proposed for the run with the whole proposal
			// to say what it removes (settleFinders).
			proposed[c] = c.Removes > 0 || c.Finder && c.Below == ""
			continue
		}
		// A variable or field is reported once, where the path is
		// stored into it (or, for a method handing out a path built on
		// a field, where a chain names the field), for every write of it;
		// so is a resolver whose result a field keeps, where the path is
		// handed to what stores it.
		// A dependency's resolver the program reaches through a function
		// that joins a name of its own below it (a scope library's
		// DataPath, the application's name below the XDG base) is a
		// directory of the program's, not one write.
		need := minRemoved
		if c.Shape == "package variable" || c.Shape == "field" || c.viaField || len(c.kept) > 0 || ownDotDir(c) || c.Repo && len(c.Home) > 0 || c.Module != "" && c.viaJoins {
			need = 1
		}
		// A resolver above a base another module resolves feeds
		// findings whose origins arise elsewhere (a home directory
		// kept in a field): the checking run says what it removes.
		tentative := (c.overBase || c.overResolvers || c.ownStruct != "") && c.Removes < need
		if c.Resolver && !c.HomeItself && (len(c.Home) > 0 || c.Repo) && (c.Removes >= need || tentative) {
			proposed[c] = true
			c.tentative = tentative
			if families[c.Family] == nil && !tentative {
				families[c.Family] = c
			}
		}
	}
	for _, c := range cands {
		// In a dependency, only the siblings the program reaches: a
		// library's every resolver is not the program's.
		if first := families[c.Family]; first != nil && !proposed[c] && barred[c] == "" && !c.User && c.Resolver && !c.HomeItself && (len(c.Home) > 0 || c.Repo) && familyShape(c, first) && (c.Module == "" || c.Removes > 0) {
			proposed[c] = true
			siblingOf[c] = first.Short
		}
	}
	// A package variable filled from a shared base another module
	// resolves, beside one of its package proposed from the findings and
	// filled so too, is one of the locations the package keeps (k9s's
	// AppDumpsDir beside AppConfigDir, both filled by InitLocs from
	// $K9S_CONFIG_DIR or adrg/xdg): proposed with it, as its sibling,
	// whatever the checking run would credit it with (the writes through
	// it may name the other's origin first, or be unproven).
	heads := map[string]*Candidate{}
	for _, c := range cands {
		if proposed[c] && !c.tentative && c.overBase && c.Shape == "package variable" && heads[c.Pkg] == nil {
			heads[c.Pkg] = c
		}
	}
	for _, c := range cands {
		if head := heads[c.Pkg]; head != nil && proposed[c] && c.tentative && c.overBase && c.Shape == "package variable" && c.Module == "" {
			c.tentative = false
			siblingOf[c] = head.Short
		}
	}
	// A struct whose field (or a method handing out a path built on
	// it) is proposed from the findings keeps the program's other roots
	// in its other fields, filled the same way from the home directory
	// or an XDG base: a finding shows one (one per write, where a value
	// passes several), the checking run the rest.
	structs := map[string]*Candidate{}
	for _, c := range cands {
		if proposed[c] && !c.tentative && !c.User && c.Removes > 0 {
			for _, t := range c.structs() {
				if structs[t] == nil {
					structs[t] = c
				}
			}
		}
	}
	for _, c := range cands {
		if proposed[c] || barred[c] != "" || c.User || !c.Resolver || c.HomeItself || len(c.Home) == 0 || c.Module != "" && c.Removes == 0 {
			continue
		}
		for _, t := range c.structs() {
			if first := structs[t]; first != nil {
				proposed[c] = true
				siblingOf[c] = first.Short
				break
			}
		}
	}
	// A function of the program's own with the name and the sources of
	// a proposed resolver, in another package, is a copy of it (a
	// package for an old format keeps one): the same root, proposed with
	// it even where no write is seen through it (its result handed on
	// where the analysis loses it), as its package reads the overrides
	// the proposal makes root-env and names the same directories.
	copyOf := map[*Candidate]string{}
	for _, c := range cands {
		if proposed[c] || onlyRead[c] == "" && barred[c] != "" || c.Module != "" || c.User || c.Finder || !c.Resolver || c.HomeItself || len(c.Home) == 0 {
			continue
		}
		for _, o := range cands {
			if proposed[o] && copies(c, o) {
				proposed[c] = true
				copyOf[c] = o.Short
				break
			}
		}
	}
	for _, c := range cands {
		switch {
		case proposed[c]:
			p.Authorities = append(p.Authorities, Authority{Candidate: c, SiblingOf: siblingOf[c], CopyOf: copyOf[c]})
		case barred[c] != "" && barred[c] != "runtime":
			p.NotProposed = append(p.NotProposed, NotProposed{c.Short, c.At, barred[c]})
		case c.Finder && c.Below != "":
			p.NotProposed = append(p.NotProposed, NotProposed{c.Short, c.At, "returns a file it finds existing, but its package takes the directory of what it returns at " + c.Below + ": state of the program's own beside the user's file, no user path"})
		case c.User:
			// A flag accessor no finding passes through needs no entry.
		case len(c.Home) == 0 && !c.Repo:
			// Built on environment variables alone: no resolver; an
			// override of the program's below (root-env), or not a root.
		case c.Module != "" || c.Removes == 0:
			// A dependency's function nobody's findings pass through is
			// not the program's business; one of the program's own that
			// feeds no finding is no resolver worth a word.
		case !c.Resolver:
			p.NotProposed = append(p.NotProposed, NotProposed{c.Short, c.At, fmt.Sprintf("only joins onto %s, with no override variable: an ad hoc root, not a resolver (%s)", strings.Join(c.Home, " and "), plural(c.Removes, "finding", "findings"))})
		case c.HomeItself:
			p.NotProposed = append(p.NotProposed, NotProposed{c.Short, c.At, fmt.Sprintf("returns the home directory itself (%s), no directory of the program's own: a path joined onto it is an ad hoc root (%s)", c.Sources(), plural(c.Removes, "finding", "findings"))})
		default:
			p.NotProposed = append(p.NotProposed, NotProposed{c.Short, c.At, fmt.Sprintf("reads %s but feeds only %s", c.Sources(), plural(c.Removes, "finding", "findings"))})
		}
	}
	slices.SortStableFunc(p.NotProposed, func(a, b NotProposed) int { return cmp.Compare(a.Name, b.Name) })

	// root-env: the program's own override variables the authorities read
	// (not one proposed tentatively: what its body reads besides the
	// bases, a pager or a key directory, is no override of a root).
	seen := map[string]bool{}
	for _, a := range p.Authorities {
		if a.tentative {
			continue
		}
		for _, e := range a.Env {
			if !seen[e] && ownOverride(e) {
				seen[e] = true
				why := "the override " + a.Short + " reads"
				if how := a.flagEnv[e]; how != "" {
					why += " through " + how
				}
				p.RootEnv = append(p.RootEnv, Entry{e, why})
			}
		}
	}
	// An environment variable that alone fills a variable or field the
	// program writes under, named like the authorities' own overrides
	// (HELM_PLUGINS beside HELM_DATA_HOME), overrides one of the
	// program's paths; one taken in place of a name in the working
	// directory (a report's default "report.txt") replaces the user's
	// file, no path of the program's.
	prefixes := map[string]string{}
	cwdDefault := map[string]bool{}
	for _, o := range origins {
		all := append([]FindingOrigin{o}, o.Others...)
		if !slices.ContainsFunc(all, func(x FindingOrigin) bool { return x.Rel }) {
			continue
		}
		for _, x := range all {
			if name, ok := strings.CutPrefix(x.Src, "$"); ok {
				cwdDefault[name] = true
			}
		}
	}
	for _, e := range p.RootEnv {
		if pre, _, ok := strings.Cut(e.Value, "_"); ok {
			prefixes[pre+"_"] = e.Value
		}
	}
	for _, c := range cands {
		if len(c.Home) > 0 || c.Repo || c.Removes == 0 || c.Module != "" {
			continue
		}
		for _, e := range c.Env {
			pre, _, ok := strings.Cut(e, "_")
			if other := prefixes[pre+"_"]; ok && other != "" && !seen[e] && !cwdDefault[e] && ownOverride(e) {
				seen[e] = true
				p.RootEnv = append(p.RootEnv, Entry{e, fmt.Sprintf("fills %s, which the program writes under; named like %s", c.Short, other)})
			}
		}
	}
	// state-dir: the program's own dot-directory, from its own resolvers
	// first: the one the most findings go under (the authorities naming
	// it together), the shorter name on a tie.
	for _, main := range []bool{true, false} {
		removes := map[string]int{}
		first := map[string]*Candidate{}
		for _, a := range p.Authorities {
			// A name looked up both in the home and in the project
			// ("~/.apprc", "./.apprc") is a file's as often as a
			// directory's: no state-dir.
			if a.StateDir != "" && (a.Module == "") == main && !(a.Repo && len(a.Home) > 0) {
				removes[a.StateDir] += a.Removes
				if first[a.StateDir] == nil {
					first[a.StateDir] = a.Candidate
				}
			}
		}
		var best string
		for d, n := range removes {
			if best == "" || n > removes[best] || n == removes[best] && (len(d) < len(best) || len(d) == len(best) && d < best) {
				best = d
			}
		}
		if c := first[best]; c != nil && p.StateDir.Value == "" {
			why := "the directory " + c.Short + " joins onto " + strings.Join(c.Home, " or ")
			if len(c.Home) == 0 && c.Repo && c.RepoDir == "" {
				why = "the directory the program keeps below the project directory " + c.Short + " finds"
			} else if len(c.Home) == 0 {
				why = "the repository's directory " + c.Short + " resolves"
			}
			p.StateDir = Entry{c.StateDir, why}
		}
	}
	// Shared bases: the root is the program's name below each, which
	// the findings through them show; state-dir names it when nothing
	// else does.
	if name := markBases(p.Authorities, origins, below); name != "" && p.StateDir.Value == "" {
		p.StateDir = Entry{"." + name, "the directory the program keeps below the shared bases it writes under (" + baseNames(p.Authorities) + ")"}
	}
	// root-env, again: a variable of the program's own that it takes in
	// place of a path an authority resolves (one write's value is
	// either: lazygit's LogPath returns $LAZYGIT_LOG_PATH, else a file
	// beside its state; helm keeps $HELM_PLUGINS, else
	// helmpath.DataPath("plugins"), in a field the writes read)
	// overrides that root's entry, however it is named: a name that
	// says file (outputFileVar) is no file the user chose there, and is
	// proposed here; any other is proposed after the directory
	// variables' rules below, which say more where they apply (inPlace).
	// Options parsed like the command line (optionsVar) are the user's
	// whatever they replace.
	var inPlace []Entry
	// holder returns the authority an origin arose in or was stored
	// into, or that hands out the values of the resolver it arose in
	// (helmpath.DataPath, lazypath.dataPath's), or nil.
	holder := func(x FindingOrigin) *Authority {
		for i := range p.Authorities {
			if p.Authorities[i].HoldsOrigin(x) {
				return &p.Authorities[i]
			}
		}
		for _, c := range cands {
			if c.behind == nil || !c.HoldsOrigin(x) {
				continue
			}
			for i := range p.Authorities {
				if p.Authorities[i].Candidate == c.behind {
					return &p.Authorities[i]
				}
			}
		}
		return nil
	}
	for _, o := range origins {
		all := append([]FindingOrigin{o}, o.Others...)
		var by *Authority
		for _, x := range all {
			if by = holder(x); by != nil {
				break
			}
		}
		if by == nil {
			continue
		}
		for _, x := range all {
			name, ok := strings.CutPrefix(x.Src, "$")
			if !ok || seen[name] || !ownOverride(name) || optionsVar().MatchString(name) || holder(x) != nil {
				continue
			}
			e := Entry{name, fmt.Sprintf("taken in place of the path %s resolves (the write at %s is given either): an override of that root", by.Short, shortPos(o.Pos))}
			if outputFileVar().MatchString(name) {
				seen[name] = true
				p.RootEnv = append(p.RootEnv, e)
			} else if !slices.ContainsFunc(inPlace, func(i Entry) bool { return i.Value == name }) {
				inPlace = append(inPlace, e)
			}
		}
	}
	// The same, spelled where the variable and the authority's path meet
	// (an env helper's default, an if's else), with or without a write
	// seen through it.
	for _, o := range envOverAuthorities(dir, p.Authorities) {
		if !seen[o.Value] && !slices.ContainsFunc(inPlace, func(i Entry) bool { return i.Value == o.Value }) {
			inPlace = append(inPlace, o.Entry)
			if o.by.tentative {
				if p.envBy == nil {
					p.envBy = map[string]*Candidate{}
				}
				p.envBy[o.Value] = o.by
			}
		}
	}
	// user-env: a variable whose value is itself the file written, or
	// holds options parsed like the command line (fzf's
	// $FZF_DEFAULT_OPTS).
	for _, o := range origins {
		name, ok := strings.CutPrefix(o.Src, "$")
		if !ok || o.Path != "" || seen[name] || !ownOverride(name) || heldByAny(p.Authorities, o) {
			continue
		}
		switch {
		case outputFileVar().MatchString(name):
			p.UserEnv = append(p.UserEnv, Entry{name, "names the file written at " + shortPos(o.Pos) + ": a path the user chose"})
		case optionsVar().MatchString(name):
			p.UserEnv = append(p.UserEnv, Entry{name, "holds options parsed like the command line (a path the program writes comes from it, " + shortPos(o.Pos) + "): the user's"})
		default:
			continue
		}
		seen[name] = true
	}
	// root-env, again: a variable of the program's own, named as a
	// directory (KOCACHE, APP_DIR, APP_HOME, APP_ROOT), that the program
	// reads itself and writes under in at least minRemoved places is a
	// root override without a resolver function.
	dirUses := map[string]map[string]bool{}
	for _, o := range origins {
		name, ok := strings.CutPrefix(o.Src, "$")
		if !ok || seen[name] || !ownOverride(name) || !dirVar().MatchString(name) || heldByAny(p.Authorities, o) {
			continue
		}
		if dirUses[name] == nil {
			dirUses[name] = map[string]bool{}
		}
		dirUses[name][o.Pos] = true
	}
	for _, name := range slices.Sorted(maps.Keys(dirUses)) {
		if n := len(dirUses[name]); n >= minRemoved {
			seen[name] = true
			p.RootEnv = append(p.RootEnv, Entry{name, fmt.Sprintf("a directory the program writes under (%s), read where it is used", plural(n, "finding", "findings"))})
		}
	}
	// root-env, once more: such a variable read in one place counts when
	// it is the program's first choice of a directory it otherwise takes
	// from the home directory or an XDG base, the one path built on both
	// where a write is reported (glow's $GLOW_CONFIG_HOME, put before
	// $XDG_CONFIG_HOME/glow and a scope library's config directories in
	// the list whose first element it writes under).
	for _, e := range overridesBeside(bases, origins, p.Authorities) {
		if !seen[e.Value] {
			seen[e.Value] = true
			p.RootEnv = append(p.RootEnv, e)
		}
	}
	for _, e := range inPlace {
		if !seen[e.Value] {
			seen[e.Value] = true
			p.RootEnv = append(p.RootEnv, e)
		}
	}
	var helpers []Entry
	p.Exclude, helpers = testSupport(findings, dir)
	for _, h := range helpers {
		p.NotProposed = append(p.NotProposed, NotProposed{Name: "exclude " + h.Value, Why: h.Why})
	}
	return p
}

// dirVar matches the name of a variable that names a directory: the
// name ends in CACHE, DIR, HOME or ROOT.
var dirVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)(CACHE|DIR|HOME|ROOT)$`) })

// overridesBeside returns, as root-env entries, the program's own
// variables named as a directory (dirVar) that a path is built on
// together with a home-like source (the home, config or cache directory,
// an XDG variable) at the line of one of the engine's findings (a
// write, or a store into what is written; not adhocroot's report of the
// join itself): the value the program takes first, before the directory
// it resolves otherwise, read in the function that builds the path (a
// resolver look-alike elsewhere, in generated code, is no such place).
// An origin an authority holds is no override of the program's below
// it. Sorted by name.
func overridesBeside(bases []PathBase, origins []FindingOrigin, auths []Authority) []Entry {
	reported := map[site]bool{}
	held := map[string]bool{}
	for _, o := range origins {
		if file, line, ok := posLine(o.Pos); ok {
			reported[site{file, line}] = true
		}
		if name, ok := strings.CutPrefix(o.Src, "$"); ok && heldByAny(auths, o) {
			held[name] = true
		}
	}
	found := map[string]Entry{}
	for _, b := range bases {
		if !reported[site{b.File, b.Line}] {
			continue
		}
		var vars, homes []string
		for _, src := range b.Sources {
			name, env := strings.CutPrefix(src, "$")
			switch {
			case !env || strings.HasPrefix(strings.ToUpper(name), "XDG_") || platformDirVar[strings.ToUpper(name)]:
				homes = append(homes, src)
			case ownOverride(name) && dirVar().MatchString(name) && !held[name]:
				vars = append(vars, name)
			}
		}
		if len(homes) == 0 {
			continue
		}
		for _, v := range vars {
			if _, ok := found[v]; !ok && slices.Contains(envReadsAround(b.File, b.Line), v) {
				found[v] = Entry{v, fmt.Sprintf("the program's own override, taken before %s for the directory written under at %s", strings.Join(homes, " and "), shortPos(fmt.Sprintf("%s:%d:1", b.File, b.Line)))}
			}
		}
	}
	out := slices.Collect(maps.Values(found))
	slices.SortFunc(out, func(x, y Entry) int { return cmp.Compare(x.Value, y.Value) })
	return out
}

// (A candidate built both on a home-like source and on a dot-name in the
// working directory, "~/.apprc" and "./.apprc", is a resolver by its
// shape too: it is proposed for one finding.)

// copies reports whether c is a copy of o, a resolver of the program's
// own: a function or method of the same shape and name (and receiver
// type) in another package, built on the same sources.
func copies(c, o *Candidate) bool {
	local := func(x *Candidate) string { return x.Name[strings.LastIndex(x.Name, ".")+1:] }
	return o.Module == "" && !o.User && !o.tentative && o.Pkg != c.Pkg && o.Shape == c.Shape && o.receiver == c.receiver &&
		(c.Shape == "function" || c.Shape == "method") && local(o) == local(c) &&
		slices.Equal(o.Home, c.Home) && slices.Equal(o.Env, c.Env)
}

// ownDotDir reports whether c reads an override variable of the
// program's own and joins a dot-directory of its own onto a home-like
// source: a resolver by its shape, proposed for the one finding it feeds.
func ownDotDir(c *Candidate) bool {
	return c.StateDir != "" && len(c.Home) > 0 && slices.ContainsFunc(c.Env, ownOverride)
}

// familyShape reports whether c belongs with first: of a family of
// functions, the functions (not a variable next to them); of a type, its
// methods.
func familyShape(c, first *Candidate) bool {
	fn := func(s string) bool { return s != "package variable" && s != "field" }
	return fn(c.Shape) == fn(first.Shape)
}

// heldByAny reports whether o's origin arose in one of the authorities.
func heldByAny(auths []Authority, o FindingOrigin) bool {
	return slices.ContainsFunc(auths, func(a Authority) bool { return a.Holds(o.File, o.Line) })
}

// notOwn are environment variables that are inputs of every resolver,
// not a program's override: the home directory, the XDG base directories
// (matched apart, by prefix) and the platforms' own directories.
var notOwn = map[string]bool{
	"HOME": true, "USERPROFILE": true, "HOMEDRIVE": true, "HOMEPATH": true,
	"APPDATA": true, "LOCALAPPDATA": true, "PROGRAMDATA": true, "ALLUSERSPROFILE": true,
	"TMPDIR": true, "TMP": true, "TEMP": true, "PWD": true, "USER": true, "USERNAME": true, "LOGNAME": true,
	"PATH": true, "SHELL": true, "SYSTEMROOT": true, "WINDIR": true, "SYSTEMDRIVE": true,
}

// ownOverride reports whether an environment variable a resolver reads
// is the program's own override: not $HOME, not $XDG_*, not another
// platform's directory variable ($LocalAppData, $AppData).
func ownOverride(name string) bool {
	up := strings.ToUpper(name)
	return !notOwn[up] && !strings.HasPrefix(up, "XDG_")
}

// outputFileVar matches the name of a variable that names an output
// file: the last word FILE, LOG, PROFILE or OUTPUT, or FILE_PATH or
// LOG_PATH. A bare _PATH or _DIR (PX_DB_PATH) may name state kept outside
// the roots.
var outputFileVar = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)_(FILE|LOG|PROFILE|OUTPUT|OUT|FILE_PATH|LOG_PATH)$`)
})

// optionsVar matches the name of a variable holding options parsed like
// the command line: the last word OPTS, OPTIONS, ARGS or FLAGS.
var optionsVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)_(OPTS|OPTIONS|ARGS|FLAGS)$`) })

// envReadsAround returns the environment variables the function
// declared around line of file reads by name (the constant first
// argument of a call whose function's name says env: os.Getenv,
// os.LookupEnv, envOr), in a file that is neither a test's nor
// generated.
func envReadsAround(file string, line int) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
	if err != nil || skipFile(fset, f) {
		return nil
	}
	var around []ast.Node
	for _, d := range f.Decls {
		if fset.Position(d.Pos()).Line <= line && fset.Position(d.End()).Line >= line {
			around = append(around, d)
		}
	}
	return envNamesIn(around...)
}

// posLine returns the file and line of a position "/abs/file.go:12:3".
func posLine(pos string) (string, int, bool) {
	i := strings.LastIndex(pos, ".go:")
	if i < 0 {
		return "", 0, false
	}
	line, _, _ := strings.Cut(pos[i+4:], ":")
	n, err := strconv.Atoi(line)
	return pos[:i+3], n, err == nil
}

// shortPos renders "/abs/mod/dir/file.go:12:3" as "dir/file.go:12",
// relative to the module root where it is known (report.ModuleRelative).
func shortPos(pos string) string {
	file, line := pos, ""
	if i := strings.LastIndex(pos, ".go:"); i >= 0 {
		file, line = pos[:i+3], pos[i+3:]
		if j := strings.LastIndex(line, ":"); j > 0 {
			line = line[:j] // the column
		}
	}
	return report.ModuleRelative(file) + line
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
