package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	iofs "io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/analyzers/probe"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/glob"
	"github.com/staterootlint/staterootlint/stateroots"
)

// noConfigHint says, once per run that has findings, that no
// configuration file was found: the findings of a first run mostly point
// at the program's own resolver, which only the configuration can declare.
// A clean run needs no explanation.
func (c *cli) noConfigHint(dir string) {
	fmt.Fprintf(c.stderr, "%s: no %s in %s or any parent directory: running with the defaults; '%s init' proposes one from the program's own state-dir resolvers\n",
		progname, config.FileName, dir, progname)
}

// minRemoved is how many findings a resolver must account for to be
// proposed on its own: a state directory feeds many writes, and a
// function that feeds one is as likely a single shadow write as a
// resolver. A sibling of a proposed resolver is proposed whatever it
// removes.
const minRemoved = 2

// maxNotProposed bounds the "not proposed" comments.
const maxNotProposed = 8

// Exit codes of init --check.
const (
	checkSame    = exitClean    // the file declares what init proposes
	checkDiffers = exitFindings // it does not: the differences are listed
)

// init is the init subcommand: it proposes a configuration file, or with
// --check compares the existing one with the proposal.
func (c *cli) init(args []string) int {
	var f flags
	var write, check bool
	var output string
	fs := pflag.NewFlagSet(progname+" init", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.BoolVar(&write, "write", false, "write the proposal to --output as well as printing it (never over an existing file)")
	fs.StringVarP(&output, "output", "o", config.FileName, "the `FILE` --write creates, relative to -C")
	fs.BoolVar(&check, "check", false, "compare the existing "+config.FileName+" with the proposal and list the differences (exit 1 when they differ)")
	fs.StringVar(&f.tags, "tags", "", "comma-separated build `TAGS`, as go build -tags")
	fs.StringVarP(&f.dir, "chdir", "C", "", "run as if started in `DIR` (like go -C)")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress line on stderr")
	fs.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the analysis cache")
	if err := fs.Parse(args); errors.Is(err, pflag.ErrHelp) {
		fmt.Fprintf(c.stdout, "Usage:\n  %s init [flags] [packages]\n\nProposes a %s for the packages (default ./...): the program's own\nstate-directory resolvers (functions, memoizing methods, package variables,\nin the program or a dependency) as authorities, the program's own override\nvariables as root-env, its dot-directory as state-dir, test support left out.\nWith --check it compares the existing file with the proposal: exit 0 when\nthey agree, 1 when they differ (the differences on stdout), 78 when there is\nno file.\n\nFlags:\n%s",
			progname, config.FileName, fs.FlagUsagesWrapped(80))
		return exitClean
	} else if err != nil {
		return c.usageError("init: %v", err)
	}
	if write && check {
		return c.usageError("init: --write and --check exclude each other")
	}
	target := userPath(f.dir, output)
	if write {
		if _, err := os.Lstat(target); err == nil {
			fmt.Fprintf(c.stderr, "%s: init --write: %s exists, and init never overwrites a configuration; print the proposal without --write and merge it by hand, or pass --output OTHER\n", progname, target)
			return exitConfig
		}
	}
	if findAnalyzer(c.suite, "rootflow") == nil {
		return c.usageError("init needs the rootflow engine, which this build does not have")
	}
	req, code := c.newRequest(f, fs.Args(), c.suite)
	if code != exitClean {
		return code
	}
	existing := req.cfg
	if check && existing.Source == "" {
		fmt.Fprintf(c.stderr, "%s: init --check: no %s in %s or any parent directory to compare; write one with '%s init --write'\n", progname, config.FileName, req.dir, progname)
		return exitConfig
	}

	// One analysis, with the defaults whatever file exists: the findings,
	// where each one's offending origin arose, and every package's facts.
	opts := c.driverOptions(req)
	opts.Config, opts.ExplicitConfig = unprovenComputed(&config.Config{}), true
	opts.CacheDir = ""
	opts.Analyzers = append(analyzers.Linters(req.roots), probe.Origins) // inventory plays no part in a proposal
	opts.Facts, opts.DepFacts = true, true
	var origins []probe.FindingOrigin
	var bases []probe.PathBase
	var uses []probe.UsedFunc
	opts.Collect = map[*analysis.Analyzer]func(string, any){probe.Origins: func(_ string, r any) {
		if r, ok := r.(*probe.FindingOrigins); ok && r != nil {
			origins = append(origins, r.Findings...)
			bases = append(bases, r.Bases...)
			uses = append(uses, r.Uses...)
		}
	}}
	res, err := driver.Run(context.Background(), opts)
	if err != nil {
		return c.driverError(err)
	}
	before, _ := dropUnproven(res.Findings)
	cands, err := probe.Gather(res.Facts, origins, bases, uses)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: internal error: %v; please report it\n", progname, err)
		return exitUsage
	}
	prop := propose(cands, origins, before, req.dir)
	prop.apps = libraryApps(req.dir)
	text := prop.render(req.patterns)

	cfg, err := config.Decode([]byte(text), "the proposal")
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: internal error: the proposal does not load: %v; please report it\n%s", progname, err, text)
		return exitUsage
	}
	if check {
		// No checking run: the finders, which only that run credits,
		// are left out.
		if slices.ContainsFunc(prop.authorities, func(c *probe.Candidate) bool { return c.Finder }) {
			prop.authorities = slices.DeleteFunc(prop.authorities, func(c *probe.Candidate) bool { return c.Finder })
			if cfg, err = config.Decode([]byte(prop.render(req.patterns)), "the proposal"); err != nil {
				fmt.Fprintf(c.stderr, "%s: internal error: the proposal does not load: %v; please report it\n", progname, err)
				return exitUsage
			}
		}
		diffs := configDiff(existing, cfg)
		if len(diffs) == 0 {
			fmt.Fprintf(c.stdout, "%s agrees with what init proposes\n", existing.Source)
			return checkSame
		}
		fmt.Fprintf(c.stdout, "%s differs from what init proposes (+ proposed, not in the file; - in the file, not proposed):\n", existing.Source)
		for _, d := range diffs {
			fmt.Fprintln(c.stdout, d)
		}
		return checkDiffers
	}

	// One run checks the whole proposal. It keeps its results in the
	// cache (unless --no-cache): the first run with the file written
	// unchanged finds them there.
	opts = c.driverOptions(req)
	opts.Config, opts.ExplicitConfig = unprovenComputed(cfg), true
	opts.Analyzers = analyzers.Linters(opts.Analyzers) // as a lint runs (analyze)
	res, err = driver.Run(context.Background(), opts)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: internal error: the proposal does not run: %v; please report it\n%s", progname, err, text)
		return exitUsage
	}
	after, _ := dropUnproven(res.Findings)
	if finders, dropped := prop.settleFinders(origins, before, after, prop.excluded(req.dir)); finders {
		// The finders' effect is known now; a finder dropped changes the
		// file and what it removes.
		text = prop.render(req.patterns)
		if dropped {
			if cfg, err = config.Decode([]byte(text), "the proposal"); err == nil {
				opts.Config = unprovenComputed(cfg)
				res, err = driver.Run(context.Background(), opts)
			}
			if err != nil {
				fmt.Fprintf(c.stderr, "%s: internal error: the proposal does not run: %v; please report it\n%s", progname, err, text)
				return exitUsage
			}
			after, _ = dropUnproven(res.Findings)
		}
	}
	text += fmt.Sprintf("# With this file: %s (without it: %d).\n", plural(len(after), "finding", "findings"), len(before))
	if _, err := io.WriteString(c.stdout, text); err != nil {
		fmt.Fprintf(c.stderr, "%s: write output: %v\n", progname, err)
		return exitUsage
	}
	if !write {
		fmt.Fprintf(c.stderr, "%s: review the proposal, then write it with '%s init --write'\n", progname, progname)
		return exitClean
	}
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, iofs.ErrExist) {
		fmt.Fprintf(c.stderr, "%s: init --write: %s appeared while init ran; not overwritten\n", progname, target)
		return exitConfig
	}
	if err == nil {
		_, err = io.WriteString(out, text)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: write %s: %v\n", progname, target, err)
		return exitUsage
	}
	fmt.Fprintf(c.stderr, "%s: wrote %s\n", progname, target)
	return exitClean
}

// settleFinders decides the proposed finders (probe.Candidate.Finder)
// from the findings of the analysis with the defaults (before, origins)
// and of the run with the whole proposal (after): a finder is credited
// with the findings the run removed in its package that no other entry
// accounts for (an authority holding the origin, an excluded directory,
// a user-env variable). A finder credited with none is dropped. It
// returns whether the proposal had finders and whether it dropped one.
// Several finders in one package share their credit.
func (p *proposalData) settleFinders(origins []probe.FindingOrigin, before, after []finding, exclude func(string) bool) (finders, dropped bool) {
	var found, others []*probe.Candidate
	for _, c := range p.authorities {
		if c.Finder {
			found = append(found, c)
		} else {
			others = append(others, c)
		}
	}
	if len(found) == 0 {
		return false, false
	}
	kept := map[string]bool{}
	for _, f := range after {
		kept[f.Analyzer+" "+f.Pos.String()] = true
	}
	byPos := map[string][]probe.FindingOrigin{}
	for _, o := range origins {
		byPos[o.Pos] = append(byPos[o.Pos], o)
	}
	userEnv := map[string]bool{}
	for _, e := range p.userEnv {
		userEnv["$"+e.value] = true
	}
	removed := map[string]map[string]bool{} // by package
	for _, f := range before {
		pos := f.Pos.String()
		os := byPos[pos]
		if kept[f.Analyzer+" "+pos] || len(os) == 0 || exclude(f.Pos.Filename) || slices.ContainsFunc(os, func(o probe.FindingOrigin) bool {
			return userEnv[o.Src] || slices.ContainsFunc(others, func(c *probe.Candidate) bool { return c.HoldsOrigin(o) })
		}) {
			continue
		}
		if removed[f.Package] == nil {
			removed[f.Package] = map[string]bool{}
		}
		removed[f.Package][pos] = true
	}
	var drop []*probe.Candidate
	for _, c := range found {
		if c.Removes = len(removed[c.Pkg]); c.Removes == 0 {
			drop = append(drop, c)
		}
	}
	p.authorities = slices.DeleteFunc(p.authorities, func(c *probe.Candidate) bool { return slices.Contains(drop, c) })
	return true, len(drop) > 0
}

// excluded returns whether a file is in a directory the proposal
// excludes (globs relative to the module root of dir).
func (p *proposalData) excluded(dir string) func(string) bool {
	root, _ := config.ModuleRoot(dir)
	return func(file string) bool {
		rel, err := filepath.Rel(root, file)
		if root == "" || err != nil {
			return false
		}
		for _, e := range p.exclude {
			if ok, _ := glob.Match(glob.Exclude(e.value), filepath.ToSlash(rel)); ok {
				return true
			}
		}
		return false
	}
}

// findAnalyzer returns the analyzer named name in the Requires closure of
// suite.
func findAnalyzer(suite []*analysis.Analyzer, name string) *analysis.Analyzer {
	for _, a := range config.Closure(suite) {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// notProposed is a candidate that is not proposed, and why.
type notProposed struct{ name, at, why string }

// entry is a proposed value with the reason shown above it.
type entry struct{ value, why string }

// proposalData is what init proposes.
type proposalData struct {
	authorities []*probe.Candidate
	why         map[*probe.Candidate]string // the reason of a sibling proposed for its family
	rootEnv     []entry
	userEnv     []entry
	exclude     []entry
	stateDir    entry
	notProposed []notProposed
	apps        []libraryApp
}

// propose decides the proposal from the candidates, the findings'
// origins and the findings (unproven ones dropped) of the analysis with
// the defaults. dir is where init runs, in the main module.
func propose(cands []*probe.Candidate, origins []probe.FindingOrigin, findings []finding, dir string) *proposalData {
	p := &proposalData{why: map[*probe.Candidate]string{}}
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
	proposed := map[*probe.Candidate]bool{}
	families := map[string]*probe.Candidate{}
	for _, c := range cands {
		// A flag accessor the findings pass through returns the user's
		// value: declared user, it is no resolver and has no family.
		if c.User {
			// A finder is proposed for the run with the whole proposal
			// to say what it removes (settleFinders).
			proposed[c] = c.Removes > 0 || c.Finder && c.Below == ""
			continue
		}
		// A variable or field is reported once, where the path is
		// stored into it, for every write of it.
		need := minRemoved
		if c.Shape == "package variable" || c.Shape == "field" || ownDotDir(c) || c.Repo && len(c.Home) > 0 {
			need = 1
		}
		if c.Resolver && !c.HomeItself && (len(c.Home) > 0 || c.Repo) && c.Removes >= need {
			proposed[c] = true
			if families[c.Family] == nil {
				families[c.Family] = c
			}
		}
	}
	for _, c := range cands {
		// In a dependency, only the siblings the program reaches: a
		// library's every resolver is not the program's.
		if first := families[c.Family]; first != nil && !proposed[c] && !c.User && c.Resolver && !c.HomeItself && (len(c.Home) > 0 || c.Repo) && familyShape(c, first) && (c.Module == "" || c.Removes > 0) {
			proposed[c] = true
			p.why[c] = "a sibling of " + first.Short
		}
	}
	for _, c := range cands {
		switch {
		case proposed[c]:
			p.authorities = append(p.authorities, c)
		case c.Finder && c.Below != "":
			p.notProposed = append(p.notProposed, notProposed{c.Short, c.At, "returns a file it finds existing, but its package takes the directory of what it returns at " + c.Below + ": state of the program's own beside the user's file, no user path"})
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
			p.notProposed = append(p.notProposed, notProposed{c.Short, c.At, fmt.Sprintf("only joins onto %s, with no override variable: an ad hoc root, not a resolver (%s)", strings.Join(c.Home, " and "), plural(c.Removes, "finding", "findings"))})
		case c.HomeItself:
			p.notProposed = append(p.notProposed, notProposed{c.Short, c.At, fmt.Sprintf("returns the home directory itself (%s), no directory of the program's own: a path joined onto it is an ad hoc root (%s)", c.Sources(), plural(c.Removes, "finding", "findings"))})
		default:
			p.notProposed = append(p.notProposed, notProposed{c.Short, c.At, fmt.Sprintf("reads %s but feeds only %s", c.Sources(), plural(c.Removes, "finding", "findings"))})
		}
	}
	slices.SortStableFunc(p.notProposed, func(a, b notProposed) int { return cmp.Compare(a.name, b.name) })

	// root-env: the program's own override variables the authorities read.
	seen := map[string]bool{}
	for _, c := range p.authorities {
		for _, e := range c.Env {
			if !seen[e] && ownOverride(e) {
				seen[e] = true
				p.rootEnv = append(p.rootEnv, entry{e, "the override " + c.Short + " reads"})
			}
		}
	}
	// An environment variable that alone fills a variable or field the
	// program writes under, named like the authorities' own overrides
	// (HELM_PLUGINS beside HELM_DATA_HOME), overrides one of the
	// program's paths.
	prefixes := map[string]string{}
	for _, e := range p.rootEnv {
		if pre, _, ok := strings.Cut(e.value, "_"); ok {
			prefixes[pre+"_"] = e.value
		}
	}
	for _, c := range cands {
		if len(c.Home) > 0 || c.Repo || c.Removes == 0 || c.Module != "" {
			continue
		}
		for _, e := range c.Env {
			pre, _, ok := strings.Cut(e, "_")
			if other := prefixes[pre+"_"]; ok && other != "" && !seen[e] && ownOverride(e) {
				seen[e] = true
				p.rootEnv = append(p.rootEnv, entry{e, fmt.Sprintf("fills %s, which the program writes under; named like %s", c.Short, other)})
			}
		}
	}
	// state-dir: the program's own dot-directory, from its own resolvers
	// first: the one the most findings go under (the authorities naming
	// it together), the shorter name on a tie.
	for _, main := range []bool{true, false} {
		removes := map[string]int{}
		first := map[string]*probe.Candidate{}
		for _, c := range p.authorities {
			// A name looked up both in the home and in the project
			// ("~/.apprc", "./.apprc") is a file's as often as a
			// directory's: no state-dir.
			if c.StateDir != "" && (c.Module == "") == main && !(c.Repo && len(c.Home) > 0) {
				removes[c.StateDir] += c.Removes
				if first[c.StateDir] == nil {
					first[c.StateDir] = c
				}
			}
		}
		var best string
		for d, n := range removes {
			if best == "" || n > removes[best] || n == removes[best] && (len(d) < len(best) || len(d) == len(best) && d < best) {
				best = d
			}
		}
		if c := first[best]; c != nil && p.stateDir.value == "" {
			why := "the directory " + c.Short + " joins onto " + strings.Join(c.Home, " or ")
			if len(c.Home) == 0 {
				why = "the repository's directory " + c.Short + " resolves"
			}
			p.stateDir = entry{c.StateDir, why}
		}
	}
	// user-env: a variable whose value is itself the file written.
	for _, o := range origins {
		name, ok := strings.CutPrefix(o.Src, "$")
		if !ok || o.Path != "" || seen[name] || !ownOverride(name) || !outputFileVar.MatchString(name) || heldByAny(p.authorities, o) {
			continue
		}
		seen[name] = true
		p.userEnv = append(p.userEnv, entry{name, "names the file written at " + shortPos(o.Pos) + ": a path the user chose"})
	}
	// root-env, again: a variable of the program's own, named as a
	// directory (KOCACHE, APP_DIR, APP_HOME, APP_ROOT), that the program
	// reads itself and writes under in at least minRemoved places is a
	// root override without a resolver function.
	dirUses := map[string]map[string]bool{}
	for _, o := range origins {
		name, ok := strings.CutPrefix(o.Src, "$")
		if !ok || seen[name] || !ownOverride(name) || !dirVar.MatchString(name) || heldByAny(p.authorities, o) {
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
			p.rootEnv = append(p.rootEnv, entry{name, fmt.Sprintf("a directory the program writes under (%s), read where it is used", plural(n, "finding", "findings"))})
		}
	}
	p.exclude = testSupport(findings, dir)
	return p
}

// dirVar matches the name of a variable that names a directory: the
// name ends in CACHE, DIR, HOME or ROOT.
var dirVar = regexp.MustCompile(`(?i)(CACHE|DIR|HOME|ROOT)$`)

// (A candidate built both on a home-like source and on a dot-name in the
// working directory, "~/.apprc" and "./.apprc", is a resolver by its
// shape too: it is proposed for one finding.)

// ownDotDir reports whether c reads an override variable of the
// program's own and joins a dot-directory of its own onto a home-like
// source: a resolver by its shape, proposed for the one finding it feeds.
func ownDotDir(c *probe.Candidate) bool {
	return c.StateDir != "" && len(c.Home) > 0 && slices.ContainsFunc(c.Env, ownOverride)
}

// familyShape reports whether c belongs with first: of a family of
// functions, the functions (not a variable next to them); of a type, its
// methods.
func familyShape(c, first *probe.Candidate) bool {
	fn := func(s string) bool { return s != "package variable" && s != "field" }
	return fn(c.Shape) == fn(first.Shape)
}

// heldByAny reports whether o's origin arose in one of cands.
func heldByAny(cands []*probe.Candidate, o probe.FindingOrigin) bool {
	return slices.ContainsFunc(cands, func(c *probe.Candidate) bool { return c.Holds(o.File, o.Line) })
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
var outputFileVar = regexp.MustCompile(`(?i)_(FILE|LOG|PROFILE|OUTPUT|OUT|FILE_PATH|LOG_PATH)$`)

// testSupportName matches a directory that is test support by its name
// alone: test, tests, testing, testutil(s), testlib, testhelper(s), and
// a mock or fake by its first or last word (mockstore, apimock, fakes).
// A name that only ends like test (latest, contest) is not enough.
var testSupportName = regexp.MustCompile(`^(tests?|testing|testutils?|testlib|testhelpers?)$|^(mock|fake)|(mocks?|fakes?)$`)

// testSupport proposes to exclude the test-support packages of the main
// module that have findings: a glob per outermost such directory. A
// directory is test support by its name (testutil, mockstore), or,
// whatever its name (repotest, golden, snapshots), by a non-test file
// that takes a test's handle (testing.T, TB, B, F or M); a package that
// imports "testing" only to call testing.Testing, or is named like test
// support without taking a handle (latest), is ordinary code.
func testSupport(findings []finding, dir string) []entry {
	root, err := config.ModuleRoot(dir)
	if err != nil || root == "" {
		return nil
	}
	count := map[string]int{}
	imports := map[string]bool{}
	for _, f := range findings {
		fdir := filepath.Dir(f.Pos.Filename)
		rel, err := filepath.Rel(root, fdir)
		if err != nil || strings.HasPrefix(rel, "..") || rel == "." {
			continue
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		for i, p := range parts {
			sub := filepath.Join(root, filepath.FromSlash(strings.Join(parts[:i+1], "/")))
			if testSupportName.MatchString(p) || takesTestHandle(sub, imports) {
				count[strings.Join(parts[:i+1], "/")+"/**"]++
				break
			}
		}
	}
	var out []entry
	for glob, n := range count {
		out = append(out, entry{glob, fmt.Sprintf("test support compiled as normal code (%s)", plural(n, "finding", "findings"))})
	}
	slices.SortFunc(out, func(a, b entry) int { return cmp.Compare(a.value, b.value) })
	return out
}

// takesTestHandle reports whether a non-test file of the package in dir
// refers to a test's handle, testing.T, TB, B, F or M (memoized in seen).
func takesTestHandle(dir string, seen map[string]bool) bool {
	if v, ok := seen[dir]; ok {
		return v
	}
	seen[dir] = false
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		local := ""
		for _, imp := range f.Imports {
			if imp.Path.Value == `"testing"` {
				local = "testing"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" || local == "_" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == local && testHandles[sel.Sel.Name] {
					seen[dir] = true
				}
			}
			return !seen[dir]
		})
		if seen[dir] {
			return true
		}
	}
	return false
}

// testHandles are the types of package testing a test's helper takes.
var testHandles = map[string]bool{"T": true, "TB": true, "B": true, "F": true, "M": true}

// shortPos renders "/abs/dir/file.go:12:3" as "file.go:12".
func shortPos(pos string) string {
	base := filepath.Base(pos)
	if i := strings.LastIndex(base, ":"); i > 0 && strings.Count(base, ":") == 2 {
		return base[:i]
	}
	return base
}

// libraryApp is an application name a program passes to the stateroots
// library.
type libraryApp struct{ app, at string }

// libraryApps returns the constant application names the main module's
// files (below dir's module root) pass to the stateroots authorities: a
// program that already uses the library has its state-dir name and
// override variable there. Only files importing the library are parsed
// whole.
func libraryApps(dir string) []libraryApp {
	root, err := config.ModuleRoot(dir)
	if err != nil || root == "" {
		return nil
	}
	var out []libraryApp
	seen := map[string]bool{}
	fset := token.NewFileSet()
	_ = filepath.WalkDir(root, func(path string, d iofs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); path != root && err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return nil
		}
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasSuffix(p, "staterootlint/stateroots") {
				local = "stateroots"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" {
			return nil
		}
		if f, err = parser.ParseFile(fset, path, nil, 0); err != nil {
			return nil
		}
		consts := packageConsts(fset, filepath.Dir(path))
		appOf := func(arg ast.Expr) (string, bool) {
			switch arg := arg.(type) {
			case *ast.BasicLit:
				if arg.Kind == token.STRING {
					s, err := strconv.Unquote(arg.Value)
					return s, err == nil
				}
			case *ast.Ident:
				s, ok := consts[arg.Name]
				return s, ok
			}
			return "", false
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// stateroots.DirConfig{App: app}
			if lit, ok := n.(*ast.CompositeLit); ok {
				if sel, ok := lit.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "DirConfig" {
					for _, e := range lit.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "App" {
								if app, ok := appOf(kv.Value); ok && app != "" && !seen[app] {
									seen[app] = true
									pos := fset.Position(lit.Pos())
									out = append(out, libraryApp{app, fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)})
								}
							}
						}
					}
				}
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, isID := sel.X.(*ast.Ident); !isID || id.Name != local {
				return true
			}
			// The app argument: RepoStateRoot(root, app), GlobalStateRoot(app, opts...).
			var arg ast.Expr
			switch sel.Sel.Name {
			case "RepoStateRoot", "HubStateRoot":
				if len(call.Args) > 1 {
					arg = call.Args[1]
				}
			case "GlobalStateRoot", "CacheRoot", "TempRoot", "GlobalEnvVar", "DefaultMarkers":
				arg = call.Args[0]
			}
			if app, ok := appOf(arg); ok && app != "" && !seen[app] {
				seen[app] = true
				pos := fset.Position(call.Pos())
				out = append(out, libraryApp{app, fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)})
			}
			return true
		})
		return nil
	})
	slices.SortFunc(out, func(a, b libraryApp) int { return cmp.Compare(a.app, b.app) })
	return out
}

// packageConsts returns the string constants declared at package level
// in the non-test files of dir, by name.
func packageConsts(fset *token.FileSet, dir string) map[string]string {
	out := map[string]string{}
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if v, err := strconv.Unquote(lit.Value); err == nil {
								out[name.Name] = v
							}
						}
					}
				}
			}
		}
	}
	return out
}

// render writes the configuration file, a comment per entry.
func (p *proposalData) render(patterns []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s proposed by '%s init %s'.\n", config.FileName, progname, strings.Join(patterns, " "))
	b.WriteString("# Each entry says why; review them before committing the file.\n")
	switch {
	case len(p.authorities) == 0 && len(p.apps) > 0:
		b.WriteString("# The program resolves its roots with the stateroots library, whose functions\n")
		b.WriteString("# carry //staterootlint:authority: no authorities entry is needed.\n")
	case len(p.authorities) == 0:
		b.WriteString("# No function, method or variable of the program or its dependencies resolves\n")
		b.WriteString("# a state directory from the home, config or cache directory and an override\n")
		b.WriteString("# variable: derive the state paths from the stateroots library, or mark your\n")
		b.WriteString("# resolver with //staterootlint:authority.\n")
	default:
		b.WriteString("authorities:\n")
	}
	for _, c := range p.authorities {
		where := ""
		if c.Module != "" {
			where = " (in the dependency " + c.Module + ")"
		}
		what := fmt.Sprintf("resolves a directory from %s", c.Sources())
		effect := "as an authority it removes " + plural(c.Removes, "finding", "findings")
		switch {
		case c.Finder:
			what = "returns a file it finds existing in a directory or a parent: the user's file"
			effect = "as a user-chosen path it removes " + plural(c.Removes, "finding", "findings")
		case c.User:
			what = "returns the value the user gave a flag (the flag value prints itself at " + c.FlagSites() + ")"
			effect = "as a user-chosen path it removes " + plural(c.Removes, "finding", "findings")
		}
		if c.Shape != "function" {
			what = "(" + c.Shape + ") " + what
		}
		if why := p.why[c]; why != "" {
			effect += ", and it is " + why
		}
		fmt.Fprintf(&b, "  # %s%s at %s %s; %s\n", c.Short, where, c.At, what, effect)
		if len(c.Wrappers) > 0 {
			fmt.Fprintf(&b, "  # (the program reaches it through %s)\n", strings.Join(c.Wrappers, ", "))
		}
		fmt.Fprintf(&b, "  - %s=%s\n", c.Name, c.Kind())
	}
	rootEnv := slices.Clone(p.rootEnv)
	stateDir := p.stateDir
	for _, a := range p.apps {
		if stateDir.value == "" && !strings.ContainsAny(a.app, `/\`) {
			stateDir = entry{"." + a.app, fmt.Sprintf("the app name %q given to stateroots at %s", a.app, a.at)}
		}
		rootEnv = append(rootEnv, entry{stateroots.GlobalEnvVar(a.app), fmt.Sprintf("stateroots' override of the global root of %q", a.app)})
	}
	slices.SortStableFunc(rootEnv, func(x, y entry) int { return cmp.Compare(x.value, y.value) })
	rootEnv = slices.CompactFunc(rootEnv, func(x, y entry) bool { return x.value == y.value })
	list := func(key string, es []entry, trailer string) {
		if len(es) == 0 {
			return
		}
		b.WriteString(key + ":\n")
		for _, e := range es {
			fmt.Fprintf(&b, "  # %s%s\n  - %s\n", e.why, trailer, e.value)
		}
	}
	list("root-env", rootEnv, ": only the authority may read it")
	list("user-env", p.userEnv, "")
	if stateDir.value != "" {
		fmt.Fprintf(&b, "# %s: a literal naming it elsewhere is an ad hoc root\nstate-dir: %s\n", stateDir.why, stateDir.value)
	}
	b.WriteString("# test files write fixtures and t.TempDir, not state\ntests: false\n")
	b.WriteString("# generated code is fixed in its generator, not in the generated files\ngenerated: skip\n")
	list("exclude", p.exclude, "")
	if len(p.notProposed) > 0 {
		b.WriteString("# Not proposed:\n")
		for i, n := range p.notProposed {
			if i == maxNotProposed {
				fmt.Fprintf(&b, "#   and %d more\n", len(p.notProposed)-maxNotProposed)
				break
			}
			fmt.Fprintf(&b, "#   %s at %s %s\n", n.name, n.at, n.why)
		}
	}
	return b.String()
}

// configDiff lists how file differs from the proposal, key by key: "+
// authorities: X" for what the proposal has and the file lacks, "-" for
// the reverse.
func configDiff(file, prop *config.Config) []string {
	var out []string
	set := func(es []config.Entry) []string {
		var s []string
		for _, e := range es {
			s = append(s, e.Value)
		}
		slices.Sort(s)
		return slices.Compact(s)
	}
	one := func(p *string) []string {
		if p == nil || *p == "" {
			return nil
		}
		return []string{*p}
	}
	for _, k := range []struct {
		key        string
		file, prop []string
	}{
		{"authorities", set(file.Authorities), set(prop.Authorities)},
		{"root-env", set(file.RootEnv), set(prop.RootEnv)},
		{"user-env", set(file.UserEnv), set(prop.UserEnv)},
		{"state-dir", one(file.StateDir), one(prop.StateDir)},
		{"exclude", set(file.Exclude), set(prop.Exclude)},
	} {
		for _, v := range k.prop {
			if !slices.Contains(k.file, v) {
				out = append(out, "+ "+k.key+": "+v)
			}
		}
		for _, v := range k.file {
			if !slices.Contains(k.prop, v) {
				out = append(out, "- "+k.key+": "+v)
			}
		}
	}
	return out
}
