package inventory_test

import (
	"slices"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// TestCombine checks how Combine names commands from the packages'
// nesting: a root with an action keeps its own name and is left out of
// its commands'; a command added under two parents is listed under both
// paths; a cycle of AddCommand calls ends; rows of commands no nesting
// names, and rows of the table, keep their names.
func TestCombine(t *testing.T) {
	row := func(cmd, node string) inventory.Artifact {
		return inventory.Artifact{Kind: inventory.KindCommand, Command: cmd, Node: node, At: node}
	}
	results := []*inventory.Result{
		{
			Nodes: []inventory.CommandNode{{ID: "root", Name: "app"}, {ID: "sess", Name: "session"}, {ID: "cfg", Name: "config"}, {ID: "rm", Name: "rm"}, {ID: "a", Name: "a"}, {ID: "b", Name: "b"}},
			Edges: []inventory.CommandEdge{{Parent: "root", Child: "sess"}, {Parent: "root", Child: "cfg"}, {Parent: "sess", Child: "rm"}, {Parent: "cfg", Child: "rm"}, {Parent: "a", Child: "b"}, {Parent: "b", Child: "a"}},
			Artifacts: []inventory.Artifact{
				row("app", "root"), row("rm", "rm"), row("b", "b"),
				row("serve", ""), {Kind: "repo", Pattern: "repo:x"},
			},
		},
		{Artifacts: []inventory.Artifact{row("lone", "elsewhere")}},
	}
	var got []string
	for _, a := range inventory.Combine(results...) {
		got = append(got, a.Command+"@"+a.At)
	}
	// The cycle a, b has no root: b is named by the path the bound on
	// nesting leaves, whatever it is, and listed.
	var cycle []string
	for _, g := range got {
		if len(g) > 2 && g[len(g)-2:] == "@b" {
			cycle = append(cycle, g)
		}
	}
	if len(cycle) == 0 {
		t.Errorf("the command in a cycle is not listed: %v", got)
	}
	got = slices.DeleteFunc(got, func(g string) bool { return slices.Contains(cycle, g) })
	want := []string{"@", "app@root", "config rm@rm", "lone@elsewhere", "serve@", "session rm@rm"}
	if !slices.Equal(got, want) {
		t.Errorf("Combine named %v, want %v", got, want)
	}
}
