package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"

	"github.com/spf13/pflag"
	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/analyzers/probe"
	"github.com/staterootlint/staterootlint/internal/config"
)

// noConfigHint says, once per run that has findings, that no
// configuration file was found: the findings of a first run mostly point
// at the program's own resolver, which only the configuration can declare.
// A clean run needs no explanation.
func (c *cli) noConfigHint(dir string) {
	fmt.Fprintf(c.stderr, "%s: no %s in %s or any parent directory: running with the defaults; '%s init' proposes one from the program's own state-dir resolvers\n",
		progname, config.FileName, dir, progname)
}

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

	// The analysis runs with the defaults, whatever file exists; with
	// --check there is no checking run.
	opts := c.driverOptions(req)
	opts.Analyzers = analyzers.Linters(req.roots) // inventory plays no part in a proposal
	prop, err := probe.Propose(context.Background(), probe.ProposeOptions{Run: opts, NoCheckingRun: check})
	var internal *probe.InternalError
	switch {
	case errors.As(err, &internal):
		fmt.Fprintf(c.stderr, "%s: internal error: %v; please report it\n%s", progname, err, internal.Proposal)
		return exitUsage
	case err != nil:
		return c.driverError(err)
	}
	if check {
		diffs := probe.Diff(existing, prop.Config)
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
	text := prop.Text()
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
