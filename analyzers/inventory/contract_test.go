package inventory_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const contractDoc = "# px state\n" +
	"\n" +
	"Everything px writes. Regenerate the table with `staterootlint inventory`.\n" +
	"\n" +
	"- `repo:logs/*.log` — one log per run; durable\n" +
	"* ``repo:runs.db`` — the run database\n" +
	"1. `repo:./runs/*/` — a directory per run\n" +
	"- see `staterootlint inventory --contract` for the check\n" +
	"- prose items that start without backticks are not entries\n" +
	"\n" +
	"```markdown\n" +
	"- `repo:example/*` — inside a fence: not an entry\n" +
	"```\n" +
	"\n" +
	"| pattern | what | durability |\n" +
	"|---|---|---|\n" +
	"| `global:cache/update.json` | last update check | cache |\n" +
	"|`temp`|scratch|temp|\n" +
	"| `repo:logs/*.log` | again | durable |\n"

func TestParseContract(t *testing.T) {
	c := inventory.ParseContractText("STATE_ROOTS.md", []byte(contractDoc))
	var got []string
	for _, e := range c.Entries {
		got = append(got, e.Pattern+"@"+itoa(e.Line))
	}
	want := []string{"repo:logs/*.log@5", "repo:runs.db@6", "repo:runs/*@7", "global:cache/update.json@17", "temp@18", "repo:logs/*.log@19"}
	if !slices.Equal(got, want) {
		t.Errorf("entries = %q, want %q", got, want)
	}
}

func TestParseContractFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "STATE_ROOTS.md")
	if err := os.WriteFile(name, []byte("- `user` — --out FILE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := inventory.ParseContract(name)
	if err != nil || c.Path != name || len(c.Entries) != 1 || c.Entries[0].Pattern != "user" {
		t.Errorf("ParseContract = %+v, %v; want one entry user", c, err)
	}
	if _, err := inventory.ParseContract(filepath.Join(t.TempDir(), "missing.md")); err == nil || !strings.HasPrefix(err.Error(), "read contract: ") {
		t.Errorf("ParseContract(missing) error = %v, want read contract: ...", err)
	}
}

func TestCleanPattern(t *testing.T) {
	for in, want := range map[string]string{
		" repo:logs/*.log ": "repo:logs/*.log",
		"repo:./logs//x/":   "repo:logs/x",
		"repo:":             "repo",
		"temp:.":            "temp",
		"temp":              "temp",
		`cwd:"a b" relative to the working directory`: `cwd:"a b" relative to the working directory`,
	} {
		if got := inventory.CleanPattern(in); got != want {
			t.Errorf("CleanPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	arts := []inventory.Artifact{
		{Pattern: "repo:logs/*.log", Kind: "repo", Op: "os.Create", At: "runlog.go:27"},
		{Pattern: "repo:runs.db", Kind: "repo", Op: "os.OpenFile", At: "rundb.go:40"},
		{Pattern: "repo:runs.db", Kind: "repo", Op: "os.Rename", At: "rundb.go:95"},
		{Pattern: "repo:runs.db", Kind: "repo", Op: "os.WriteFile", At: "rundb.go:91"},
		{Pattern: "cache:outputs/*.txt", Kind: "cache", Op: "os.WriteFile", At: "runner.go:105"},
		{Pattern: "temp", Kind: "temp", Op: "os.MkdirTemp", At: "runner.go:80"},
		{Pattern: "user", Kind: "user", Op: "os.WriteFile", At: "main.go:163"},
		// Shadow state and unproven calls are not contract entries.
		{Pattern: "unknown", Kind: "unknown", Op: "os.Create", At: "legacy.go:51", Detail: `the fixed path "/var/tmp/px.pid"`},
		{Pattern: "unproven", Kind: "unproven", At: "x.go:3", Detail: "a call through a func value with a path the analysis cannot follow"},
		{Pattern: "devnull", Kind: "devnull", Op: "os.OpenFile", At: "quiet.go:9"},
	}
	c := inventory.ParseContractText("docs/STATE_ROOTS.md", []byte(contractDoc+"- `unknown` — documented shadow state is tolerated\n"))
	var got []string
	for _, p := range inventory.Check(arts, c) {
		got = append(got, p.String())
	}
	want := []string{
		"cache:outputs/*.txt written by os.WriteFile at runner.go:105 is not documented in STATE_ROOTS.md; add it as a list item",
		"user written by os.WriteFile at main.go:163 is not documented in STATE_ROOTS.md; add it as a list item",
		"docs/STATE_ROOTS.md:7: repo:runs/* is documented but nothing writes it any more; remove it",
		"docs/STATE_ROOTS.md:17: global:cache/update.json is documented but nothing writes it any more; remove it",
		"docs/STATE_ROOTS.md:19: repo:logs/*.log is documented twice (first at line 5); keep one",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Check:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Several writes of one undocumented pattern are one problem.
	got = nil
	for _, p := range inventory.Check(arts[1:4], inventory.Contract{Path: "STATE_ROOTS.md"}) {
		got = append(got, p.String())
	}
	want = []string{"repo:runs.db written by os.OpenFile at rundb.go:40 (and 2 more writes) is not documented in STATE_ROOTS.md; add it as a list item"}
	if !slices.Equal(got, want) {
		t.Errorf("Check:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMerge(t *testing.T) {
	near := inventory.Artifact{Pattern: "repo:lock", Kind: "repo", Op: "os.OpenFile", At: "lock.go:23", Func: "(*runner.Runner).Run", Package: "example.com/px/internal/runner", Chain: []string{"lock.Acquire"}}
	far := near
	far.Func, far.Package, far.Chain = "px.runCmd", "example.com/px/cmd/px", []string{"(*runner.Runner).Run", "lock.Acquire"}
	other := near
	other.Op, other.At, other.Chain = "os.Remove", "lock.go:35", []string{"(*lock.Lock).Release"}
	got := inventory.Merge([]inventory.Artifact{far, other}, []inventory.Artifact{near})
	if len(got) != 2 || got[0].Func != near.Func || !slices.Equal(got[0].Chain, near.Chain) || got[1].Op != "os.Remove" {
		t.Errorf("Merge = %+v, want the write attributed to its closest function, then os.Remove", got)
	}
}

// TestMergeInferred checks that two rows of one write that differ only in
// whether their path is inside by inference merge into the same row
// whatever their order (gopass v1.16.1's inventory changed from run to
// run): the row is marked inferred when any way to the write is.
func TestMergeInferred(t *testing.T) {
	proven := inventory.Artifact{Pattern: "global:**", Kind: "global", Op: "os.MkdirAll", At: "convert.go:40", Func: "(*action.Action).Convert", Package: "example.com/gp/internal/action", Chain: []string{"(*leaf.Store).Convert"}}
	inferred := proven
	inferred.Inferred = true
	for _, order := range [][]inventory.Artifact{{proven, inferred}, {inferred, proven}} {
		got := inventory.Merge(order)
		if len(got) != 1 || !got[0].Inferred {
			t.Errorf("Merge(%v) = %+v, want one row, marked inferred", order, got)
		}
	}
}

func TestWrite(t *testing.T) {
	arts := []inventory.Artifact{
		{Pattern: "global:cache/update.json", Kind: "global", Op: "os.Rename", At: "update.go:63", Func: "(*runner.Runner).Status", Package: "example.com/px/internal/runner", Chain: []string{"(update.Cache).Check", "(update.Cache).Save"}},
		{Pattern: "repo:logs/*.log", Kind: "repo", Op: "os.Create", At: "runlog.go:27", Func: "(*runner.Runner).Run", Package: "example.com/px/internal/runner", Chain: []string{"runlog.Create"}},
		{Pattern: "temp", Kind: "temp", Op: "os.MkdirTemp", At: "runner.go:80", Func: "(*runner.Runner).work", Package: "example.com/px/internal/runner"},
		{Pattern: "unknown", Kind: "unknown", Op: "os.Create", At: "legacy.go:51", Func: "legacy.WritePID", Package: "example.com/px/internal/legacy", Detail: `the fixed path "/var/tmp/px.pid"`},
		{Pattern: "unproven", Kind: "unproven", At: "hooks.go:9", Func: "hooks.Run", Package: "example.com/px/internal/hooks", Detail: "a call of interface method (hooks.Saver).Save with a path the analysis cannot follow"},
		{Pattern: "user:a|b`c", Kind: "user", Op: "os.WriteFile", At: "main.go:163", Func: "px.statusCmd", Package: "example.com/px/cmd/px"},
	}
	for _, format := range inventory.Formats {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := inventory.Write(&buf, format, arts); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "inventory."+format+".golden"), buf.Bytes())
		})
	}
	if err := inventory.Write(&bytes.Buffer{}, "text", arts); err == nil || err.Error() != `unknown inventory format "text"; valid: markdown, json` {
		t.Errorf("Write(text) error = %v", err)
	}
	var buf bytes.Buffer
	if err := inventory.WriteJSON(&buf, nil); err != nil || buf.String() != "{\n  \"artifacts\": []\n}\n" {
		t.Errorf("WriteJSON(nil) = %q, %v; want an empty list", buf.String(), err)
	}

	// The markdown table is a contract that documents exactly what it lists.
	buf.Reset()
	if err := inventory.WriteMarkdown(&buf, arts); err != nil {
		t.Fatal(err)
	}
	if probs := inventory.Check(arts, inventory.ParseContractText("inventory.md", buf.Bytes())); len(probs) > 0 {
		t.Errorf("the inventory table as a contract: %v", probs)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(name, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n%s", name, got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
