package main

import (
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"slices"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/shape"
)

// inventory is the inventory subcommand: it prints the artifacts the
// packages write, or checks them against a contract document.
func (c *cli) inventory(args []string) int {
	var f flags
	var sf shapeFlags
	format, contract := inventory.FormatMarkdown, ""
	fs := pflag.NewFlagSet(progname+" inventory", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	fs.StringVar(&format, "format", format, "print the artifacts as `"+strings.Join(shape.Formats(), "|")+"`; the markdown table can start a contract document")
	fs.StringVar(&contract, "contract", "", "check the artifacts against the contract document `FILE` (STATE_ROOTS.md) instead of printing them")
	sf.register(fs)
	f.registerCommon(fs)
	if err := fs.Parse(args); errors.Is(err, pflag.ErrHelp) {
		fmt.Fprintf(c.stdout, "Usage:\n  %s inventory [flags] [packages]\n\nFlags:\n%s", progname, fs.FlagUsagesWrapped(80))
		return exitClean
	} else if err != nil {
		return c.usageError("inventory: %v", err)
	}
	if !slices.Contains(shape.Formats(), format) {
		return c.usageError("invalid --format %q for inventory; valid: %s", format, strings.Join(shape.Formats(), ", "))
	}
	if code := sf.check(c, &format, fs.Changed("format"), contract); code != exitClean {
		return code
	}
	req, code := c.newRequest(f, fs.Args(), []*analysis.Analyzer{inventory.Analyzer})
	if code != exitClean {
		return code
	}
	var doc inventory.Contract
	if contract != "" {
		var err error
		if doc, err = inventory.ParseContract(absFrom(req.dir, contract)); err != nil {
			// The contract document is configuration: a missing or
			// unreadable one is a configuration error.
			msg := err.Error()
			if errors.Is(err, iofs.ErrNotExist) {
				msg = "no such file; create it (" + progname + " inventory prints a first draft) or fix the path"
			}
			fmt.Fprintf(c.stderr, "%s: --contract %s: %s\n", progname, contract, msg)
			return exitConfig
		}
		doc.Path = contract // problems name the file as the user did
	}
	var diagram *shape.Document
	if sf.updateDiagram != "" {
		if diagram, code = c.openDiagram(sf.updateDiagram, absFrom(req.dir, sf.updateDiagram)); code != exitClean {
			return code
		}
	}
	res, code := c.runAnalyzers(req)
	if code != exitClean {
		return code
	}
	arts := res.artifacts
	if diagram != nil {
		return c.updateDiagram(sf.updateDiagram, diagram, arts)
	}
	if contract == "" {
		if err := c.writeInventory(format, sf, arts); err != nil {
			fmt.Fprintf(c.stderr, "%s: write output: %v\n", progname, err)
			return exitUsage
		}
		return exitClean
	}
	probs := inventory.Check(shape.TableRows(arts), doc)
	for _, p := range probs {
		fmt.Fprintln(c.stdout, p)
	}
	if stale := staleDiagram(contract, absFrom(req.dir, contract), arts); stale != "" {
		fmt.Fprintln(c.stdout, stale)
		return exitFindings
	}
	if len(probs) > 0 {
		return exitFindings
	}
	return exitClean
}
