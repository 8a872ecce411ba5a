package shadowwrite_test

import (
	"net/url"
	"regexp"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// TestFixes checks the migration fixes, one fixture per shape, against
// their .golden files: a root rebuilt by hand on the home directory, an
// XDG base or a literal absolute path, a fixed name in the working
// directory of a program with a repo authority, authorities returning a
// string or (string, error), and the cases with no fix, whose findings
// say why (the nofix key of their URL).
func TestFixes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		dir string
		// fixes is the number of findings with a fix; why matches the
		// reason of those without one ("" for none).
		fixes int
		why   string
	}{
		{dir: "fixhome", fixes: 1, why: `not below the state dir`},
		{dir: "fixxdg", fixes: 1, why: `not below the state dir`},
		{dir: "fixabs", fixes: 1, why: `not below the state dir`},
		{dir: "fixcwdrepo", fixes: 1},
		{dir: "fixstringauth", fixes: 2},
		{dir: "fixerrauth", fixes: 1},
		{dir: "fixnoerr", why: `returns \(string, error\) and saveLog returns no error`},
		{dir: "fixerrlive", why: `would change the err`},
		{dir: "fixdeclare", fixes: 1},
		{dir: "fixstore", fixes: 1},
	}
	for _, tc := range cases {
		t.Run(tc.dir, func(t *testing.T) {
			t.Parallel()
			cfg := rootflow.DefaultConfig()
			cfg.StateDir = []string{".myapp"}
			a := analyzer(cfg)
			results := analysistest.RunWithSuggestedFixes(t, testdata(t), a, "shadowwrite/"+tc.dir)
			fixed := 0
			for _, res := range results {
				for _, d := range res.Diagnostics {
					if len(d.SuggestedFixes) > 0 {
						fixed++
						continue
					}
					u, err := url.Parse(d.URL)
					if err != nil {
						t.Fatal(err)
					}
					why := u.Query().Get("nofix")
					if tc.why == "" || !regexp.MustCompile(tc.why).MatchString(why) {
						t.Errorf("%s: no fix, and the reason %q does not match %q", res.Pass.Fset.Position(d.Pos), why, tc.why)
					}
				}
			}
			if fixed != tc.fixes {
				t.Errorf("%d findings with a fix, want %d", fixed, tc.fixes)
			}
		})
	}
}
