package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"os"
	"slices"
	"sort"
)

// edit is one resolved text edit: replace file[start:end] with text.
type edit struct {
	start, end int
	text       []byte
}

// applyFixes applies the first suggested fix of every finding that has one
// and returns the findings left unfixed. A fix whose edits overlap another
// fix's edits in the same file is skipped (and its finding kept), so
// applying never corrupts a file; identical edits from several findings
// (two analyzers proposing the same import) are applied once.
func (c *cli) applyFixes(findings []finding) ([]finding, int) {
	type fileEdits struct {
		edits []edit
		size  int
	}
	files := map[string]*fileEdits{}
	var fileOrder []string
	var remaining []finding
	fixed := 0
	for _, f := range findings {
		if len(f.fixes) == 0 {
			remaining = append(remaining, f)
			continue
		}
		// Resolve the edits of the first fix, grouped by file.
		byFile := map[string][]edit{}
		ok := true
		for _, te := range f.fixes[0].TextEdits {
			tf := f.fset.File(te.Pos)
			end := te.End
			if !end.IsValid() {
				end = te.Pos
			}
			if tf == nil || int(end)-tf.Base() > tf.Size() {
				ok = false
				break
			}
			name := tf.Name()
			if fe := files[name]; fe == nil {
				files[name] = &fileEdits{size: tf.Size()}
				fileOrder = append(fileOrder, name)
			}
			byFile[name] = append(byFile[name], edit{start: tf.Offset(te.Pos), end: tf.Offset(end), text: te.NewText})
		}
		for name, es := range byFile {
			if _, conflict := mergeEdits(files[name].edits, es); conflict {
				ok = false
			}
		}
		if !ok {
			remaining = append(remaining, f)
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
	if fixed > 0 {
		fmt.Fprintf(c.stderr, "%s: applied %s to %s\n", progname, plural(fixed, "fix", "fixes"), plural(changed, "file", "files"))
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
			if h.start == e.start && h.end == e.end && bytes.Equal(h.text, e.text) {
				dup = true
				break
			}
			// Overlap, or two insertions at the same offset whose order is ambiguous.
			if e.start < h.end && h.start < e.end || e.start == h.start {
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
		return cmp.Or(cmp.Compare(edits[i].start, edits[j].start), cmp.Compare(edits[i].end, edits[j].end)) < 0
	})
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.start])
		out.Write(e.text)
		last = e.end
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
