package rootflow_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// TestFacts pins the summaries the engine exports, through the String
// methods of its facts (// want name:"fact" in testdata/src/rootflow).
func TestFacts(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, rootflow.New(rootflow.DefaultConfig()), "rootflow/facts", "rootflow/methodfacts", "rootflow/envhelpers")
}
