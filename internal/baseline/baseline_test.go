package baseline

import (
	"errors"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/internal/driver"
)

func TestObservation(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{`os.WriteFile writes "x.log" relative to the working directory; keep it under a state root`, `os.WriteFile writes "x.log" relative to the working directory`},
		{`os.WriteFile writes a path from os.UserHomeDir (legacy.go:27), outside every state root; derive the path from this program's authority paths.StateDir (global root)`,
			`os.WriteFile writes a path from os.UserHomeDir (legacy.go), outside every state root`},
		{`store.Save receives "a; b" for a path it writes (via save → os.WriteFile at store.go:12:3); pass a path`, `store.Save receives "a; b" for a path it writes (via save → os.WriteFile at store.go)`},
		{`os.Create writes "q\"; x"; fix it`, `os.Create writes "q\"; x"`},
		// Positions relative to the module root (2026-11-27) observe as
		// the base names recorded before.
		{`os.MkdirAll writes a path from os.UserHomeDir (internal/legacy/legacy.go:27), outside every state root; derive it`,
			`os.MkdirAll writes a path from os.UserHomeDir (legacy.go), outside every state root`},
		{`store.Save receives "x" (via save → os.WriteFile at cmd/log/command.go:12:3); pass a path`, `store.Save receives "x" (via save → os.WriteFile at command.go)`},
		{`os.WriteFile writes a map element, which the analysis cannot follow: not proven rooted`, `os.WriteFile writes a map element, which the analysis cannot follow: not proven rooted`},
	} {
		if got := Observation(tc.msg); got != tc.want {
			t.Errorf("Observation(%q)\n = %q\nwant %q", tc.msg, got, tc.want)
		}
	}
}

func finding(category, msg string) driver.Finding {
	return driver.Finding{Analyzer: "shadowwrite", Package: "example.com/app", Func: "main", Category: category, Message: msg}
}

func TestRoundTrip(t *testing.T) {
	env := finding("env", `os.WriteFile writes a path from the environment variable HOME_OUT (main.go:3), outside every state root; derive the path from this program's authority paths.StateDir (global root)`)
	lit := finding("literal", `os.WriteFile writes "x.log" relative to the working directory; keep it under a state root`)
	data, err := Encode([]driver.Finding{env, lit, lit})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"staterootlint-baseline": 2`, `"count": 2`, `"category": "env"`, `"seen": "os.WriteFile writes a path from the environment variable HOME_OUT (main.go), outside every state root"`} {
		if !strings.Contains(string(data), w) {
			t.Errorf("baseline lacks %s:\n%s", w, data)
		}
	}
	if strings.Contains(string(data), "derive") || strings.Contains(string(data), "message") {
		t.Errorf("baseline records advice:\n%s", data)
	}
	b, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}

	// Reworded advice, another authority kind, the origin on another line.
	env2 := env
	env2.Message = `os.WriteFile writes a path from the environment variable HOME_OUT (main.go:9), outside every state root; use paths.StateDir (repo root)`
	fresh, stale := b.Subtract([]driver.Finding{env2, lit, lit, lit})
	if len(fresh) != 1 || fresh[0].Message != lit.Message || len(stale) != 0 {
		t.Errorf("Subtract = %v, %v; want the third literal finding only", fresh, stale)
	}

	// Another category is another finding; the entry is stale.
	envAsHome := env
	envAsHome.Category = "home"
	fresh, stale = b.Subtract([]driver.Finding{envAsHome, lit})
	if len(fresh) != 1 || len(stale) != 2 {
		t.Fatalf("Subtract with another category = %v, %v", fresh, stale)
	}
	want := []string{
		`example.com/app.main: os.WriteFile writes "x.log" relative to the working directory (shadowwrite)`,
		`example.com/app.main: os.WriteFile writes a path from the environment variable HOME_OUT (main.go), outside every state root (shadowwrite)`,
	}
	if stale[0].String() != want[0] || stale[1].String() != want[1] {
		t.Errorf("stale = %q, %q; want %q", stale[0], stale[1], want)
	}
}

// TestReadVersion1 checks that a baseline of version 1 (keyed on the
// message) is migrated: it matches on the observation, whatever the
// category and the advice.
func TestReadVersion1(t *testing.T) {
	v1 := `{"staterootlint-baseline": 1, "findings": [
  {"analyzer": "shadowwrite", "package": "example.com/app", "function": "main", "message": "os.WriteFile writes a path from os.UserHomeDir (legacy.go:5), outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot", "count": 2}
]}`
	b, err := Read([]byte(v1))
	if err != nil {
		t.Fatal(err)
	}
	f := finding("home", `os.WriteFile writes a path from os.UserHomeDir (legacy.go:27:5), outside every state root; derive the path from this program's authority paths.StateDir (global root)`)
	fresh, stale := b.Subtract([]driver.Finding{f, f, f})
	if len(fresh) != 1 || len(stale) != 0 {
		t.Errorf("Subtract = %v, %v; want one new finding", fresh, stale)
	}
}

func TestReadErrors(t *testing.T) {
	var nb *NotBaselineError
	if _, err := Read([]byte(`{"staterootlint-baseline": 3, "findings": []}`)); !errors.As(err, &nb) || nb.Version != 3 {
		t.Errorf("version 3: %v", err)
	}
	if _, err := Read([]byte(`{"findings": 3}`)); err == nil {
		t.Error("malformed: no error")
	}
	if _, err := Read([]byte(`{"staterootlint-baseline": 2, "findings": [{"analyzer": "x", "package": "p", "function": ""}]}`)); err == nil || !strings.Contains(err.Error(), "findings[0]") {
		t.Errorf("entry without observation: %v", err)
	}
}
