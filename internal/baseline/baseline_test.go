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
	for _, w := range []string{`"staterootlint-baseline": 3`, `"count": 2`, `"category": "env"`, `"seen": "os.WriteFile writes a path from the environment variable HOME_OUT (main.go), outside every state root"`} {
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
	if _, err := Read([]byte(`{"staterootlint-baseline": 4, "findings": []}`)); !errors.As(err, &nb) || nb.Version != 4 {
		t.Errorf("version 4: %v", err)
	}
	if _, err := Read([]byte(`{"findings": 3}`)); err == nil {
		t.Error("malformed: no error")
	}
	for _, v := range []string{"2", "3"} {
		if _, err := Read([]byte(`{"staterootlint-baseline": ` + v + `, "findings": [{"analyzer": "x", "package": "p", "function": ""}]}`)); err == nil || !strings.Contains(err.Error(), "findings[0]") {
			t.Errorf("version %s, an entry without origin, op or observation: %v", v, err)
		}
	}
}

// keyed is a finding whose analyzer records its origin and operation.
func keyed(origin, op, msg string) driver.Finding {
	f := finding("env", msg)
	f.Origin, f.Op = origin, op
	return f
}

// TestStructuredKey checks that a finding whose analyzer records its
// origin and operation is recorded by them, never by its message, so
// that a reworded message (advice and observation), another authority
// kind named in the advice, or another line quoted leave it matching,
// while another origin or operation is a new finding.
func TestStructuredKey(t *testing.T) {
	f := keyed("env PX_DB_PATH", "os.WriteFile", `os.WriteFile writes a path from the environment variable PX_DB_PATH (legacy.go:41), outside every state root; derive the path from this program's authority paths.StateDir (global root)`)
	data, err := Encode([]driver.Finding{f})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"staterootlint-baseline": 3`, `"origin": "env PX_DB_PATH"`, `"op": "os.WriteFile"`, `"category": "env"`, `"function": "main"`} {
		if !strings.Contains(string(data), w) {
			t.Errorf("baseline lacks %s:\n%s", w, data)
		}
	}
	for _, no := range []string{"seen", "derive", "legacy.go", "41"} {
		if strings.Contains(string(data), no) {
			t.Errorf("baseline records %q (message text or a position):\n%s", no, data)
		}
	}
	b, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	for name, msg := range map[string]string{
		"advice reworded":      `os.WriteFile writes a path from the environment variable PX_DB_PATH (legacy.go:41), outside every state root; keep it under a state root`,
		"authority kind":       `os.WriteFile writes a path from the environment variable PX_DB_PATH (legacy.go:41), outside every state root; derive the path from this program's authority paths.StateDir (state root)`,
		"lines inserted above": `os.WriteFile writes a path from the environment variable PX_DB_PATH (legacy.go:57), outside every state root; derive the path from this program's authority paths.StateDir (global root)`,
		"observation reworded": `os.WriteFile writes $PX_DB_PATH, which is no state root; derive it from a state root`,
	} {
		g := f
		g.Message = msg
		g.Pos.Line += 16
		if fresh, stale := b.Subtract([]driver.Finding{g}); len(fresh) != 0 || len(stale) != 0 {
			t.Errorf("%s: Subtract = %v, %v; want it matched, nothing stale", name, fresh, stale)
		}
	}
	for name, g := range map[string]driver.Finding{
		"another origin":    keyed("env PX_OTHER", "os.WriteFile", f.Message),
		"another operation": keyed("env PX_DB_PATH", "os.Create", f.Message),
	} {
		fresh, stale := b.Subtract([]driver.Finding{g})
		if len(fresh) != 1 || len(stale) != 1 {
			t.Errorf("%s: Subtract = %v, %v; want it new and the entry stale", name, fresh, stale)
			continue
		}
		if want := "example.com/app.main: os.WriteFile of env PX_DB_PATH (shadowwrite)"; stale[0].String() != want {
			t.Errorf("%s: stale entry %q, want %q", name, stale[0], want)
		}
	}
}

// TestReadVersion2 checks that a baseline of version 2 (keyed on the
// category and the observation) still matches the finding it recorded,
// now that findings carry an origin and an operation.
func TestReadVersion2(t *testing.T) {
	v2 := `{"staterootlint-baseline": 2, "findings": [
  {"analyzer": "shadowwrite", "package": "example.com/app", "function": "main", "category": "env", "seen": "os.WriteFile writes a path from the environment variable PX_DB_PATH (legacy.go), outside every state root"}
]}`
	b, err := Read([]byte(v2))
	if err != nil {
		t.Fatal(err)
	}
	f := keyed("env PX_DB_PATH", "os.WriteFile", `os.WriteFile writes a path from the environment variable PX_DB_PATH (legacy.go:41), outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot`)
	if fresh, stale := b.Subtract([]driver.Finding{f, f}); len(fresh) != 1 || len(stale) != 0 {
		t.Errorf("Subtract = %v, %v; want the second finding new, nothing stale", fresh, stale)
	}
}

// TestOnePerWrite: a write whose path may come from two origins is one
// finding and one entry; a baseline recorded when it was one finding per
// origin still matches it, and leaves neither entry stale.
func TestOnePerWrite(t *testing.T) {
	f := finding("env", "os.WriteFile writes a path from the environment variable APP_DATA or a path under the home directory; derive it")
	f.Op, f.Origin = "os.WriteFile", "env APP_DATA | home os.UserHomeDir .app/state.json"
	data, err := Encode([]driver.Finding{f})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"analyzer"`); n != 1 {
		t.Errorf("baseline of one write has %d entries:\n%s", n, data)
	}
	before := `{"staterootlint-baseline": 3, "findings": [
  {"analyzer": "shadowwrite", "package": "example.com/app", "function": "main", "category": "env", "origin": "env APP_DATA", "op": "os.WriteFile"},
  {"analyzer": "shadowwrite", "package": "example.com/app", "function": "main", "category": "home", "origin": "home os.UserHomeDir .app/state.json", "op": "os.WriteFile"}]}`
	b, err := Read([]byte(before))
	if err != nil {
		t.Fatal(err)
	}
	if fresh, stale := b.Subtract([]driver.Finding{f}); len(fresh) != 0 || len(stale) != 0 {
		t.Errorf("Subtract = %v, %v; want the finding matched by its two entries", fresh, stale)
	}
}
