package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// marker ends an injected line a shadowwrite finding must land on.
const marker = "// recall: shadow"

// edit is one block of an injection: Go lines of ours inserted after line
// After of an existing file of the program (0: at the top, which only a
// new file uses), or a whole new file (New).
type edit struct {
	File  string // relative to the module root, slash-separated
	After int    // insert after this line of the pinned version
	New   bool   // File does not exist: the block is the whole file
	// Also, instead of inserting, names line Also of the pinned version
	// of File as one more place the finding may land (the program's own
	// store of a root that an injected write climbs out of).
	Also  int
	Lines []string
}

// injection is one injected shadow write: a name (its file's base name)
// and its edits.
type injection struct {
	Name  string
	Edits []edit
}

// parseInjection reads an injection file:
//
//	# one line or more saying what is injected and why it is shadow state
//	@@ internal/x/y.go after 123
//	Go lines to insert, the write's line ending in "// recall: shadow"
//	@@ internal/x/recall_home.go new
//	a whole new file of ours
//
// Line numbers are those of the pinned version, before any edit.
func parseInjection(name, text string) (injection, error) {
	inj := injection{Name: name}
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if strings.HasPrefix(line, "@@ ") {
			f := strings.Fields(line[3:])
			e := edit{}
			switch {
			case len(f) == 2 && f[1] == "new":
				e.File, e.New = f[0], true
			case len(f) == 3 && f[1] == "also":
				n, err := strconv.Atoi(f[2])
				if err != nil || n < 1 {
					return inj, fmt.Errorf("%s:%d: %q: want a line number after \"also\"", name, i+1, line)
				}
				e.File, e.Also = f[0], n
			case len(f) == 3 && f[1] == "after":
				n, err := strconv.Atoi(f[2])
				if err != nil || n < 0 {
					return inj, fmt.Errorf("%s:%d: %q: want a line number after \"after\"", name, i+1, line)
				}
				e.File, e.After = f[0], n
			default:
				return inj, fmt.Errorf("%s:%d: %q: want \"@@ FILE after N\", \"@@ FILE new\" or \"@@ FILE also N\"", name, i+1, line)
			}
			inj.Edits = append(inj.Edits, e)
			continue
		}
		if len(inj.Edits) == 0 {
			if line != "" && !strings.HasPrefix(line, "#") {
				return inj, fmt.Errorf("%s:%d: text before the first \"@@\" line must be a # comment", name, i+1)
			}
			continue
		}
		last := &inj.Edits[len(inj.Edits)-1]
		if last.Also > 0 {
			if line != "" {
				return inj, fmt.Errorf("%s:%d: an \"also\" line takes no lines below it", name, i+1)
			}
			continue
		}
		last.Lines = append(last.Lines, line)
	}
	if len(inj.Edits) == 0 {
		return inj, fmt.Errorf("%s: no \"@@\" block", name)
	}
	marked := false
	for _, e := range inj.Edits {
		for _, l := range e.Lines {
			marked = marked || strings.HasSuffix(strings.TrimSpace(l), marker)
		}
	}
	if !marked {
		return inj, fmt.Errorf("%s: no line ends in %q", name, marker)
	}
	return inj, nil
}

// apply injects every *.inject file of dir into the module at root and
// writes the expectations.
func apply(root, dir string, w io.Writer) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*.inject"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("no *.inject file in %s", dir)
	}
	slices.Sort(paths)
	var injs []injection
	byFile := map[string][]*edit{}
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		inj, err := parseInjection(strings.TrimSuffix(filepath.Base(p), ".inject"), string(text))
		if err != nil {
			return err
		}
		injs = append(injs, inj)
	}
	// Every edit of a file is applied at once, bottom-up by line, so the
	// pinned line numbers stay true; each injected line's final number is
	// then found by its marker and a tag naming the injection.
	for i := range injs {
		for j := range injs[i].Edits {
			e := &injs[i].Edits[j]
			for k, l := range e.Lines {
				if strings.HasSuffix(strings.TrimSpace(l), marker) {
					e.Lines[k] = l + " " + injs[i].Name
				}
			}
			if e.Also == 0 {
				byFile[e.File] = append(byFile[e.File], e)
			}
		}
	}
	for file, edits := range byFile {
		if err := editFile(root, file, edits); err != nil {
			return err
		}
	}
	for _, inj := range injs {
		locs, err := findMarks(root, inj)
		if err != nil {
			return err
		}
		for _, e := range inj.Edits {
			if e.Also > 0 {
				locs = append(locs, e.File+":"+strconv.Itoa(shifted(byFile[e.File], e.Also)))
			}
		}
		fmt.Fprintf(w, "%s\t%s\n", inj.Name, strings.Join(locs, "\t"))
	}
	return nil
}

func editFile(root, file string, edits []*edit) error {
	path := filepath.Join(root, filepath.FromSlash(file))
	if len(edits) == 1 && edits[0].New {
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s: marked new, but the program has it", file)
		}
		return os.WriteFile(path, []byte(strings.Join(edits[0].Lines, "\n")+"\n"), 0o644)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: %w (a new file is \"@@ FILE new\", once)", file, err)
	}
	lines := strings.Split(string(data), "\n")
	slices.SortStableFunc(edits, func(a, b *edit) int { return b.After - a.After })
	for _, e := range edits {
		if e.New {
			return fmt.Errorf("%s: marked new by one injection and edited by another", file)
		}
		if e.After > len(lines) {
			return fmt.Errorf("%s: after %d, but the file has %d lines", file, e.After, len(lines))
		}
		lines = slices.Insert(lines, e.After, e.Lines...)
	}
	return os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
}

// findMarks returns the file:line of every line the injection marked.
func findMarks(root string, inj injection) ([]string, error) {
	var locs []string
	seen := map[string]bool{}
	for _, e := range inj.Edits {
		if seen[e.File] || e.Also > 0 {
			continue
		}
		seen[e.File] = true
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(e.File)))
		if err != nil {
			return nil, err
		}
		for i, l := range strings.Split(string(data), "\n") {
			if strings.HasSuffix(strings.TrimSpace(l), marker+" "+inj.Name) {
				locs = append(locs, e.File+":"+strconv.Itoa(i+1))
			}
		}
	}
	if len(locs) == 0 {
		return nil, fmt.Errorf("%s: its marked lines are not in the edited files", inj.Name)
	}
	return locs, nil
}

// shifted returns where line n of a file's pinned version is once the
// edits are applied: below every block inserted after an earlier line.
func shifted(edits []*edit, n int) int {
	out := n
	for _, e := range edits {
		if e.After < n {
			out += len(e.Lines)
		}
	}
	return out
}
