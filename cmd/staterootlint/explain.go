package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/staterootlint/staterootlint/analyzers/probe"
	"github.com/staterootlint/staterootlint/internal/format"
)

// explain is the explain subcommand: for the writes on one line, every
// origin the engine found for the path and why each is or is not rooted.
func (c *cli) explain(args []string) int {
	var f flags
	fs := pflag.NewFlagSet(progname+" explain", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	f.registerCommon(fs)
	if err := fs.Parse(args); errors.Is(err, pflag.ErrHelp) {
		fmt.Fprintf(c.stdout, "Usage:\n  %s explain [flags] FILE:LINE\n\nPrints, for each write on the line (as findings name it: FILE relative to\nthe working directory, or to DIR under -C), every origin the engine found for the path, and\nwhy each is or is not rooted.\n\nFlags:\n%s", progname, fs.FlagUsagesWrapped(80))
		return exitClean
	} else if err != nil {
		return c.usageError("explain: %v", err)
	}
	if fs.NArg() != 1 {
		return c.usageError("explain takes one FILE:LINE, got %d arguments", fs.NArg())
	}
	arg := fs.Arg(0)
	name, lineStr, ok := cutLast(arg, ":")
	line, err := strconv.Atoi(lineStr)
	if !ok || err != nil || line < 1 || name == "" {
		return c.usageError("explain %s: want FILE:LINE, such as internal/legacy/legacy.go:21", arg)
	}
	// "file.go:21:3", as the findings print it, works too.
	if n, l, ok := cutLast(name, ":"); ok {
		if l2, err := strconv.Atoi(l); err == nil && strings.HasSuffix(n, ".go") {
			name, line = n, l2
		}
	}
	cwd, err := os.Getwd()
	if err != nil {
		return c.usageError("%v", err)
	}
	// Under -C, FILE and the positions printed are relative to DIR, as
	// the findings print them there, so one can be fed to the other.
	base := cwd
	if f.dir != "" {
		base = absFrom(cwd, f.dir)
	}
	file := absFrom(base, name)
	if fi, err := os.Stat(file); err != nil || fi.IsDir() || !strings.HasSuffix(file, ".go") {
		return c.usageError("explain %s: %s is not a Go file", arg, name)
	}
	f.tests = f.tests || strings.HasSuffix(file, "_test.go")
	// The file's package is its directory's (and, with tests, its test
	// packages): a directory pattern lets the unit driver and its cache
	// run, as for the lint.
	pattern := filepath.Dir(file)
	if rel, err := filepath.Rel(base, pattern); err == nil && filepath.IsLocal(rel) {
		pattern = "./" + filepath.ToSlash(rel)
	} else if err == nil && rel == "." {
		pattern = "."
	}
	req, code := c.newRequest(f, []string{pattern}, c.suite)
	if code != exitClean {
		return code
	}
	if f.dir == "" {
		req.patterns = []string{"."}
		// The module and configuration are the file's, wherever explain
		// runs, as go vet would read them for its package (--config
		// stays relative to the working directory).
		req.dir = filepath.Dir(file)
		if f.configPath == "" {
			cfg, err := loadConfig(req.dir, f)
			if err != nil {
				fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
				return exitConfig
			}
			req.cfg = cfg
		}
	}
	// explain analyzes the file's package as the lint does, from the
	// lint's cache (probe.ExplainLine).
	e, err := probe.ExplainLine(context.Background(), c.driverOptions(req), file, line)
	if err != nil {
		return c.driverError(err)
	}
	if _, err := io.WriteString(c.stdout, e.Text(format.RelPath(base, file))); err != nil {
		fmt.Fprintf(c.stderr, "%s: write output: %v\n", progname, err)
		return exitUsage
	}
	return exitClean
}

// cutLast slices s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
