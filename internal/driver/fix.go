package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"os"
	"slices"
	"sort"
)

// FixReport is what ApplyFixes did.
type FixReport struct {
	// Remaining are the findings left unfixed, in their order: those
	// without a suggested fix and those whose fix was not applied.
	Remaining []Finding
	// Fixed counts the fixes applied, Files the files they changed and
	// NoFix the findings without a suggested fix.
	Fixed, Files, NoFix int
	// Failed are the findings whose fix was not applied, and why.
	Failed []Unfixed
}

// Unfixed is a finding whose suggested fix was not applied, and why.
type Unfixed struct {
	Finding Finding
	Why     string
}

// ApplyFixes applies the first suggested fix of every finding that has
// one, rewriting the files (gofmt-formatted when they still parse). A fix
// whose edits overlap another fix's edits in the same file is skipped
// (and its finding kept), so applying never corrupts a file; identical
// edits from several findings (two analyzers proposing the same import)
// are applied once. A file that changed since the analysis is an error:
// the edits' offsets no longer hold. Files already rewritten when an
// error occurs stay rewritten.
func ApplyFixes(findings []Finding) (*FixReport, error) {
	type fileEdits struct {
		edits []Edit
		size  int
	}
	files := map[string]*fileEdits{}
	var fileOrder []string
	rep := &FixReport{}
	for _, f := range findings {
		if f.Fix == nil {
			rep.Remaining = append(rep.Remaining, f)
			rep.NoFix++
			continue
		}
		// The edits of the first fix, grouped by file.
		byFile := map[string][]Edit{}
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
			rep.Remaining = append(rep.Remaining, f)
			rep.Failed = append(rep.Failed, Unfixed{f, why})
			continue
		}
		for name, es := range byFile {
			files[name].edits, _ = mergeEdits(files[name].edits, es)
		}
		rep.Fixed++
	}

	for _, name := range fileOrder {
		fe := files[name]
		if len(fe.edits) == 0 {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("apply fixes: %w", err)
		}
		if len(src) != fe.size {
			return nil, fmt.Errorf("apply fixes: %s changed during the analysis; run again", name)
		}
		out := applyEdits(src, fe.edits)
		if formatted, err := format.Source(out); err == nil {
			out = formatted
		}
		info, err := os.Stat(name)
		if err != nil {
			return nil, fmt.Errorf("apply fixes: %w", err)
		}
		if err := os.WriteFile(name, out, info.Mode().Perm()); err != nil {
			return nil, fmt.Errorf("apply fixes: %w", err)
		}
		rep.Files++
	}
	return rep, nil
}

// mergeEdits adds add to have, dropping exact duplicates; it reports a
// conflict when an edit overlaps a different one.
func mergeEdits(have, add []Edit) ([]Edit, bool) {
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

// applyEdits returns src with the edits applied, in order of offset.
func applyEdits(src []byte, edits []Edit) []byte {
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
