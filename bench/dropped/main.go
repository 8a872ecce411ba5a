// Command dropped checks on one program that nothing is dropped: every
// write the inventory lists outside every state root (kind unknown) has a
// finding, is silenced by a directive or an excluded file, or is counted
// as unproven (bench/dropped.sh runs it over the corpus).
//
// Usage: dropped -dir MODULE_DIR -config CONFIG -inventory INVENTORY.json -findings FINDINGS.json [PATTERN...]
//
// INVENTORY.json is `staterootlint inventory --format json`'s output and
// FINDINGS.json that of `staterootlint --report-unproven --format json`,
// both run in MODULE_DIR with CONFIG and the PATTERNs (default ./...).
// A write is tied to a finding when the finding, or a step of its chain,
// is at the write. For the others it runs the engine once more, as
// `staterootlint explain` does, and ties the write to a finding where one
// of its outside paths enters: an outside origin of the write, or a call
// or store that reaches the write with an outside origin (Classify).
//
// It prints one tab-separated line: writes outside, reported, unproven,
// ignored, allowed (explain allows every outside origin: the inventory
// disagrees with the linter), inventory only (explain shows no outside
// origin, or has no result for the write), dropped (explain shows an
// outside origin nothing reports); then, on lines starting with "#",
// each write of the last four, and why.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/format"
)

func main() {
	var dir, cfgPath, invPath, findingsPath, tags string
	flag.StringVar(&dir, "dir", "", "the analyzed module's `directory`")
	flag.StringVar(&cfgPath, "config", "", "the configuration `file` both runs used")
	flag.StringVar(&invPath, "inventory", "", "the inventory's JSON `file`")
	flag.StringVar(&findingsPath, "findings", "", "the findings' JSON `file` (a run with --report-unproven)")
	flag.StringVar(&tags, "tags", "", "the build `tags` both runs used, comma-separated (a corpus program's module file may give --tags)")
	flag.Parse()
	if dir == "" || cfgPath == "" || invPath == "" || findingsPath == "" {
		fmt.Fprintln(os.Stderr, "usage: dropped -dir MODULE_DIR -config CONFIG -inventory INVENTORY.json -findings FINDINGS.json [PATTERN...]")
		os.Exit(2)
	}
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	var buildFlags []string
	if tags != "" {
		buildFlags = []string{"-tags=" + tags}
	}
	if err := run(context.Background(), dir, cfgPath, invPath, findingsPath, patterns, buildFlags, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "dropped:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dir, cfgPath, invPath, findingsPath string, patterns, buildFlags []string, w io.Writer) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	places := Places{Dir: abs}
	var inv struct {
		Artifacts []inventory.Artifact `json:"artifacts"`
	}
	if err := readJSON(invPath, &inv); err != nil {
		return err
	}
	var lint struct {
		Diagnostics []format.Diagnostic `json:"diagnostics"`
	}
	if err := readJSON(findingsPath, &lint); err != nil {
		return err
	}
	cfg, err := config.Load(cfgPath)
	if err != nil {
		return err
	}
	var exclude []string
	for _, e := range cfg.Exclude {
		exclude = append(exclude, e.Value)
	}
	writes := OutsideWrites(inv.Artifacts)
	dirs := newFileDirectives(places, exclude)
	// The engine runs again only for writes no finding names.
	outs := Classify(writes, lint.Diagnostics, places, nil, dirs)
	var rest []*Write
	for _, o := range outs {
		if o.Verdict != Reported && o.Verdict != Unproven {
			rest = append(rest, o.Write)
		}
	}
	if len(rest) > 0 {
		ex, err := newGraphExplainer(ctx, places, cfg, patterns, buildFlags)
		if err != nil {
			return err
		}
		again := Classify(rest, lint.Diagnostics, places, ex, dirs)
		byWrite := map[*Write]Outcome{}
		for _, o := range again {
			byWrite[o.Write] = o
		}
		for i, o := range outs {
			if n, ok := byWrite[o.Write]; ok {
				outs[i] = n
			}
		}
	}
	c := Count(outs)
	fmt.Fprintf(w, "%d\t%d\t%d\t%d\t%d\t%d\t%d\n", c.Outside, c.Reported, c.Unproven, c.Ignored, c.Allowed, c.InventoryOnly, c.Dropped)
	for _, o := range outs {
		if o.Verdict != Reported && o.Verdict != Unproven {
			fmt.Fprintf(w, "# %s %s (%s, made concrete in %v): %s\n", o.Verdict, o.Write.Key(), joinOr(o.Write.Details, "no detail"), o.Write.Funcs, o.Why)
		}
	}
	return nil
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	return nil
}

func joinOr(list []string, none string) string {
	if len(list) == 0 {
		return none
	}
	s := list[0]
	for _, x := range list[1:] {
		s += "; " + x
	}
	return s
}
