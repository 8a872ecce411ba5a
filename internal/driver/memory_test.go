package driver

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestMemoryLimit: the budget while what is live is well below it, a
// quarter over the live heap past that.
func TestMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int64
	}{
		{0, memoryBudget},
		{600 << 20, memoryBudget},
		{720 << 20, memoryBudget},
		{800 << 20, 1000 << 20},
		{4 << 30, 5 << 30},
	} {
		if got := memoryLimit(tc.live, memoryBudget); got != tc.want {
			t.Errorf("memoryLimit(%d MiB) = %d MiB, want %d MiB", tc.live>>20, got>>20, tc.want>>20)
		}
	}
}

// TestGovernMemory: the limit is set unless the user set GOGC or
// GOMEMLIMIT.
func TestGovernMemory(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, tc := range []struct {
		env  map[string]string
		want int64
	}{
		{map[string]string{"GOGC": "200"}, math.MaxInt64},
		{map[string]string{"GOMEMLIMIT": "2GiB"}, math.MaxInt64},
		{nil, memoryBudget},
	} {
		debug.SetMemoryLimit(math.MaxInt64)
		governMemory(func(k string) string { return tc.env[k] }, memoryBudget)
		if got := debug.SetMemoryLimit(-1); got != tc.want {
			t.Errorf("environment %v: memory limit %d, want %d", tc.env, got, tc.want)
		}
	}
}

// TestTuneStandaloneGC: the collector's target is raised, under the
// budget, unless the user set GOGC or GOMEMLIMIT.
func TestTuneStandaloneGC(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tc := range []struct {
		env     map[string]string
		percent int
		limit   int64
	}{
		{map[string]string{"GOGC": "200"}, 100, math.MaxInt64},
		{map[string]string{"GOMEMLIMIT": "2GiB"}, 100, math.MaxInt64},
		{nil, standaloneGCPercent, memoryBudget},
	} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		TuneStandaloneGC(func(k string) string { return tc.env[k] })
		if got := debug.SetGCPercent(100); got != tc.percent {
			t.Errorf("environment %v: GC percent %d, want %d", tc.env, got, tc.percent)
		}
		if got := debug.SetMemoryLimit(-1); got != tc.limit {
			t.Errorf("environment %v: memory limit %d, want %d", tc.env, got, tc.limit)
		}
	}
}
