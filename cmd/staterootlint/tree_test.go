package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// exampleDir is the example app the README's first command runs on.
var exampleDir = filepath.Join("..", "..", "examples")

// TestShapeGoldens pins the example app's shape views: the trees, the
// trees per command and the Mermaid diagram.
func TestShapeGoldens(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"tree.golden", []string{"--format", "tree"}},
		{"by-command.golden", []string{"--by-command"}},
		{"mermaid.golden", []string{"--format", "mermaid"}},
		{"mermaid-by-command.golden", []string{"--format", "mermaid", "--by-command"}},
		{"tree-60.golden", []string{"--format", "tree", "--width", "60"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			args := append([]string{"inventory", "-C", exampleDir, "--quiet"}, c.args...)
			code, out, errOut := runCLI(t, analyzers.All, args...)
			if code != exitClean {
				t.Fatalf("%v: exit %d\n%s", args, code, errOut)
			}
			golden := filepath.Join("testdata", "shape", c.golden)
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Errorf("%v differs from %s (go test -run TestShapeGoldens -update to accept):\n%s", args, golden, out)
			}
			if strings.HasPrefix(c.golden, "tree") {
				width := 100
				if slices.Contains(c.args, "60") {
					width = 60
				}
				for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					if n := len([]rune(l)); n > width {
						t.Errorf("line %d is %d columns wide, past %d: %q", i+1, n, width, l)
					}
				}
			}
		})
	}
}

// TestTreeLeavesAreTableRows reads the printed tree back and checks that
// its writes are the table's rows: every (pattern, write) pair of the
// json table is in a tree, and the shadow and unproven writes are listed
// below the trees with their positions; nothing more, nothing less.
func TestTreeLeavesAreTableRows(t *testing.T) {
	code, js, errOut := runCLI(t, analyzers.All, "inventory", "-C", exampleDir, "--quiet", "--format", "json")
	if code != exitClean {
		t.Fatalf("inventory --format json: exit %d\n%s", code, errOut)
	}
	var table struct{ Artifacts []inventory.Artifact }
	if err := json.Unmarshal([]byte(js), &table); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, a := range table.Artifacts {
		if a.Command != "" {
			t.Fatalf("the table has a command's row: %+v", a)
		}
		switch a.Kind {
		case inventory.KindUnknown, inventory.KindUnproven:
			want = append(want, a.Kind+" "+a.At+" "+a.Op)
		default:
			want = append(want, a.Pattern+" "+a.Op)
		}
	}
	code, tree, errOut := runCLI(t, analyzers.All, "inventory", "-C", exampleDir, "--quiet", "--format", "tree")
	if code != exitClean {
		t.Fatalf("inventory --format tree: exit %d\n%s", code, errOut)
	}
	got := parseTree(t, tree)
	if len(want) < 20 {
		t.Fatalf("the example's table has %d rows; want its 30 and more", len(want))
	}
	slices.Sort(want)
	want = slices.Compact(want)
	if !slices.Equal(got, want) {
		t.Errorf("the tree's writes:\n%s\nthe table's rows:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

var sectionEntry = regexp.MustCompile(`^  (\S+\.go:\d+): (\S+\.\S+|\(\S+\)\.\S+)?`)

// parseTree reads the writes of WriteTree's output back: "pattern op"
// for the trees' nodes, "unknown|unproven at op" for the sections.
func parseTree(t *testing.T, text string) []string {
	var out []string
	var path []string  // the segments of the current line, root first
	var comment string // the current node's comment, continuation lines joined
	flush := func() {
		if comment == "" {
			return
		}
		pattern := path[0]
		if len(path) > 1 {
			pattern += ":" + strings.Join(path[1:], "/")
		}
		for _, item := range strings.Split(comment, "; ") {
			_, ops, ok := strings.Cut(item, ": ")
			if !ok {
				t.Fatalf("comment item %q has no writes", item)
			}
			ops, _, _ = strings.Cut(ops, " only with ")
			for _, op := range strings.Split(ops, ", ") {
				out = append(out, pattern+" "+op)
			}
		}
		comment = ""
	}
	section := ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case line == "":
			continue
		case line == "shadow writes:" || line == "unproven writes:":
			flush()
			section = map[string]string{"shadow writes:": inventory.KindUnknown, "unproven writes:": inventory.KindUnproven}[line]
		case section != "":
			if m := sectionEntry.FindStringSubmatch(line); m != nil {
				out = append(out, strings.TrimSpace(section+" "+m[1]+" "+m[2]))
			}
		case strings.HasPrefix(trimmed, "# "):
			comment += " " + strings.TrimSpace(strings.TrimPrefix(trimmed, "# "))
		default:
			flush()
			depth := (len(line) - len(trimmed)) / 2
			name, rest, _ := strings.Cut(trimmed, "  ")
			path = append(path[:depth], strings.TrimSuffix(name, "/"))
			comment = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "# "))
		}
	}
	flush()
	slices.Sort(out)
	return slices.Compact(out)
}

// TestInventoryShapeErrors: the shape flags' usage and configuration
// errors say what to do, with exit 2 and 78.
func TestInventoryShapeErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/empty\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "NOMARKERS.md"), []byte("# contract\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--format", "markdown", "--by-command"}, exitUsage, "invalid --format markdown with --by-command; valid: tree, mermaid, json"},
		{[]string{"--format", "svg"}, exitUsage, `invalid --format "svg" for inventory; valid: markdown, json, tree, mermaid`},
		{[]string{"--width", "12"}, exitUsage, "invalid --width 12; want at least 40 columns"},
		{[]string{"--update-diagram", "X.md", "--by-command"}, exitUsage, "--update-diagram takes neither --format, --by-command nor --contract"},
		{[]string{"--update-diagram", "MISSING.md"}, exitConfig, "--update-diagram MISSING.md: no such file"},
		{[]string{"--update-diagram", "NOMARKERS.md"}, exitConfig, "--update-diagram NOMARKERS.md: no diagram markers; add the lines <!-- staterootlint:diagram -->"},
	} {
		args := append([]string{"inventory", "-C", dir, "--quiet"}, c.args...)
		code, _, errOut := runCLI(t, analyzers.All, args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

// TestUpdateDiagram writes a diagram between the markers, then the
// contract check passes; an edited diagram fails it with the fix.
func TestUpdateDiagram(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"go.mod":  "module example.com/app\n\ngo 1.26\n",
		"main.go": "package main\n\nimport \"os\"\n\nfunc main() { os.WriteFile(os.Args[1], nil, 0o644) }\n",
		"STATE_ROOTS.md": "# app\n\n- `user` the file named on the command line\n\n" +
			"<!-- staterootlint:diagram -->\n<!-- staterootlint:diagram end -->\n\ntail\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	contract := func() (int, string) {
		code, out, _ := runCLI(t, analyzers.All, "inventory", "-C", dir, "--quiet", "--contract", "STATE_ROOTS.md")
		return code, out
	}
	if code, out := contract(); code != exitFindings || !strings.Contains(out, "STATE_ROOTS.md:5: the diagram is not current; run staterootlint inventory --update-diagram STATE_ROOTS.md") {
		t.Errorf("--contract before the update: exit %d\n%s", code, out)
	}
	code, _, errOut := runCLI(t, analyzers.All, "inventory", "-C", dir, "--quiet", "--update-diagram", "STATE_ROOTS.md")
	if code != exitClean || !strings.Contains(errOut, "updated the diagram of STATE_ROOTS.md") {
		t.Fatalf("--update-diagram: exit %d\n%s", code, errOut)
	}
	doc, _ := os.ReadFile(filepath.Join(dir, "STATE_ROOTS.md"))
	want := "<!-- staterootlint:diagram -->\n```mermaid\nflowchart LR\n"
	if !strings.Contains(string(doc), want) || !strings.Contains(string(doc), `n0["user"]`) || !strings.HasSuffix(string(doc), "<!-- staterootlint:diagram end -->\n\ntail\n") {
		t.Errorf("the document after --update-diagram:\n%s", doc)
	}
	if code, out := contract(); code != exitClean {
		t.Errorf("--contract after the update: exit %d\n%s", code, out)
	}
	// A second update changes nothing and says nothing.
	if code, _, errOut := runCLI(t, analyzers.All, "inventory", "-C", dir, "--quiet", "--update-diagram", "STATE_ROOTS.md"); code != exitClean || errOut != "" {
		t.Errorf("a second --update-diagram: exit %d, %q", code, errOut)
	}
	os.WriteFile(filepath.Join(dir, "STATE_ROOTS.md"), []byte(strings.Replace(string(doc), `n0["user"]`, `n0["users"]`, 1)), 0o644)
	if code, out := contract(); code != exitFindings || !strings.Contains(out, "the diagram is not current") {
		t.Errorf("--contract after an edit of the diagram: exit %d\n%s", code, out)
	}
}

// TestCommittedInventories keeps the inventories that guardtest's
// cross-checks read equal to what staterootlint computes now (-update
// rewrites them): a stale one would hide a gap or report a false one.
func TestCommittedInventories(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, c := range []struct {
		dir, file string
		pkgs      []string
	}{
		{exampleDir, filepath.Join(exampleDir, "cmd", "px", "testdata", "inventory.json"), nil},
		{root, filepath.Join(root, "runtime", "guardtest", "testdata", "missed", "inventory.json"), []string{"./runtime/guardtest/testdata/missed"}},
	} {
		args := append([]string{"inventory", "-C", c.dir, "--quiet", "--by-command", "--format", "json"}, c.pkgs...)
		code, out, errOut := runCLI(t, analyzers.All, args...)
		if code != exitClean {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut)
		}
		if *update {
			if err := os.WriteFile(c.file, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("%s is not what %v prints now (go test -run TestCommittedInventories -update to rewrite it)", c.file, args)
		}
		if !strings.Contains(out, `"command":`) {
			t.Errorf("%s lists no command", c.file)
		}
	}
}
