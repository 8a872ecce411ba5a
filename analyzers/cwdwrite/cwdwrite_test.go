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
