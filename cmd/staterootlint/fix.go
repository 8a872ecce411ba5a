package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
)

// edit is one resolved text edit: replace file[start:end] with text.
type edit struct {
	start, end int
	text       []byte
}

// resolvedFix is a suggested fix with its edits resolved to file offsets,
// so it can be applied after the analysis dropped the FileSet (and be
// kept in the cache).
type resolvedFix struct {
	edits []fileEdit
	why   string // why it cannot be applied, if it cannot
}

// fileEdit is an edit of the file named file, size bytes long when
// analyzed.
type fileEdit struct {
	file string
	size int
	edit
}

// resolveFix resolves the edits of fix: file names and offsets, or why
// they cannot be applied.
func resolveFix(fset *token.FileSet, fix analysis.SuggestedFix) *resolvedFix {
	out := new(resolvedFix)
	for _, te := range fix.TextEdits {
		tf := fset.File(te.Pos)
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		if tf == nil || int(end)-tf.Base() > tf.Size() {
			out.why = "its edits lie outside the parsed files"
			return out
		}
		if fset.Position(te.Pos).Filename != tf.Name() {
			// cgo's translation, mapped back by //line directives:
			// its offsets are not the user's file's.
			out.why = "it edits a file the analysis saw through //line directives (cgo's translation), not the file itself"
			return out
		}
		out.edits = append(out.edits, fileEdit{file: tf.Name(), size: tf.Size(), edit: edit{start: tf.Offset(te.Pos), end: tf.Offset(end), text: te.NewText}})
	}
	return out
}

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
		if f.fix == nil {
			remaining = append(remaining, f)
			noFix++
			continue
		}
		// The edits of the first fix, grouped by file.
		byFile := map[string][]edit{}
		why := f.fix.why
		for _, fe := range f.fix.edits {
			if why != "" {
				break
			}
			if files[fe.file] == nil {
				files[fe.file] = &fileEdits{size: fe.size}
				fileOrder = append(fileOrder, fe.file)
			}
			byFile[fe.file] = append(byFile[fe.file], fe.edit)
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
		fmt.Fprintf(c.stderr, "%s:%d:%d: %s (%s): %s\n", relPath(cwd, u.f.pos.Filename), u.f.pos.Line, u.f.pos.Column, u.f.message, u.f.analyzer, u.why)
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
