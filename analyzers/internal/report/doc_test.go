package report

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// TestLineDocMatchesParser checks the fast doc comment reader against
// go/parser on every analyzer's doc.go and on the shapes it must leave to
// the parser.
func TestLineDocMatchesParser(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "*", "doc.go"))
	if err != nil || len(files) < 8 {
		t.Fatalf("analyzers' doc.go files: %v (%d found)", err, len(files))
	}
	srcs := map[string]string{
		"blank lines":     "// Package p.\n//\n//\n// Second.  \n//\n\npackage p\n",
		"detached":        "// Copyright.\n\n// Package p does.\npackage p\n",
		"block comment":   "/* Package p. */\npackage p\n",
		"directive":       "// Package p.\n//go:build x\npackage p\n",
		"no space":        "//Package p.\npackage p\n",
		"no doc":          "package p\n",
		"tab after slash": "//\tindented\n// Package p.\npackage p\n",
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = string(data)
	}
	for name, src := range srcs {
		got, ok := lineDoc(src)
		if !ok {
			if filepath.Base(name) == "doc.go" {
				t.Errorf("%s: an analyzer's doc.go left to the parser", name)
			}
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil || f.Doc == nil {
			t.Errorf("%s: lineDoc read %q, the parser no doc comment (%v)", name, got, err)
			continue
		}
		if want := f.Doc.Text(); got != want {
			t.Errorf("%s: lineDoc = %q, parser = %q", name, got, want)
		}
	}
}
