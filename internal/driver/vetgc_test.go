package driver

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestTuneVetGC: a vet unit collects at vetGCPercent, under
// vetMemoryBudget, unless the user set GOGC or GOMEMLIMIT.
func TestTuneVetGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, tc := range []struct {
		env  map[string]string
		want int
	}{
		{nil, vetGCPercent},
		{map[string]string{"GOGC": "50"}, 100},
		{map[string]string{"GOMEMLIMIT": "1GiB"}, 100},
	} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		TuneVetGC(func(k string) string { return tc.env[k] })
		if got := debug.SetGCPercent(100); got != tc.want {
			t.Errorf("environment %v: GC percent %d, want %d", tc.env, got, tc.want)
		}
		wantLimit := int64(math.MaxInt64)
		if tc.want == vetGCPercent {
			wantLimit = vetMemoryBudget
		}
		if got := debug.SetMemoryLimit(-1); got != wantLimit {
			t.Errorf("environment %v: memory limit %d, want %d", tc.env, got, wantLimit)
		}
	}
}
