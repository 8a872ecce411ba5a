package artifacts_test

import (
	"os"
	"path/filepath"
	"testing"

	"example.com/px/internal/artifacts"
)

func TestPutAndRemove(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "runs")
	s := artifacts.NewStore(runs)
	if err := s.Put("r1", "reports/summary.md", []byte("ok")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(runs, "r1", "artifacts", "reports", "summary.md"))
	if err != nil || string(b) != "ok" {
		t.Fatalf("artifact = %q, %v", b, err)
	}
	if ids, err := s.Runs(); err != nil || len(ids) != 1 || ids[0] != "r1" {
		t.Errorf("Runs = %v, %v; want [r1]", ids, err)
	}
	if err := s.Remove("r1"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(runs, "r1")); !os.IsNotExist(err) {
		t.Errorf("run directory still there after Remove: %v", err)
	}
}

func TestRefusesEscapes(t *testing.T) {
	dir := t.TempDir()
	s := artifacts.NewStore(filepath.Join(dir, "runs"))
	for _, name := range []string{"../../outside", "../../r2/artifacts/x", "/etc/passwd", ""} {
		if err := s.Put("r1", name, nil); err == nil {
			t.Errorf("Put(%q) succeeded, want an error", name)
		}
	}
	for _, id := range []string{"..", ".", "a/..", "../runs"} {
		if err := s.Remove(id); err == nil {
			t.Errorf("Remove(%q) succeeded, want an error", id)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "outside")); !os.IsNotExist(err) {
		t.Errorf("a write escaped the store: %v", err)
	}
}
