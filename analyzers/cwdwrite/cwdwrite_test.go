package cwdwrite_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/cwdwrite"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

func TestCwdwrite(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"relative", "chdir", "chdirmain"} {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			a := cwdwrite.New(cwdwrite.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
			analysistest.Run(t, testdata, a, "cwdwrite/"+dir)
		})
	}
}

// TestCategories checks that every finding has a category: where a
// relative path comes from, or chdir.
func TestCategories(t *testing.T) {
	t.Parallel()
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	a := cwdwrite.New(cwdwrite.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	got := map[string]int{}
	for _, res := range analysistest.Run(t, testdata, a, "cwdwrite/relative", "cwdwrite/chdir") {
		for _, d := range res.Diagnostics {
			got[d.Category]++
		}
	}
	for _, c := range []string{"literal", cwdwrite.CategoryChdir} {
		if got[c] == 0 {
			t.Errorf("no finding of category %q; got %v", c, got)
		}
	}
	if got[""] > 0 || got["cwdwrite"] > 0 {
		t.Errorf("findings without a sub-kind category: %v", got)
	}
}
