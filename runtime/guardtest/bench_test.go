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
	dir := tree10k(b)
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
	dir := tree10k(b)
	skip := func(string) bool { return false }
	a, c := take(dir, DefaultMaxEntries, skip), take(dir, DefaultMaxEntries, skip)
	for b.Loop() {
		if d := diff(a, c, skip); len(d) != 0 {
			b.Fatal(d)
		}
	}
}

// BenchmarkCycle10k is the whole bypass layer on a 10,000-file tree: the
// snapshot before the test, the one after it, and the comparison.
func BenchmarkCycle10k(b *testing.B) {
	dir := tree10k(b)
	skip := func(string) bool { return false }
	for b.Loop() {
		before := take(dir, DefaultMaxEntries, skip)
		if d := diff(before, take(dir, DefaultMaxEntries, skip), skip); len(d) != 0 {
			b.Fatal(d)
		}
	}
}

// tree10k makes 100 directories of 100 empty files.
func tree10k(b *testing.B) string {
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
	return dir
}
