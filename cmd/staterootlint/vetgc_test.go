package main

import (
	"runtime/debug"
	"testing"
)

// TestTuneVetGC: a vet unit collects at vetGCPercent unless the user set
// GOGC or GOMEMLIMIT.
func TestTuneVetGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tc := range []struct {
		env  map[string]string
		want int
	}{
		{nil, vetGCPercent},
		{map[string]string{"GOGC": "50"}, 100},
		{map[string]string{"GOMEMLIMIT": "1GiB"}, 100},
	} {
		debug.SetGCPercent(100)
		tuneVetGC(func(k string) string { return tc.env[k] })
		if got := debug.SetGCPercent(100); got != tc.want {
			t.Errorf("environment %v: GC percent %d, want %d", tc.env, got, tc.want)
		}
	}
}
