package blastradius_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/blastradius"
	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

func TestBlastradius(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"radius", "invalid", "project", "cwd"} {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			a := blastradius.New(blastradius.Config{Engine: rootflow.New(rootflow.DefaultConfig()), StateDir: flagvalue.List{".px"}})
			analysistest.Run(t, testdata, a, "blastradius/"+dir)
		})
	}
}

// TestCategories checks that every finding has a category: a write
// outside the radius, an unproven one, or a malformed directive.
func TestCategories(t *testing.T) {
	t.Parallel()
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	a := blastradius.New(blastradius.Config{Engine: rootflow.New(rootflow.DefaultConfig()), StateDir: flagvalue.List{".px"}})
	got := map[string]int{}
	for _, res := range analysistest.Run(t, testdata, a, "blastradius/radius", "blastradius/invalid") {
		for _, d := range res.Diagnostics {
			got[d.Category]++
		}
	}
	for _, c := range []string{blastradius.CategoryRadius, blastradius.CategoryUnproven, blastradius.CategoryDirective} {
		if got[c] == 0 {
			t.Errorf("no finding of category %q; got %v", c, got)
		}
	}
	if got[""] > 0 {
		t.Errorf("%d findings without a category", got[""])
	}
}
