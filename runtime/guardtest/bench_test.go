package guardtest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkSnapshot10k is one snapshot of a 10,000-file tree (100
// directories of 100 files), the bypass layer's cost at each end of a test.
func BenchmarkSnapshot10k(b *testing.B) {
	dir := b.TempDir()
	for d := range 100 {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", d))
		if err := os.Mkdir(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := range 100 {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%02d", f)), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	skip := func(string) bool { return false }
	var s *snapshot
	for b.Loop() {
		s = take(dir, DefaultMaxEntries, skip)
	}
	if len(s.entries) != 10101 || s.partial {
		b.Fatalf("snapshot holds %d entries (partial %v), want 10101", len(s.entries), s.partial)
	}
	b.ReportMetric(float64(len(s.entries)), "entries")
}

// BenchmarkDiff10k compares two snapshots of that tree.
func BenchmarkDiff10k(b *testing.B) {
	dir := b.TempDir()
	for d := range 100 {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", d))
		os.Mkdir(sub, 0o755)
		for f := range 100 {
			os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%02d", f)), nil, 0o644)
		}
	}
	skip := func(string) bool { return false }
	a, c := take(dir, DefaultMaxEntries, skip), take(dir, DefaultMaxEntries, skip)
	for b.Loop() {
		if d := diff(a, c, skip); len(d) != 0 {
			b.Fatal(d)
		}
	}
}
