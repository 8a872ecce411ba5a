// Package docs holds the reference documentation; its test keeps the
// links of every markdown file of the repository resolving.
package docs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// link matches a markdown link's target: [text](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestRelativeLinks checks that every relative link of the repository's
// markdown files (the README, docs/, the example's contract, bench notes)
// names a file that exists and, with a #fragment, a heading of it.
func TestRelativeLinks(t *testing.T) {
	root := ".."
	var files []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 8 {
		t.Fatalf("found %d markdown files; want the README and docs/", len(files))
	}
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(stripCode(string(b)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			file, frag, _ := strings.Cut(target, "#")
			path := f
			if file != "" {
				path = filepath.Join(filepath.Dir(f), filepath.FromSlash(file))
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s: link %s: no such file %s", f, target, path)
					continue
				}
			}
			if frag == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			if !anchors(t, path)[frag] {
				t.Errorf("%s: link %s: %s has no heading #%s", f, target, path, frag)
			}
		}
	}
	if checked < 10 {
		t.Errorf("checked %d relative links; want the documentation's", checked)
	}
}

// stripCode drops fenced code blocks and code spans, where a "](x)" is
// no link.
func stripCode(s string) string {
	var out []string
	fenced := false
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			out = append(out, regexp.MustCompile("`[^`]*`").ReplaceAllString(l, ""))
		}
	}
	return strings.Join(out, "\n")
}

// anchors returns the fragments GitHub gives the headings of a markdown
// file: lower case, spaces to hyphens, punctuation dropped; a repeated
// heading gets -1, -2.
func anchors(t *testing.T, path string) map[string]bool {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	fenced := false
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimLeft(l, "#")
		if h == "" || h[0] != ' ' {
			continue
		}
		a := slug(strings.TrimSpace(h))
		for i := 1; out[a]; i++ {
			a = slug(strings.TrimSpace(h)) + "-" + string(rune('0'+i))
		}
		out[a] = true
	}
	return out
}

func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
