package shadowwrite_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/shadowwrite"
)

// testdata returns the GOPATH root of the fixtures (the go command wants
// it absolute).
func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// analyzer returns a shadowwrite analyzer with its own engine configured
// by cfg, so cases run in parallel without sharing flags.
func analyzer(cfg rootflow.Config) *analysis.Analyzer {
	return shadowwrite.New(shadowwrite.Config{Engine: rootflow.New(cfg)})
}

func TestShadowwrite(t *testing.T) {
	cases := []struct {
		dir string
		cfg func(*rootflow.Config)
	}{
		{dir: "literals"},
		{dir: "rooted"},
		{dir: "readonly"},
		{dir: "temp"},
		{dir: "origins"},
		{dir: "user"},
		{dir: "helpers"},
		{dir: "errorpath"},
		{dir: "emptypath"},
		{dir: "devices"},
		{dir: "configured", cfg: func(c *rootflow.Config) {
			c.Authorities = []string{"(*shadowwrite/configured.Context).String=user", "shadowwrite/configured.scratch=temp", "shadowwrite/configured.ensureDir=global"}
		}},
		{dir: "splits", cfg: func(c *rootflow.Config) { c.RootEnv = []string{"MYAPP_GLOBAL_STATE_ROOT"} }},
		{dir: "fields/..."},
		{dir: "crosspkg/..."},
		{dir: "closures"},
		{dir: "globals", cfg: func(c *rootflow.Config) { c.Authorities = []string{"shadowwrite/globals.configured"} }},
		{dir: "dirclimb"},
		{dir: "dynamic", cfg: func(c *rootflow.Config) { c.Authorities = []string{"(shadowwrite/dynamic.Dirs).StateDir=global"} }},
		{dir: "generics"},
		{dir: "suppressed"},
		{dir: "sinks", cfg: func(c *rootflow.Config) { c.Sinks = []string{"go.etcd.io/bbolt.Open#0"} }},
		{dir: "osroot"},
		{dir: "env", cfg: func(c *rootflow.Config) { c.RootEnv = []string{"MYAPP_GLOBAL_STATE_ROOT"} }},
		{dir: "recursion"},
		{dir: "recursivetypes"},
	}
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			t.Parallel()
			cfg := rootflow.DefaultConfig()
			if c.cfg != nil {
				c.cfg(&cfg)
			}
			analysistest.Run(t, testdata(t), analyzer(cfg), "shadowwrite/"+c.dir)
		})
	}
}
