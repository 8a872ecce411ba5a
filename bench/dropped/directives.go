package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/staterootlint/staterootlint/internal/glob"
)

// suite names the analyzers a //nolint list may name, and the name that
// stands for all of them.
var suite = []string{"staterootlint", "adhocroot", "blastradius", "cwdwrite", "rootenv", "shadowwrite", "staleignore", "unproven"}

// fileDirectives finds the directives in the analyzed module's files and
// matches the configuration's exclude globs, as the linter's report
// filter does (analyzers/internal/report): a directive at the end of a
// line silences that line, one alone on its line the next line too.
// Generated files are not looked at (no corpus program skips them).
type fileDirectives struct {
	places  Places
	exclude []string // anchored globs, glob.Exclude's form
	lines   map[string]map[int]string
}

func newFileDirectives(places Places, exclude []string) *fileDirectives {
	d := &fileDirectives{places: places, lines: map[string]map[int]string{}}
	for _, p := range exclude {
		d.exclude = append(d.exclude, glob.Exclude(p))
	}
	return d
}

// Silenced says whether a finding at the place would be silenced, and by
// what.
func (d *fileDirectives) Silenced(at string) (string, bool) {
	file, line := splitPos(at)
	abs := filepath.Join(d.places.Dir, filepath.FromSlash(file))
	for _, p := range d.exclude {
		if ok, _ := glob.Match(p, filepath.ToSlash(abs)); ok {
			return at + " is in an excluded file (" + p + ")", true
		}
	}
	dirs, ok := d.lines[file]
	if !ok {
		dirs = directivesIn(abs)
		d.lines[file] = dirs
	}
	if text, ok := dirs[line]; ok {
		return at + ": " + text, true
	}
	return "", false
}

// directivesIn maps the lines of file that a directive silences to the
// directive; a file that cannot be read has none.
func directivesIn(file string) map[int]string {
	out := map[int]string{}
	data, err := os.ReadFile(file)
	if err != nil {
		return out
	}
	for i, line := range strings.Split(string(data), "\n") {
		j := strings.Index(line, "//")
		for j >= 0 {
			text := strings.TrimSpace(line[j:])
			if silences(text) {
				out[i+1] = text
				if strings.TrimSpace(line[:j]) == "" {
					out[i+2] = text
				}
				break
			}
			k := strings.Index(line[j+2:], "//")
			if k < 0 {
				break
			}
			j += 2 + k
		}
	}
	return out
}

// silences reports whether the comment text is a directive that silences
// one of the suite's analyzers.
func silences(text string) bool {
	text, _ = strings.CutPrefix(text, "//")
	if rest, ok := strings.CutPrefix(text, "staterootlint:ignore"); ok {
		// Without a reason it silences nothing (and is itself reported).
		return rest != "" && (rest[0] == ' ' || rest[0] == '\t') && strings.TrimSpace(rest) != ""
	}
	rest, ok := strings.CutPrefix(text, "nolint")
	if !ok {
		return false
	}
	if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
		return true
	}
	list, ok := strings.CutPrefix(rest, ":")
	if !ok {
		return false
	}
	if i := strings.IndexAny(list, " \t"); i >= 0 {
		list = list[:i]
	}
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if n == "all" {
			return true
		}
		for _, s := range suite {
			if n == s {
				return true
			}
		}
	}
	return false
}
