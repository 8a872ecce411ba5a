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

// TestCategories checks that every finding has a category, chdir, and
// that no write relative to the working directory is cwdwrite's: it is
// shadowwrite's finding alone (one write, one finding).
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
	if got[cwdwrite.CategoryChdir] == 0 {
		t.Errorf("no finding of category %q; got %v", cwdwrite.CategoryChdir, got)
	}
	if got["literal"]+got["cwd"] > 0 {
		t.Errorf("cwdwrite reported writes relative to the working directory, which are shadowwrite's: %v", got)
	}
	if got[""] > 0 || got["cwdwrite"] > 0 {
		t.Errorf("findings without a sub-kind category: %v", got)
	}
}
