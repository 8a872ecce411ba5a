package inventory_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// TestCommands checks the commands of the fixture and what each writes:
// every way of declaring one, a read-only one, writes under a flag.
func TestCommands(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	results := analysistest.Run(t, testdata(t), a, "inventory/commands")
	var got []string
	for _, r := range results {
		for _, art := range r.Action.Result.(*inventory.Result).Artifacts {
			if art.Command == "" {
				continue
			}
			s := art.Command + ": " + row(art)
			if len(art.Flags) > 0 {
				s += " [" + strings.Join(art.Flags, " ") + "]"
			}
			got = append(got, s)
		}
	}
	want := []string{
		"export: command | command |  | commands.go:58 | commands | cobra.Command",
		"export: repo:export.json | repo | os.WriteFile | commands.go:61 | commands",
		"prune: command | command |  | commands.go:71 | commands | cli.Command",
		"prune: repo:runs.db | repo | os.Remove | commands.go:72 | commands",
		"rec: command | command |  | commands.go:27 | commands.record | a switch on the first argument",
		"rec: repo:runs.db | repo | os.WriteFile | commands.go:44 | commands.record",
		"rec: temp:scratch | temp | os.WriteFile | commands.go:49 | commands.record [--verbose]",
		"rec: user | user | os.WriteFile | commands.go:46 | commands.record [--out]",
		"record: command | command |  | commands.go:27 | commands.record | a switch on the first argument",
		"record: repo:runs.db | repo | os.WriteFile | commands.go:44 | commands.record",
		"record: temp:scratch | temp | os.WriteFile | commands.go:49 | commands.record [--verbose]",
		"record: user | user | os.WriteFile | commands.go:46 | commands.record [--out]",
		"scratch: command | command |  | commands.go:31 | commands.main | a switch on the first argument",
		"scratch: temp:scratch | temp | os.WriteFile | commands.go:32 | commands.main",
		"serve: command | command |  | commands.go:78 | commands.serve | //staterootlint:command directive",
		"serve: repo:runs.db | repo | os.WriteFile | commands.go:44 | commands.serve → commands.record",
		"serve: temp:scratch | temp | os.WriteFile | commands.go:49 | commands.serve → commands.record",
		"serve: user | user | os.WriteFile | commands.go:46 | commands.serve → commands.record",
		"show: command | command |  | commands.go:29 | commands.show | a switch on the first argument",
		"status: command | command |  | commands.go:65 | commands.status | cobra.Command",
	}
	// Rows' patterns are "" for a command's own row; row() prints it as
	// the kind, so the table above reads as the CLI's listing does.
	for i := range got {
		got[i] = strings.Replace(got[i], ":  | command", ": command | command", 1)
	}
	if !slices.Equal(got, want) {
		t.Errorf("command rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
