package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"os"
	"slices"
	"sort"

	"github.com/staterootlint/staterootlint/internal/driver"
)

// edit is one resolved text edit: replace a file's [Start, End) with Text.
type edit = driver.Edit

// applyFixes applies the first suggested fix of every finding that has one
// and returns the findings left unfixed. A fix whose edits overlap another
// fix's edits in the same file is skipped (and its finding kept), so
// applying never corrupts a file; identical edits from several findings
// (two analyzers proposing the same import) are applied once. It says on
// stderr how many findings have no fix, and which fixes it could not
// apply and why.
func (c *cli) applyFixes(cwd string, findings []finding) ([]finding, int) {
	type fileEdits struct {
		edits []edit
		size  int
	}
	files := map[string]*fileEdits{}
	var fileOrder []string
	var remaining []finding
	type unfixed struct {
		f   finding
		why string
	}
	var failed []unfixed
	fixed, noFix := 0, 0
	for _, f := range findings {
		if f.Fix == nil {
			remaining = append(remaining, f)
			noFix++
			continue
		}
		// The edits of the first fix, grouped by file.
		byFile := map[string][]edit{}
		why := f.Fix.Why
		for _, fe := range f.Fix.Edits {
			if why != "" {
				break
			}
			if files[fe.File] == nil {
				files[fe.File] = &fileEdits{size: fe.Size}
				fileOrder = append(fileOrder, fe.File)
			}
			byFile[fe.File] = append(byFile[fe.File], fe)
		}
		for name, es := range byFile {
			if _, conflict := mergeEdits(files[name].edits, es); conflict && why == "" {
				why = "its edits overlap another fix's; run --fix again"
			}
		}
		if why != "" {
			remaining = append(remaining, f)
			failed = append(failed, unfixed{f, why})
			continue
		}
		for name, es := range byFile {
			files[name].edits, _ = mergeEdits(files[name].edits, es)
		}
		fixed++
	}

	changed := 0
	for _, name := range fileOrder {
		fe := files[name]
		if len(fe.edits) == 0 {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(c.stderr, "%s: apply fixes: %v\n", progname, err)
			return nil, exitUsage
		}
		if len(src) != fe.size {
			fmt.Fprintf(c.stderr, "%s: apply fixes: %s changed during the analysis; run again\n", progname, name)
			return nil, exitUsage
		}
		out := applyEdits(src, fe.edits)
		if formatted, err := format.Source(out); err == nil {
			out = formatted
		}
		info, err := os.Stat(name)
		if err != nil {
			fmt.Fprintf(c.stderr, "%s: apply fixes: %v\n", progname, err)
			return nil, exitUsage
		}
		if err := os.WriteFile(name, out, info.Mode().Perm()); err != nil {
			fmt.Fprintf(c.stderr, "%s: apply fixes: %v\n", progname, err)
			return nil, exitUsage
		}
		changed++
	}
	summary := fmt.Sprintf("applied %s to %s", plural(fixed, "fix", "fixes"), plural(changed, "file", "files"))
	if noFix > 0 {
		summary += fmt.Sprintf("; %s no suggested fix", plural(noFix, "finding has", "findings have"))
	}
	if len(failed) > 0 {
		summary += fmt.Sprintf("; could not apply the fix of %s:", plural(len(failed), "finding", "findings"))
	}
	fmt.Fprintf(c.stderr, "%s: %s\n", progname, summary)
	for _, u := range failed {
		fmt.Fprintf(c.stderr, "%s:%d:%d: %s (%s): %s\n", relPath(cwd, u.f.Pos.Filename), u.f.Pos.Line, u.f.Pos.Column, u.f.Message, u.f.Analyzer, u.why)
	}
	return remaining, exitClean
}

// mergeEdits adds add to have, dropping exact duplicates; it reports a
// conflict when an edit overlaps a different one.
func mergeEdits(have, add []edit) ([]edit, bool) {
	out := slices.Clone(have)
	for _, e := range add {
		dup := false
		for _, h := range out {
			if h.Start == e.Start && h.End == e.End && bytes.Equal(h.Text, e.Text) {
				dup = true
				break
			}
			// Overlap, or two insertions at the same offset whose order is ambiguous.
			if e.Start < h.End && h.Start < e.End || e.Start == h.Start {
				return have, true
			}
		}
		if !dup {
			out = append(out, e)
		}
	}
	return out, false
}

func applyEdits(src []byte, edits []edit) []byte {
	edits = slices.Clone(edits)
	sort.SliceStable(edits, func(i, j int) bool {
		return cmp.Or(cmp.Compare(edits[i].Start, edits[j].Start), cmp.Compare(edits[i].End, edits[j].End)) < 0
	})
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.Start])
		out.Write(e.Text)
		last = e.End
	}
	out.Write(src[last:])
	return out.Bytes()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
