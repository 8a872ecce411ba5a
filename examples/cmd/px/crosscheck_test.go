package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guardtest"
)

// TestCommandsMatchInventory runs each command of px under guardtest's
// cross-check with the inventory staterootlint computed for px
// (testdata/inventory.json, from staterootlint inventory --by-command
// --format json): every path a command creates, changes or removes in
// px's roots must be one of the patterns the static analysis gives that
// command. A write the analysis missed fails here, with the closest
// pattern.
func TestCommandsMatchInventory(t *testing.T) {
	inv, err := filepath.Abs(filepath.Join("testdata", "inventory.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		command string
		args    []string
	}{
		{"run", []string{"run", "--out", "out/summary.md", "fix tests"}},
		{"status", []string{"status", "--out", "out/status.txt"}},
		{"gc", []string{"gc", "--keep", "0"}},
		{"init", []string{"init"}},
	} {
		t.Run(c.command, func(t *testing.T) {
			dir, proj := sandbox(t)
			t.Chdir(proj) // --out is relative to the working directory
			os.Mkdir("out", 0o755)
			for _, task := range []string{"write docs", "fix tests"} { // state for status and gc
				if code, _, stderr := px(t, "run", task); code != 0 {
					t.Fatalf("px run: exit %d: %s", code, stderr)
				}
			}
			guardtest.Config{
				Roots: map[string]string{
					"project": proj,
					"repo":    filepath.Join(proj, ".px"),
					"global":  filepath.Join(dir, "global"),
					"cache":   filepath.Join(dir, "cache", "px"),
					"temp":    filepath.Join(dir, "tmp"),
					"user":    filepath.Join(proj, "out"),
					"cwd":     proj, // the working directory: init's px.toml
				},
				Inventory: inv,
				Command:   c.command,
			}.Enforce(t)
			if code, _, stderr := px(t, c.args...); code != 0 {
				t.Fatalf("px %v: exit %d: %s", c.args, code, stderr)
			}
		})
	}
}
