package shadowwrite_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
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
		{dir: "allowwrite"},
		{dir: "allowcwd"},
		{dir: "walkname"},
		{dir: "allowglobal"},
		{dir: "envpattern", cfg: func(c *rootflow.Config) {
			c.UserEnv = []string{"TOOL_*_VERSION"}
			c.RootEnv = []string{"APP_*_HOME"}
		}},
		{dir: "fileauthority"},
		{dir: "baseauthority/...", cfg: func(c *rootflow.Config) {
			c.Authorities = []string{"shadowwrite/baseauthority/xdg.ConfigHome=global:base"}
			c.StateDir = []string{".myapp"}
		}},
		{dir: "baseenv", cfg: func(c *rootflow.Config) {
			c.RootEnv = []string{"XDG_CONFIG_HOME=global:base", "MYAPP_HOME"}
			c.StateDir = []string{".myapp"}
		}},
		{dir: "basenostatedir", cfg: func(c *rootflow.Config) {
			c.Authorities = []string{"shadowwrite/basenostatedir.ConfigHome=global:base"}
		}},
		{dir: "createsnothing"},
		{dir: "testwrites"},
		{dir: "unstoredelem"},
		{dir: "inferredfile"},
		{dir: "rawtail"},
		{dir: "rawunknown", cfg: func(c *rootflow.Config) { c.RootEnv = []string{"APP_HOMEDIR"} }},
		{dir: "parts"},
		{dir: "deadbranch"},
		{dir: "branchesmeet"},
		{dir: "selfupdate"},
		{dir: "allowconfig", cfg: func(c *rootflow.Config) {
			c.AllowWrite = []string{"shadowwrite/allowconfig.launch=cwd:app.toml", "shadowwrite/allowconfig.launchSaved=cwd:app.toml", "shadowwrite/allowconfig.receive=cwd:*", "*=cwd:VERSION"}
		}},
		{dir: "rooted"},
		{dir: "project"},
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
		{dir: "ownauthority/..."},
		{dir: "advicefit/..."},
		{dir: "closures"},
		{dir: "closerlist"},
		{dir: "filledfields"},
		{dir: "globals", cfg: func(c *rootflow.Config) { c.Authorities = []string{"shadowwrite/globals.configured"} }},
		{dir: "dirclimb"},
		{dir: "mergedwrites"},
		{dir: "oneperwrite"},
		{dir: "libsinks"},
		{dir: "sqlitedsn"},
		{dir: "dynamic", cfg: func(c *rootflow.Config) { c.Authorities = []string{"(shadowwrite/dynamic.Dirs).StateDir=global"} }},
		{dir: "generics"},
		{dir: "generated"},
		{dir: "longliteral"},
		{dir: "suppressed"},
		{dir: "sinks", cfg: func(c *rootflow.Config) { c.Sinks = []string{"go.etcd.io/bbolt.Open#0"} }},
		{dir: "sinksadd", cfg: func(c *rootflow.Config) { c.Sinks = []string{"os.Symlink#0", "os.WriteFile#0"} }},
		{dir: "osroot"},
		{dir: "env", cfg: func(c *rootflow.Config) { c.RootEnv = []string{"MYAPP_GLOBAL_STATE_ROOT"} }},
		{dir: "recursion"},
		{dir: "deepchain"},
		{dir: "iface/..."},
		{dir: "objects"},
		{dir: "setterlocality"},
		{dir: "foreignobjects"},
		{dir: "ifaceholder"},
		{dir: "relfields"},
		{dir: "expandenv"},
		{dir: "expandmapping"},
		{dir: "tildecall"},
		{dir: "authorityfields/...", cfg: func(c *rootflow.Config) {
			c.Authorities = []string{"shadowwrite/authorityfields/basedirs.New=global"}
		}},
		{dir: "homedirlib"},
		{dir: "mapsites"},
		{dir: "expandauthority", cfg: func(c *rootflow.Config) { c.Authorities = []string{"shadowwrite/expandauthority.stateHome=global"} }},
		{dir: "objectctors/..."},
		{dir: "ifacemethod"},
		{dir: "absguard"},
		{dir: "arrays"},
		{dir: "recursivetypes"},
		{dir: "guardedfields/..."},
		{dir: "chdir"},
		{dir: "chdirfield"},
		{dir: "objectfields/..."},
		{dir: "nestedobjects/..."},
		{dir: "abswrapper/..."},
		{dir: "subprocessoutput/..."},
		{dir: "opaquetransform/..."},
		{dir: "optsenv", cfg: func(c *rootflow.Config) { c.UserEnv = []string{"MYAPP_DEFAULT_OPTS", "MYAPP_DEFAULT_OPTS_FILE"} }},
		{dir: "emptydefault"},
		{dir: "sinkvalue/..."},
		{dir: "projectdir"},
		{dir: "textjoin"},
		{dir: "dirempty"},
		{dir: "dotdir"},
		{dir: "uncalledstore/..."},
		{dir: "dotfield/..."},
		{dir: "madejoin"},
		{dir: "filecontent"},
		{dir: "deferred"},
		{dir: "walkcallback"},
		{dir: "trimprefix"},
		{dir: "fileinfoname"},
		{dir: "valueopts/..."},
		{dir: "guardedbackup/..."},
		{dir: "authelems/...", cfg: func(c *rootflow.Config) { c.Authorities = []string{"shadowwrite/authelems/paths.DataPath=global"} }},
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

// TestModules runs the fixtures that need module boundaries
// (testdata/mod/NAME, each a go.work of several modules): the engine
// treats another module's fields apart (rootflow's inModule), which
// analysistest's GOPATH mode cannot show.
func TestModules(t *testing.T) {
	cases := []struct {
		dir      string
		patterns []string
	}{
		// A path handed to an option constructor of a library that
		// passes it to another module's constructor, which keeps it in
		// a field, applies its options through func values and writes
		// the field in its own method (through value receivers).
		{dir: "optionwrite", patterns: []string{"example.com/app", "example.com/keys", "example.com/server"}},
		// A library constructor that applies its options through func
		// values and then falls back on a directory of its own where
		// they left the field empty: an option the caller passes is what
		// the library writes below, and the default only where none is.
		{dir: "libdefault", patterns: []string{"example.com/app", "example.com/filecache"}},
	}
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(testdata(t), "mod", c.dir)
			analysistest.Run(t, dir, analyzer(rootflow.DefaultConfig()), c.patterns...)
		})
	}
}

// errorRecorder is an analysistest.Testing that keeps the errors.
type errorRecorder struct{ errs []string }

func (r *errorRecorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestSinkIndexOutOfRange checks that a configured path index the sink
// does not have is an error of the run naming the flag, the entry and the
// parameter count, not a sink that silently checks nothing.
func TestSinkIndexOutOfRange(t *testing.T) {
	t.Parallel()
	cfg := rootflow.DefaultConfig()
	cfg.Sinks = []string{"os.WriteFile#9"}
	var rec errorRecorder
	analysistest.Run(&rec, testdata(t), rootflow.New(cfg), "shadowwrite/sinksadd")
	want := `rootflow: invalid -sinks entry "os.WriteFile#9": path parameter index 9 out of range: os.WriteFile has 3 parameters, so N must be 0..2`
	if !slices.ContainsFunc(rec.errs, func(e string) bool { return strings.Contains(e, want) }) {
		t.Errorf("errors:\n%s\nwant one containing %q", strings.Join(rec.errs, "\n"), want)
	}
}

// TestCategories checks that every finding carries the category of where
// its path comes from, for JSON and SARIF consumers to filter on.
func TestCategories(t *testing.T) {
	t.Parallel()
	cfg := rootflow.DefaultConfig()
	cfg.AllowTemp = false
	got := map[string]int{}
	// The fixtures' want comments are for the default configuration: only
	// the categories are checked here.
	for _, res := range analysistest.Run(lenient{t}, testdata(t), analyzer(cfg), "shadowwrite/literals", "shadowwrite/origins", "shadowwrite/env", "shadowwrite/dirclimb", "shadowwrite/temp") {
		for _, d := range res.Diagnostics {
			got[d.Category]++
		}
	}
	for _, c := range []string{"literal", "cwd", "home", "env", "executable", "climb", "temp"} {
		if got[c] == 0 {
			t.Errorf("no finding of category %q; got %v", c, got)
		}
	}
	if got[""] > 0 || got["shadowwrite"] > 0 {
		t.Errorf("findings without a sub-kind category: %v", got)
	}
}

// lenient is a testing.TB on which analysistest's mismatches with the
// fixtures' want comments are not failures.
type lenient struct{ testing.TB }

func (lenient) Errorf(string, ...any) {}
