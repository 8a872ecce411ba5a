package driver

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// FixOptions says which fixes ApplyFixes applies and how.
type FixOptions struct {
	// Declare also applies declarations (internal/fixkind): a fixed
	// name a command writes where it runs, declared its product. Only
	// the author knows a product from state: --fix=declare asks for it.
	Declare bool
	// DryRun computes the changes and writes nothing (--diff).
	DryRun bool
	// Check type-checks the packages of the changed files after writing
	// them, and reverts the fixes after which a package no longer
	// builds. Dir and BuildFlags are for the go command.
	Check      bool
	Dir        string
	BuildFlags []string
}

// FixReport is what ApplyFixes did.
type FixReport struct {
	// Remaining are the findings left unfixed, in their order: those
	// without a suggested fix and those whose fix was not applied.
	Remaining []Finding
	// Fixed counts the fixes applied, Files the files they changed and
	// NoFix the findings without a fix to apply (Declarations of them
	// have a declaration, not applied without FixOptions.Declare).
	Fixed, Files, NoFix, Declarations int
	// Failed are the findings whose fix was not applied, and why: their
	// edits overlap another fix's, or the package no longer built.
	Failed []Unfixed
	// Changes are the files changed (DryRun: that would be), in order.
	Changes []FileChange
}

// FileChange is a file before and after the fixes.
type FileChange struct {
	Name     string
	Old, New []byte
}

// Unfixed is a finding whose suggested fix was not applied, and why.
type Unfixed struct {
	Finding Finding
	Why     string
}

// chosen is the fix ApplyFixes applies for a finding.
type chosen struct {
	finding int // index in the findings
	byFile  map[string][]Edit
}

// ApplyFixes applies, for every finding that has one, its first suggested
// fix that is not a declaration (or its first, declarations included,
// with opts.Declare), rewriting the files gofmt-formatted when they were
// and still parse. A fix whose edits overlap another fix's edits in the same file
// is skipped (and its finding kept), so applying never corrupts a file;
// identical edits from several findings (two analyzers proposing the
// same import, the findings of two writes sharing one rewritten join) are
// applied once. A file that changed since the analysis is an error: the
// edits' offsets no longer hold. With opts.Check, a package that no
// longer builds gets back its files, then its fixes one by one, keeping
// those after which it builds.
func ApplyFixes(findings []Finding, opts FixOptions) (*FixReport, error) {
	type fileEdits struct {
		edits []Edit
		size  int
	}
	files := map[string]*fileEdits{}
	var fileOrder []string
	rep := &FixReport{}
	var applied []chosen
	for i, f := range findings {
		var fix *Fix
		for _, fx := range f.Fixes() {
			if !fx.Declare || opts.Declare {
				fix = fx
				break
			}
		}
		if fix == nil {
			rep.Remaining = append(rep.Remaining, f)
			rep.NoFix++
			if f.Fix != nil {
				rep.Declarations++
			}
			continue
		}
		// The edits of the fix, grouped by file.
		byFile := map[string][]Edit{}
		why := fix.Why
		for _, fe := range fix.Edits {
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
		applied = append(applied, chosen{i, byFile})
		rep.Fixed++
	}

	originals := map[string][]byte{}
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
		originals[name] = src
		rep.Changes = append(rep.Changes, FileChange{Name: name, Old: src, New: fixed(src, fe.edits)})
	}
	if opts.DryRun {
		return rep, nil
	}
	for _, c := range rep.Changes {
		if err := writeKeepingMode(c.Name, c.New); err != nil {
			return nil, err
		}
	}
	if opts.Check {
		if err := checkBuilds(findings, applied, originals, opts, rep); err != nil {
			return nil, err
		}
	}
	rep.Files = 0
	for _, c := range rep.Changes {
		if !bytes.Equal(c.Old, c.New) {
			rep.Files++
		}
	}
	return rep, nil
}

// fixed returns src with the edits applied, gofmt-formatted if it parses
// and src was: a fix never reformats lines it does not change in a file
// gofmt would change.
func fixed(src []byte, edits []Edit) []byte {
	out := applyEdits(src, edits)
	if was, err := format.Source(src); err != nil || !bytes.Equal(was, src) {
		return out
	}
	if formatted, err := format.Source(out); err == nil {
		out = formatted
	}
	return out
}

func writeKeepingMode(name string, data []byte) error {
	info, err := os.Stat(name)
	if err != nil {
		return fmt.Errorf("apply fixes: %w", err)
	}
	if err := os.WriteFile(name, data, info.Mode().Perm()); err != nil {
		return fmt.Errorf("apply fixes: %w", err)
	}
	return nil
}

// checkBuilds type-checks the directories of the changed files (their
// packages and tests); in one that fails, it restores the files and
// applies the fixes that touch them one at a time, keeping each after
// which the package builds. It updates rep's counts and changes.
func checkBuilds(findings []Finding, applied []chosen, originals map[string][]byte, opts FixOptions, rep *FixReport) error {
	dirs := map[string][]string{}
	var dirOrder []string
	for _, c := range rep.Changes {
		d := filepath.Dir(c.Name)
		if dirs[d] == nil {
			dirOrder = append(dirOrder, d)
		}
		dirs[d] = append(dirs[d], c.Name)
	}
	changeOf := map[string]*FileChange{}
	for i := range rep.Changes {
		changeOf[rep.Changes[i].Name] = &rep.Changes[i]
	}
	for _, dir := range dirOrder {
		if typeErr := typeCheck(dir, opts); typeErr == "" {
			continue
		}
		// Restore the directory's files, then add its fixes one by one.
		kept := map[string][]Edit{}
		write := func() error {
			for _, name := range dirs[dir] {
				out := fixed(originals[name], kept[name])
				if len(kept[name]) == 0 {
					out = originals[name]
				}
				changeOf[name].New = out
				//staterootlint:ignore unproven a source file of the packages being fixed, named by their findings
				if err := writeKeepingMode(name, out); err != nil {
					return err
				}
			}
			return nil
		}
		if err := write(); err != nil {
			return err
		}
		for _, c := range applied {
			mine := false
			for name := range c.byFile {
				if filepath.Dir(name) == dir {
					mine = true
				}
			}
			if !mine {
				continue
			}
			before := map[string][]Edit{}
			for name, es := range c.byFile {
				before[name] = kept[name]
				kept[name], _ = mergeEdits(kept[name], es)
			}
			if err := write(); err != nil {
				return err
			}
			if typeErr := typeCheck(dir, opts); typeErr != "" {
				for name := range c.byFile {
					kept[name] = before[name]
				}
				if err := write(); err != nil {
					return err
				}
				rep.Fixed--
				rep.Remaining = append(rep.Remaining, findings[c.finding])
				rep.Failed = append(rep.Failed, Unfixed{findings[c.finding], "reverted: the package no longer builds after it (" + typeErr + ")"})
			}
		}
	}
	slices.SortStableFunc(rep.Remaining, compareFindings) // in the findings' order
	return nil
}

// typeCheck loads the package in dir with its tests and returns its first
// error, or "".
func typeCheck(dir string, opts FixOptions) string {
	pkgs, err := packages.Load(&packages.Config{
		Context:    context.Background(),
		Mode:       packages.LoadSyntax,
		Dir:        cmp.Or(opts.Dir, dir),
		Tests:      true,
		BuildFlags: opts.BuildFlags,
	}, dir)
	if err != nil {
		return err.Error()
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			return strings.TrimSpace(e.Error())
		}
	}
	return ""
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
