package inventory_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/analyzers/unproven"
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

// row renders an artifact compactly for comparison.
func row(a inventory.Artifact) string {
	s := fmt.Sprintf("%s | %s | %s | %s | %s", a.Pattern, a.Kind, a.Op, a.At, a.Func)
	if len(a.Chain) > 0 {
		s += " → " + strings.Join(a.Chain, " → ")
	}
	if a.Detail != "" {
		s += " | " + a.Detail
	}
	return s
}

func TestInventory(t *testing.T) {
	cases := []struct {
		dir  string
		want map[string][]string // package path -> rows
	}{
		{dir: "kinds", want: map[string][]string{"inventory/kinds": {
			"cache:outputs/x.txt | cache | os.WriteFile | kinds.go:31 | kinds.allowed",
			`cwd:"debug.log" relative to the working directory | unknown | os.WriteFile | kinds.go:38 | kinds.shadow | "debug.log" relative to the working directory`,
			"devnull | devnull | os.WriteFile | kinds.go:34 | kinds.allowed",
			"global:cache/update.json | global | os.WriteFile | kinds.go:24 | kinds.rooted",
			"repo:state.json | repo | os.WriteFile | kinds.go:25 | kinds.rooted",
			"temp:scratch | temp | os.WriteFile | kinds.go:29 | kinds.allowed",
			"unknown | unknown | os.WriteFile | kinds.go:40 | kinds.shadow | a path under the home directory from os.UserHomeDir",
			"user | user | os.WriteFile | kinds.go:33 | kinds.allowed",
		}}},
		{dir: "helpers", want: map[string][]string{"inventory/helpers": {
			"repo | repo | os.MkdirAll | helpers.go:41 | helpers.record",
			"repo:logs/*.log | repo | os.Create | helpers.go:33 | helpers.record → helpers.logTo",
			"repo:runs.db | repo | os.WriteFile | helpers.go:28 | helpers.record → helpers.save",
			"temp | temp | os.MkdirTemp | helpers.go:51 | helpers.scratch",
			// The closure's own call graph is the shortest way to the write.
			"temp:*/* | temp | os.WriteFile | helpers.go:28 | helpers.scratch$1 → helpers.save",
		}}},
		{dir: "crosspkg/...", want: map[string][]string{
			"inventory/crosspkg/store": {
				"temp:store.lock | temp | os.WriteFile | store.go:17 | store.Lock",
			},
			"inventory/crosspkg": {
				"hub:index.json | hub | os.WriteFile | store.go:12 | crosspkg.index → store.Save",
				"temp:store.lock | temp | os.WriteFile | store.go:17 | crosspkg.index → store.Lock",
			},
		}},
		// Each init function is its own function, and the package
		// initializer a third: the first MkdirAll is listed once, for
		// both init functions.
		{dir: "inits", want: map[string][]string{"inventory/inits": {
			"temp:first | temp | os.MkdirAll | inits.go:20 | inits.init#1",
			"temp:first | temp | os.MkdirAll | inits.go:24 | inits.init#2",
			"temp:marked | temp | os.WriteFile | inits.go:15 | inits.mark",
			"temp:second | temp | os.WriteFile | inits.go:25 | inits.init#2",
		}}},
		{dir: "readonly", want: map[string][]string{"inventory/readonly": nil}},
		// The library sinks: a SQLite database's file (not one in memory,
		// not a server's), a rotating log's file.
		{dir: "libsinks", want: map[string][]string{"inventory/libsinks": {
			"repo:app.db | repo | sql.Open | libsinks.go:20 | libsinks.open",
			"repo:logs/app-*.log | repo | lumberjack.Logger | libsinks.go:23 | libsinks.open",
			"repo:logs/app.log | repo | lumberjack.Logger | libsinks.go:23 | libsinks.open",
		}}},
		// Writes an allowance declares in a helper whose path a caller
		// makes concrete are listed as declared, as the lint takes them.
		{dir: "allowedhelper", want: map[string][]string{"inventory/allowedhelper": {
			"cwd:cpu.pprof | cwd | os.WriteFile | allowedhelper.go:37 | allowedhelper.profile → allowedhelper.saveProfile",
			"exe | exe | os.CreateTemp | allowedhelper.go:17 | allowedhelper.upgrade → allowedhelper.writeBinary",
			"exe | exe | os.Rename | allowedhelper.go:22 | allowedhelper.upgrade → allowedhelper.writeBinary",
		}}},
		{dir: "project", want: map[string][]string{"inventory/project": {
			"project:dist/* | project | os.WriteFile | project.go:21 | project.run",
			"project:px.lock | project | os.WriteFile | project.go:18 | project.run",
			"repo:run | repo | os.MkdirAll | stateroots.go:164 | project.run → (*stateroots.DirContext).CreateRunDir → stateroots.CreateRunDir",
			"repo:run/agent-1 | repo | os.Mkdir | stateroots.go:167 | project.run → (*stateroots.DirContext).CreateRunDir → stateroots.CreateRunDir",
			"repo:run/agent-1/notes.md | repo | os.WriteFile | project.go:28 | project.run",
			"user | user | os.WriteFile | project.go:35 | project.run",
		}}},
		// A socket's removal whose URL url.Parse filled is unknown, not
		// under the path another URL keeps for a health check.
		{dir: "foreignobjects", want: map[string][]string{"inventory/foreignobjects": {
			"unproven | unproven | field url.URL.Path | foreignobjects.go:23 | foreignobjects.start | the field of a url.URL the analysis cannot tie to where it was made (a type the program does not own)",
		}}},
	}
	for _, c := range cases {
		t.Run(c.dir, func(t *testing.T) {
			t.Parallel()
			a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
			results := analysistest.Run(t, testdata(t), a, "inventory/"+c.dir)
			got := map[string][]string{}
			for _, r := range results {
				res, ok := r.Action.Result.(*inventory.Result)
				if !ok {
					t.Fatalf("%s: result is %T, want *inventory.Result", r.Action.Package.PkgPath, r.Action.Result)
				}
				if res.Package != r.Action.Package.PkgPath {
					t.Errorf("Result.Package = %q, want %q", res.Package, r.Action.Package.PkgPath)
				}
				var rows []string
				for _, art := range res.Artifacts {
					rows = append(rows, row(art))
				}
				got[res.Package] = rows
			}
			for pkg, want := range c.want {
				if !slices.Equal(got[pkg], want) {
					t.Errorf("artifacts of %s:\n%s\nwant:\n%s", pkg, strings.Join(got[pkg], "\n"), strings.Join(want, "\n"))
				}
			}
		})
	}
}

// TestLabels checks that functions are labelled by their package's name
// where the types are at hand (a command's package is "main", a /v3
// package's "tea"), and by the element before a major version where
// only the engine's key is (a call chain's hop into another package).
func TestLabels(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	results := analysistest.Run(t, testdata(t), a, "inventory/vmajor/v2", "inventory/vmajor/bubbles/v3")
	got := map[string][]string{}
	for _, r := range results {
		res := r.Action.Result.(*inventory.Result)
		for _, art := range res.Artifacts {
			got[res.Package] = append(got[res.Package], art.Command+": "+row(art))
		}
	}
	want := map[string][]string{
		"inventory/vmajor/v2": {
			": temp:main.log | temp | os.WriteFile | main.go:21 | main.run",
			": temp:tea.state | temp | os.WriteFile | tea.go:13 | main.run → bubbles.Save",
			"run:  | command |  | main.go:20 | main.run | //staterootlint:command directive",
			"run: temp:main.log | temp | os.WriteFile | main.go:21 | main.run",
			"run: temp:tea.state | temp | os.WriteFile | tea.go:13 | main.run → bubbles.Save",
		},
		"inventory/vmajor/bubbles/v3": {
			": temp:tea.state | temp | os.WriteFile | tea.go:13 | tea.Save",
		},
	}
	for pkg, w := range want {
		if !slices.Equal(got[pkg], w) {
			t.Errorf("rows of %s:\n%s\nwant:\n%s", pkg, strings.Join(got[pkg], "\n"), strings.Join(w, "\n"))
		}
	}
}

// lenient is an analysistest.Testing that ignores the fixtures' want
// comments: they are another analyzer's.
type lenient struct{}

func (lenient) Errorf(string, ...any) {}

// TestUnprovenAsLint checks that the inventory lists as unproven exactly
// the writes the unproven analyzer reports, where it reports them: no
// call that is no write, no write whose path is also proven outside
// every root (shadowwrite's), each write once.
func TestUnprovenAsLint(t *testing.T) {
	t.Parallel()
	pkgs := []string{"inventory/kinds", "inventory/unproven", "unproven/parts", "unproven/curdir", "unproven/emptyjoin", "unproven/filledfields", "unproven/emptybase", "shadowwrite/oneperwrite", "shadowwrite/iface/..."}
	inv := map[string]bool{}
	for _, r := range analysistest.Run(lenient{}, testdata(t), inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())}), pkgs...) {
		res, ok := r.Action.Result.(*inventory.Result)
		if !ok {
			continue
		}
		for _, a := range res.Artifacts {
			if a.Kind == inventory.KindUnproven && a.Command == "" {
				inv[res.Package+" "+a.At] = true
			}
		}
	}
	lint := map[string]bool{}
	for _, r := range analysistest.Run(lenient{}, testdata(t), unproven.New(unproven.Config{Report: true}), pkgs...) {
		for _, d := range r.Diagnostics {
			lint[r.Action.Package.PkgPath+" "+rootflow.ShortPos(r.Action.Package.Fset.Position(d.Pos))] = true
		}
	}
	if len(lint) == 0 {
		t.Fatal("the unproven analyzer reports nothing on the fixtures: the comparison would prove nothing")
	}
	for k := range inv {
		if !lint[k] {
			t.Errorf("the inventory lists %s as unproven; the unproven analyzer does not report it", k)
		}
	}
	for k := range lint {
		if !inv[k] {
			t.Errorf("the unproven analyzer reports %s; the inventory does not list it as unproven", k)
		}
	}
}
