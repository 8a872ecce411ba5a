package main

import "runtime/debug"

// vetGCPercent is the garbage collector's target under go vet: the heap
// may grow to five times what is live before a collection.
//
// go vet starts one process per package (every dependency included), and
// each lives well under a second: at Go's default (100) a unit spends
// about a fifth of its CPU collecting garbage that process exit would
// free anyway. The compiler, run the same way, raises its starting heap
// for the same reason. Measured on task v3.53.1 with every unit re-run
// (2026-11-26, one run each): user CPU 31.9 s at 100, 22.4 s at 400; the
// largest unit's peak RSS 243 → 268 MiB.
const vetGCPercent = 400

// tuneVetGC sets vetGCPercent for a vet unit unless the user tuned the
// collector (GOGC or GOMEMLIMIT set): their setting wins.
func tuneVetGC(getenv func(string) string) {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(vetGCPercent)
}
