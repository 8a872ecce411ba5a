package guard_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guard"
)

// TestRecord: with Config.Record a Guard keeps every write call, allowed
// or refused, with its absolute path; Rename gives one call per path.
// Without it, it keeps none.
func TestRecord(t *testing.T) {
	l := newLayout(t)
	g, err := guard.Config{Record: true}.New(l.root)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	a, b, out := filepath.Join(l.root, "a"), filepath.Join(l.root, "b"), filepath.Join(l.out, "x")
	g.WriteFile(a, nil, 0o644)
	g.Rename(a, b)
	g.WriteFile(out, nil, 0o644) // refused, and recorded
	want := []guard.Call{{Op: "WriteFile", Path: a}, {Op: "Rename", Path: a}, {Op: "Rename", Path: b}, {Op: "WriteFile", Path: out}}
	if got := g.Calls(); !slices.Equal(got, want) {
		t.Errorf("Calls() = %v, want %v", got, want)
	}

	plain, err := guard.New(l.root)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	plain.WriteFile(a, nil, 0o644)
	if got := plain.Calls(); got != nil {
		t.Errorf("Calls() without Record = %v, want none", got)
	}
}
