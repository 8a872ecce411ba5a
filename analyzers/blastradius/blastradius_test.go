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
	for _, dir := range []string{"radius", "invalid"} {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			a := blastradius.New(blastradius.Config{Engine: rootflow.New(rootflow.DefaultConfig()), StateDir: flagvalue.List{".px"}})
			analysistest.Run(t, testdata, a, "blastradius/"+dir)
		})
	}
}
