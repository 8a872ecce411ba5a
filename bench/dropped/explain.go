package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/probe"
	"github.com/staterootlint/staterootlint/analyzers/rootflow"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// graphExplainer answers for writes what `staterootlint explain` says of
// their lines, from one run of the engine over the whole program (explain
// runs it over the file's package; a package's results do not depend on
// its importers, so they are the same).
type graphExplainer struct {
	places  Places
	explain func(file string, line int) ([]probe.Site, []int)
	files   map[string][]string // short file name: the absolute files it may be
	// reaching holds the call and store sites of the analyzed module's
	// files by the write they reach, "os.WriteFile at x.go:12".
	reaching map[string][]Site
	// calls holds the call sites of the module's files by the function
	// called.
	calls map[string][]Site
}

// newGraphExplainer runs the engine on the patterns in dir with the
// configuration file cfg and the go command's build flags, as
// `staterootlint explain` does, and indexes
// the call and store sites of the module's own files.
func newGraphExplainer(ctx context.Context, places Places, cfg *config.Config, patterns, buildFlags []string) (*graphExplainer, error) {
	res, err := driver.Run(ctx, driver.Options{
		Dir:            places.Dir,
		Patterns:       patterns,
		BuildFlags:     buildFlags,
		Analyzers:      []*analysis.Analyzer{rootflow.Analyzer},
		Config:         cfg,
		ExplicitConfig: true,
		Graph:          true,
	})
	if err != nil {
		return nil, fmt.Errorf("run the engine: %w", err)
	}
	if res.Graph == nil {
		return nil, fmt.Errorf("run the engine: the driver kept no graph")
	}
	g := &graphExplainer{
		places:   places,
		explain:  func(file string, line int) ([]probe.Site, []int) { return probe.Explain(res.Graph, file, line) },
		files:    map[string][]string{},
		reaching: map[string][]Site{},
		calls:    map[string][]Site{},
	}
	seen := map[string]bool{}
	var own []string
	for act := range res.Graph.All() {
		if act.Package == nil {
			continue
		}
		for _, f := range slices.Concat(act.Package.GoFiles, act.Package.CompiledGoFiles) {
			if seen[f] {
				continue
			}
			seen[f] = true
			short := places.ShortFile(f)
			g.files[short] = append(g.files[short], f)
			if rel, err := filepath.Rel(places.Dir, f); err == nil && filepath.IsLocal(rel) {
				own = append(own, f)
			}
		}
	}
	slices.Sort(own)
	for _, f := range own {
		_, lines := g.explain(f, 0) // line 0 has no site: the answer lists the lines that do
		for _, line := range lines {
			sites, _ := g.explain(f, line)
			for _, s := range SitesFrom(places, f, sites) {
				if s.Kind == "write" {
					continue
				}
				reached, _, _ := strings.Cut(s.Reaches, " via ")
				g.reaching[reached] = append(g.reaching[reached], s)
				if s.Kind == "call" {
					g.calls[s.Op] = append(g.calls[s.Op], s)
				}
			}
		}
	}
	return g, nil
}

// SitesFor returns the write's own sites on its line (for each file the
// place may name), the call and store sites that reach it, and the calls
// of its Callees.
func (g *graphExplainer) SitesFor(w *Write) []Site {
	file, line := splitPos(w.At)
	var out []Site
	for _, abs := range g.files[file] {
		sites, _ := g.explain(abs, line)
		for _, s := range SitesFrom(g.places, abs, sites) {
			if s.Kind == "write" {
				out = append(out, s)
			}
		}
	}
	out = append(out, g.reaching[w.Key()]...)
	for _, c := range w.Callees {
		out = append(out, g.calls[c]...)
	}
	return out
}
