package main

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestExplainViewsAgree checks that the views agree from explain's side
// (bench/explainviews.sh on real programs): every site explain calls
// outside every state root, for a reason other than the analysis not
// following its path, is a finding of the lint on its line or in its
// chain, or a write a finding names. explainviews writes through another
// package's objects kept behind an interface, a list of io.Closers and a
// method value, each with a backup under the home directory set under
// `if err == nil` and written under `if x.backup != ""`.
func TestExplainViewsAgree(t *testing.T) {
	for _, name := range []string{"explain", "explainviews"} {
		t.Run(name, func(t *testing.T) {
			root := filepath.Join("testdata", name)
			covered := lintCovers(t, root)
			var files []string
			err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
					rel, _ := filepath.Rel(root, path)
					files = append(files, filepath.ToSlash(rel))
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			outside := 0
			for _, f := range files {
				for _, line := range siteLines(t, root, f) {
					_, out, errOut := runCLI(t, analyzers.All, "explain", "-C", root, f+":"+strconv.Itoa(line))
					if errOut != "" && !strings.Contains(errOut, "no .staterootlint.yaml") {
						t.Fatalf("explain %s:%d: %s", f, line, errOut)
					}
					for _, site := range outsideSites(out) {
						outside++
						if !covered(f, line) {
							t.Errorf("explain calls %s:%d outside, and the lint reports nothing there:\n%s", f, line, site)
						}
					}
				}
			}
			if outside == 0 {
				t.Errorf("explain called no site outside in %s: the check checks nothing", root)
			}
		})
	}
}

// siteLines returns the lines of file (relative to root) where explain
// finds sites.
func siteLines(t *testing.T, root, file string) []int {
	t.Helper()
	_, out, _ := runCLI(t, analyzers.All, "explain", "-C", root, file+":99999999")
	_, list, ok := strings.Cut(strings.TrimSpace(out), "the engine found writes on lines ")
	if !ok {
		return nil
	}
	var lines []int
	for _, s := range strings.Split(list, ", ") {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("explain %s: %q", file, out)
		}
		lines = append(lines, n)
	}
	return lines
}

// outsideSites returns the sites of explain's text with an origin that
// is not rooted or not allowed, the analysis having followed it.
func outsideSites(text string) []string {
	var out []string
	for _, block := range strings.Split(text, "\n\n") {
		for _, l := range strings.Split(block, "\n") {
			why, ok := strings.CutPrefix(l, "     ")
			if ok && (strings.HasPrefix(why, "not rooted:") || strings.HasPrefix(why, "not allowed:")) &&
				!strings.Contains(why, "cannot follow") && !strings.Contains(why, "analysis bound") {
				out = append(out, block)
				break
			}
		}
	}
	return out
}

// namedWrite is a write a finding's message names: "os.WriteFile at
// store/store.go:35".
var namedWrite = regexp.MustCompile(` at ([^ ,;()]+\.go):([0-9]+)`)

// lintCovers runs the lint on the module at root and returns whether a
// finding of shadowwrite, cwdwrite or adhocroot covers a line of a file
// (relative to root): its own line, a place its chain goes through, or a
// write its message names.
func lintCovers(t *testing.T, root string) func(file string, line int) bool {
	t.Helper()
	_, out, errOut := runCLI(t, analyzers.All, "-C", root, "--format", "json", "./...")
	var res struct {
		Diagnostics []struct {
			Analyzer, File, Message string
			Line                    int
			Chain                   []struct {
				File string
				Line int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s%s", err, out, errOut)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	rel := func(f string) string {
		if r, err := filepath.Rel(abs, f); err == nil && filepath.IsAbs(f) {
			f = r
		}
		return filepath.ToSlash(f)
	}
	at := map[string]bool{}
	var named []string
	for _, d := range res.Diagnostics {
		switch d.Analyzer {
		case "shadowwrite", "cwdwrite", "adhocroot":
		default:
			continue
		}
		at[rel(d.File)+":"+strconv.Itoa(d.Line)] = true
		for _, c := range d.Chain {
			at[rel(c.File)+":"+strconv.Itoa(c.Line)] = true
		}
		for _, m := range namedWrite.FindAllStringSubmatch(d.Message, -1) {
			named = append(named, m[1]+":"+m[2])
		}
	}
	return func(file string, line int) bool {
		pos := file + ":" + strconv.Itoa(line)
		if at[pos] {
			return true
		}
		for _, n := range named {
			if pos == n || strings.HasSuffix(pos, "/"+n) {
				return true
			}
		}
		return false
	}
}
