package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/staterootlint/staterootlint/analyzers/probe"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
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
// proposed: a state directory feeds many writes, and a function that
// feeds one is as likely a single shadow write as a resolver.
const minRemoved = 2

// maxNotProposed bounds the "not proposed" comments.
const maxNotProposed = 5

// resolver is a candidate init proposes, with what it removes.
type resolver struct {
	*probe.Candidate
	removes int // findings it removes as an authority
}

// init is the init subcommand: it proposes a configuration file.
func (c *cli) init(args []string) int {
	var f flags
	var write bool
	var output string
	fs := pflag.NewFlagSet(progname+" init", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.BoolVar(&write, "write", false, "write the proposal to --output as well as printing it (never over an existing file)")
	fs.StringVarP(&output, "output", "o", config.FileName, "the `FILE` --write creates, relative to -C")
	fs.StringVar(&f.tags, "tags", "", "comma-separated build `TAGS`, as go build -tags")
	fs.StringVarP(&f.dir, "chdir", "C", "", "run as if started in `DIR` (like go -C)")
	if err := fs.Parse(args); errors.Is(err, pflag.ErrHelp) {
		fmt.Fprintf(c.stdout, "Usage:\n  %s init [flags] [packages]\n\nProposes a %s for the packages (default ./...): the program's own\nstate-directory resolvers as authorities, their override variables as\nroot-env, the state-dir name; tests and generated code left out.\n\nFlags:\n%s",
			progname, config.FileName, fs.FlagUsagesWrapped(80))
		return exitClean
	} else if err != nil {
		return c.usageError("init: %v", err)
	}
	target := userPath(f.dir, output)
	if write {
		if _, err := os.Lstat(target); err == nil {
			fmt.Fprintf(c.stderr, "%s: init --write: %s exists, and init never overwrites a configuration; print the proposal without --write and merge it by hand, or pass --output OTHER\n", progname, target)
			return exitConfig
		}
	}
	engine := findAnalyzer(c.suite, "rootflow")
	if engine == nil {
		return c.usageError("init needs the rootflow engine, which this build does not have")
	}
	req, code := c.newRequest(f, fs.Args(), c.suite)
	if code != exitClean {
		return code
	}
	// The proposal is made from the defaults, whatever file exists.
	req.cfg, req.explicitConfig = &config.Config{}, true
	if _, err := req.cfg.Apply(req.roots); err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return exitConfig
	}
	pkgs, err := driver.Load(context.Background(), c.driverOptions(req))
	if err != nil {
		return c.driverError(err)
	}
	before, graph, code := c.analyzeLoaded(req.roots, pkgs)
	if code != exitClean {
		return code
	}
	cands, homeOnly := resolvers(graph)
	var proposed []*resolver
	for _, r := range cands {
		if err := setFlag(req.roots, "authorities", r.Name+"="+r.Kind()); err != nil {
			return c.usageError("%v", err)
		}
		after, _, code := c.analyzeLoaded(req.roots, pkgs)
		if code != exitClean {
			return code
		}
		if r.removes = len(before) - len(after); r.removes >= minRemoved {
			proposed = append(proposed, r)
		} else {
			homeOnly = append(homeOnly, notProposed{r.Short, r.At, fmt.Sprintf("reads %s but feeds only %s", describeSources(r.Candidate), plural(max(r.removes, 0), "finding", "findings"))})
		}
	}

	text := proposal(req.patterns, proposed, homeOnly, libraryApps(pkgs))
	cfg, err := config.Decode([]byte(text), "the proposal")
	if err == nil {
		_, err = cfg.Apply(req.roots)
	}
	if err == nil {
		err = cfg.Resolve(driver.PackageLookup(pkgs))
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: internal error: the proposal does not load: %v; please report it\n%s", progname, err, text)
		return exitUsage
	}
	after, _, code := c.analyzeLoaded(req.roots, pkgs)
	if code != exitClean {
		return code
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

// setFlag sets flag name on every analyzer of the closure that has it,
// as config.Apply does.
func setFlag(roots []*analysis.Analyzer, name, value string) error {
	for _, a := range config.Closure(roots) {
		if fl := a.Flags.Lookup(name); fl != nil {
			if err := fl.Value.Set(value); err != nil {
				return fmt.Errorf("set -%s.%s: %w", a.Name, name, err)
			}
		}
	}
	return nil
}

// analyzeLoaded runs the analyzers, as configured now, on loaded packages.
func (c *cli) analyzeLoaded(roots []*analysis.Analyzer, pkgs []*packages.Package) ([]finding, *checker.Graph, int) {
	graph, findings, err := driver.Analyze(roots, pkgs)
	if err != nil {
		return nil, nil, c.driverError(err)
	}
	return findings, graph, exitClean
}

// notProposed is a function that looked like a resolver and is not one.
type notProposed struct{ name, at, why string }

// resolvers splits the engine's candidates into resolvers to measure and
// functions that only join onto the home directory (in the main module:
// a dependency's are not the program's to fix).
func resolvers(graph *checker.Graph) ([]*resolver, []notProposed) {
	var out []*resolver
	var homeOnly []notProposed
	for _, c := range probe.Candidates(graph) {
		switch {
		case c.Resolver:
			out = append(out, &resolver{Candidate: c})
		case c.Module == "":
			homeOnly = append(homeOnly, notProposed{c.Short, c.At, "only joins onto " + strings.Join(c.Home, " and ") + ", with no override variable: an ad hoc root, not a resolver"})
		}
	}
	return out, homeOnly
}

// describeSources renders what a resolver reads: "$APP_HOME,
// $XDG_STATE_HOME and os.UserHomeDir".
func describeSources(src *probe.Candidate) string {
	var parts []string
	for _, e := range src.Env {
		parts = append(parts, "$"+e)
	}
	for _, h := range src.Home {
		if !strings.HasPrefix(h, "$") {
			parts = append(parts, h)
		}
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// libraryApp is an application name a program passes to the stateroots
// library.
type libraryApp struct{ app, at string }

// libraryApps returns the constant application names the main module's
// packages pass to the stateroots authorities: a program that already
// uses the library has its state-dir name and override variable there.
func libraryApps(pkgs []*packages.Package) []libraryApp {
	var out []libraryApp
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module == nil || !p.Module.Main || p.TypesInfo == nil {
			return
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				fn, _ := typeOfCallee(p.TypesInfo, call).(*types.Func)
				if fn == nil || fn.Pkg() == nil || !strings.HasSuffix(fn.Pkg().Path(), "staterootlint/stateroots") {
					return true
				}
				// The app argument: RepoStateRoot(root, app), GlobalStateRoot(app, opts...).
				var arg ast.Expr
				switch fn.Name() {
				case "RepoStateRoot", "HubStateRoot":
					if len(call.Args) > 1 {
						arg = call.Args[1]
					}
				case "GlobalStateRoot", "CacheRoot", "TempRoot", "GlobalEnvVar", "DefaultMarkers":
					arg = call.Args[0]
				}
				if arg == nil {
					return true
				}
				if tv, ok := p.TypesInfo.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					if app := constant.StringVal(tv.Value); app != "" && !seen[app] {
						seen[app] = true
						pos := p.Fset.Position(call.Pos())
						out = append(out, libraryApp{app, fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)})
					}
				}
				return true
			})
		}
	})
	return out
}

// typeOfCallee returns the object a call's function expression names.
func typeOfCallee(info *types.Info, call *ast.CallExpr) types.Object {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return info.Uses[fun]
	case *ast.SelectorExpr:
		return info.Uses[fun.Sel]
	}
	return nil
}

// proposal renders the configuration file, a comment per entry.
func proposal(patterns []string, proposed []*resolver, notProp []notProposed, apps []libraryApp) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s proposed by '%s init %s'.\n", config.FileName, progname, strings.Join(patterns, " "))
	b.WriteString("# Each entry says why; review them before committing the file.\n")
	stateDir, stateDirWhy := "", ""
	var rootEnv [][2]string
	switch {
	case len(proposed) == 0 && len(apps) > 0:
		b.WriteString("# The program resolves its roots with the stateroots library, whose functions\n")
		b.WriteString("# carry //staterootlint:authority: no authorities entry is needed.\n")
	case len(proposed) == 0:
		b.WriteString("# No function of the program or its dependencies resolves a state directory\n")
		b.WriteString("# from the home or config directory and an override variable: derive the\n")
		b.WriteString("# state paths from the stateroots library, or mark your resolver with\n")
		b.WriteString("# //staterootlint:authority.\n")
	default:
		b.WriteString("authorities:\n")
	}
	for _, r := range proposed {
		where := ""
		if r.Module != "" {
			where = " (in the dependency " + r.Module + ")"
		}
		fmt.Fprintf(&b, "  # %s%s at %s resolves the state dir from %s; as an authority it removes %s\n",
			r.Short, where, r.At, describeSources(r.Candidate), plural(r.removes, "finding", "findings"))
		fmt.Fprintf(&b, "  - %s=%s\n", r.Name, r.Kind())
		for _, e := range r.Env {
			if !strings.HasPrefix(e, "XDG_") {
				rootEnv = append(rootEnv, [2]string{e, "the override " + r.Short + " reads"})
			}
		}
		if stateDir == "" && r.StateDir != "" {
			stateDir, stateDirWhy = r.StateDir, "the directory "+r.Short+" joins onto "+strings.Join(r.Home, " or ")
		}
	}
	for _, a := range apps {
		if stateDir == "" && a.app != "" && !strings.ContainsAny(a.app, `/\`) {
			stateDir, stateDirWhy = "."+a.app, fmt.Sprintf("the app name %q given to stateroots at %s", a.app, a.at)
		}
		rootEnv = append(rootEnv, [2]string{stateroots.GlobalEnvVar(a.app), fmt.Sprintf("stateroots' override of the global root of %q", a.app)})
	}
	slices.SortStableFunc(rootEnv, func(x, y [2]string) int { return cmp.Compare(x[0], y[0]) })
	rootEnv = slices.CompactFunc(rootEnv, func(x, y [2]string) bool { return x[0] == y[0] })
	if len(rootEnv) > 0 {
		b.WriteString("root-env:\n")
		for _, e := range rootEnv {
			fmt.Fprintf(&b, "  # %s: only the authority may read it\n  - %s\n", e[1], e[0])
		}
	}
	if stateDir != "" {
		fmt.Fprintf(&b, "# %s: a literal naming it elsewhere is an ad hoc root\nstate-dir: %s\n", stateDirWhy, stateDir)
	}
	b.WriteString("# test files write fixtures and t.TempDir, not state\ntests: false\n")
	b.WriteString("# generated code is fixed in its generator, not in the generated files\ngenerated: skip\n")
	if len(notProp) > 0 {
		b.WriteString("# Not proposed:\n")
		for i, n := range notProp {
			if i == maxNotProposed {
				fmt.Fprintf(&b, "#   and %d more\n", len(notProp)-maxNotProposed)
				break
			}
			fmt.Fprintf(&b, "#   %s at %s %s\n", n.name, n.at, n.why)
		}
	}
	return b.String()
}
