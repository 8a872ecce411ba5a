package main

import (
	"context"
	"errors"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/analyzers/unproven"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// checkRequest is one standalone analysis run.
type checkRequest struct {
	cwd      string // where the user is: text output is relative to it
	dir      string // where the go command runs (-C)
	patterns []string
	cfg      *config.Config
	// explicitConfig: cfg is the file --config named, not the one found.
	explicitConfig bool
	buildFlags     []string // for the go command: -tags
	roots          []*analysis.Analyzer
	format         string
	verbose        bool // text: print each finding's chain below it
	noConfig       bool // no configuration file was found: hint at init when there are findings
	fix            bool // --fix: apply the rewrites
	declare        bool // --fix=declare: the declarations too
	diff           bool // --diff: print what --fix would change
	// baseline, writeBaseline: --baseline and --write-baseline, relative
	// to the process's directory (-C joined on), as given (baseline.go).
	baseline, writeBaseline string
	// cacheDir is the persistent cache (internal/driver/cache); "" or
	// noCache: none.
	cacheDir string
	noCache  bool
	quiet    bool // no progress on stderr
}

// finding is one finding, as the driver resolved it.
type finding = driver.Finding

// analysisResult is what a run of the analyzers leaves for the report:
// the root packages' findings and inventories.
type analysisResult struct {
	findings  []finding
	artifacts []inventory.Artifact
}

func (c *cli) check(req checkRequest) int {
	base, code := c.readBaseline(req)
	if code != exitClean {
		return code
	}
	listUnproven := req.cfg.ReportUnproven != nil && *req.cfg.ReportUnproven
	req.cfg = unprovenComputed(req.cfg)
	res, code := c.runAnalyzers(req)
	if code != exitClean {
		return code
	}
	findings := res.findings
	if !listUnproven {
		var unlisted int
		findings, unlisted = dropUnproven(findings)
		defer c.unprovenSummary(unlisted)
	}

	if req.fix || req.diff {
		var code int
		findings, code = c.applyFixes(req, findings)
		if code != exitClean || req.diff {
			return code
		}
	}

	if req.writeBaseline != "" {
		return c.writeBaselineFile(req.writeBaseline, findings)
	}
	if base != nil {
		findings = c.subtractBaseline(req.baseline, base, findings)
	}

	if req.noConfig && len(findings) > 0 {
		c.noConfigHint(req.dir)
	}
	if err := c.print(req, findings); err != nil {
		fmt.Fprintf(c.stderr, "%s: write output: %v\n", progname, err)
		return exitUsage
	}
	if len(findings) > 0 {
		return exitFindings
	}
	return exitClean
}

// driverOptions is the request as the driver takes it.
func (c *cli) driverOptions(req checkRequest) driver.Options {
	opts := driver.Options{
		Dir:            req.dir,
		Patterns:       req.patterns,
		BuildFlags:     req.buildFlags,
		Analyzers:      req.roots,
		Config:         req.cfg,
		ExplicitConfig: req.explicitConfig,
		Chains:         true, // printed with -v, in JSON and in SARIF
		Graph:          c.loadAll,
	}
	if !req.noCache {
		opts.CacheDir = req.cacheDir
	}
	if !req.quiet {
		opts.Progress = c.stderr
	}
	return opts
}

// runAnalyzers runs the driver: the part every subcommand that analyzes
// shares. A non-zero code is the exit code.
func (c *cli) runAnalyzers(req checkRequest) (*analysisResult, int) {
	opts := c.driverOptions(req)
	var results []*inventory.Result
	for _, a := range req.roots {
		if a == inventory.Analyzer {
			opts.Collect = map[*analysis.Analyzer]func(string, any){a: func(_ string, r any) {
				if r, ok := r.(*inventory.Result); ok {
					results = append(results, r)
				}
			}}
		}
	}
	res, err := driver.Run(context.Background(), opts)
	c.stats = driver.Stats{}
	if err != nil {
		return nil, c.driverError(err)
	}
	c.stats = res.Stats
	return &analysisResult{findings: res.Findings, artifacts: inventory.Combine(results...)}, exitClean
}

// driverError reports an error of the driver on stderr and returns its
// exit code: 78 for the configuration, 2 for the rest.
func (c *cli) driverError(err error) int {
	var cfgErr *driver.ConfigError
	var loadErr *driver.LoadError
	var anErr *driver.AnalysisError
	switch {
	case errors.As(err, &cfgErr):
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return exitConfig
	case errors.As(err, &loadErr) && len(loadErr.Problems) > 0:
		// As the go command words them: positioned errors as they are.
		for _, p := range loadErr.Problems {
			if p.Pos == "" {
				fmt.Fprintf(c.stderr, "%s: %s\n", progname, p.Msg)
			} else {
				fmt.Fprintf(c.stderr, "%s\n", p)
			}
		}
		fmt.Fprintf(c.stderr, "%s: %s\n", progname, loadErr.Hint())
	case errors.As(err, &anErr):
		for _, p := range anErr.Problems {
			fmt.Fprintf(c.stderr, "%s: %s\n", progname, p)
		}
	default:
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
	}
	return exitUsage
}

// unprovenComputed returns cfg with the unproven analyzer's findings
// listed, so the CLI can count them even when the configuration does not
// ask for them (dropUnproven takes them out again).
func unprovenComputed(cfg *config.Config) *config.Config {
	c := *cfg
	on := true
	c.ReportUnproven = &on
	return &c
}

// dropUnproven removes the unproven analyzer's findings on writes (not
// those on its directives) and returns how many writes they stand for:
// one write's several stores are several findings.
func dropUnproven(findings []finding) ([]finding, int) {
	kept := findings[:0:0]
	writes := map[token.Position]bool{}
	for _, f := range findings {
		if f.Analyzer == unproven.Analyzer.Name && f.Category != categoryDirective {
			writes[f.Write()] = true
			continue
		}
		kept = append(kept, f)
	}
	return kept, len(writes)
}

// unprovenSummary says on stderr how many writes were not proven rooted
// and not listed.
func (c *cli) unprovenSummary(n int) {
	if n == 0 {
		return
	}
	writes := "writes"
	if n == 1 {
		writes = "write"
	}
	fmt.Fprintf(c.stderr, "%s: %d %s not proven rooted; report-unproven: true lists them\n", progname, n, writes)
}

// categoryDirective is the category of a finding on a directive itself
// (analyzers/internal/report.CategoryDirective), kept whatever the
// configuration lists.
const categoryDirective = "directive"
