package guardtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guardtest"
	"github.com/staterootlint/staterootlint/runtime/guardtest/testdata/missed"
)

// missedInventory is the fixture's inventory, written by staterootlint
// (cmd/staterootlint's TestCommittedInventories keeps it current).
var missedInventory = filepath.Join("testdata", "missed", "inventory.json")

// crossCheck runs run in a fresh project under Enforce with the
// fixture's inventory inv (absolute: newScene changes the working
// directory) and returns the failures.
func crossCheck(t *testing.T, inv, command string, run func(project string) error) []string {
	t.Helper()
	s := newScene(t)
	project := filepath.Join(s.work, "proj")
	if err := os.Mkdir(project, 0o755); err != nil {
		t.Fatal(err)
	}
	ft := &fakeTB{TB: t}
	guardtest.Config{
		Roots:     map[string]string{"repo": filepath.Join(project, ".missed"), "project": project},
		Inventory: inv,
		Command:   command,
	}.Enforce(ft)
	if err := run(project); err != nil {
		t.Fatal(err)
	}
	return ft.finish()
}

// TestCrossCheckGap: the fixture creates a lock file with a raw system
// call, which the static analysis misses; the run-time side sees it and
// fails the test with the closest pattern.
func TestCrossCheckGap(t *testing.T) {
	inv, _ := filepath.Abs(missedInventory)
	errs := crossCheck(t, inv, "", missed.SaveLocked)
	if len(errs) != 1 {
		t.Fatalf("want one failure, got %d:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	wantFailure(t, errs, `created "`, filepath.Join(".missed", "sidecar.lock"), "(repo:sidecar.lock)",
		"which none of the program's patterns in", "the closest pattern is repo:state.json", "a gap in the static analysis")
}

// TestCrossCheckCovered: what the analysis sees passes, the root's
// creation and the state file alike.
func TestCrossCheckCovered(t *testing.T) {
	inv, _ := filepath.Abs(missedInventory)
	if errs := crossCheck(t, inv, "", missed.Save); len(errs) > 0 {
		t.Errorf("the covered writes failed the test:\n%s", strings.Join(errs, "\n"))
	}
}

// TestCrossCheckCommand: a command's own patterns bound what it may
// write: save-locked's rows pass save, whose rows name no lock.
func TestCrossCheckCommand(t *testing.T) {
	inv, _ := filepath.Abs(missedInventory)
	if errs := crossCheck(t, inv, "save", missed.Save); len(errs) > 0 {
		t.Errorf("save within its shape failed:\n%s", strings.Join(errs, "\n"))
	}
	errs := crossCheck(t, inv, "save", missed.SaveLocked)
	wantFailure(t, errs, "sidecar.lock", "none of command save's patterns")
}

// TestCrossCheckGuardCalls: a write through the guard is checked too,
// with its operation, and a root nested in another (repo in project) is
// checked against its own kind.
func TestCrossCheckGuardCalls(t *testing.T) {
	inv, _ := filepath.Abs(missedInventory)
	s := newScene(t)
	project := filepath.Join(s.work, "proj")
	os.Mkdir(project, 0o755)
	ft := &fakeTB{TB: t}
	g := guardtest.Config{Roots: map[string]string{"repo": filepath.Join(project, ".missed"), "project": project}, Inventory: inv}.Enforce(ft)
	if err := g.MkdirAll(filepath.Join(project, ".missed", "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteFile(filepath.Join(project, "px.lock"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	errs := ft.finish()
	wantFailure(t, errs, "os.MkdirAll of", "(repo:logs)", "the closest pattern is repo")
	wantFailure(t, errs, "os.WriteFile of", "(project:px.lock)", "the inventory has no project pattern")
	if len(errs) != 2 {
		t.Errorf("want two failures, got %d:\n%s", len(errs), strings.Join(errs, "\n"))
	}
}

// TestCrossCheckConfigErrors: a bad inventory or command fails the test
// at once, saying what to do.
func TestCrossCheckConfigErrors(t *testing.T) {
	inv, _ := filepath.Abs(missedInventory)
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte("| pattern |"), 0o644)
	for _, c := range []struct {
		cfg  guardtest.Config
		want string
	}{
		{guardtest.Config{Inventory: inv}, "without Config.Roots"},
		{guardtest.Config{Roots: map[string]string{"repo": t.TempDir()}, Inventory: inv, Command: "frob"}, `has no command "frob"; valid: save, save-locked`},
		{guardtest.Config{Roots: map[string]string{"repo": t.TempDir()}, Inventory: bad}, "write it with staterootlint inventory --by-command --format json"},
		{guardtest.Config{Roots: map[string]string{"repo": t.TempDir()}, Inventory: bad + ".missing"}, "read inventory:"},
	} {
		ft := &fakeTB{TB: t}
		if g := c.cfg.Enforce(ft); g != nil {
			t.Errorf("%+v: Enforce returned a guard", c.cfg)
		}
		wantFailure(t, ft.finish(), c.want)
	}
}
