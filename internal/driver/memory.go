package driver

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The standalone driver's memory budget.
//
// A run keeps every dependency's types for its whole length (they are
// read once and shared by the packages that import them): on a program
// with a Kubernetes client's dependency graph that is hundreds of MiB
// that never become garbage. At Go's default (GOGC=100) the heap grows to
// twice what is live before each collection, so the peak is about twice
// the live heap, most of it headroom over data that stays. The driver
// caps the heap instead: a soft memory limit of memoryBudget (which keeps
// the process, binary and all, under 1 GiB), or, when what is live comes
// near it, a quarter above what is live, so a larger program runs with
// less headroom rather than collecting without end. Measured on k9s
// v0.32.7 (2026-11-26, one run each): a 1475 MiB peak at the default,
// 905 MiB with a 900 MiB limit, for 2% more CPU; task v3.53.1 peaks
// below the budget and is unaffected.
const memoryBudget = 900 << 20

// standaloneGCPercent is the garbage collector's target in a standalone
// run, under memoryBudget: the heap may grow to five times what is live
// before a collection, and the budget caps it. At Go's default (100) a
// program whose live heap stays small (task v3.53.1) collected far more
// often than the budget needed. Measured on task v3.53.1 (2026-12-07,
// --no-cache, medians of 5 alternating runs, quiet): at 400, 0.83x the
// CPU and 0.84x the wall of the default, peak RSS 778 MiB against 467;
// at 800 another 4% less CPU for a peak of 872 MiB, too near the budget.
const standaloneGCPercent = 400

// TuneStandaloneGC sets standaloneGCPercent and memoryBudget for a
// standalone run's process unless the user tuned the collector (GOGC or
// GOMEMLIMIT set): their setting wins. The command calls it; the driver
// never tunes the process on its own.
func TuneStandaloneGC(getenv func(string) string) {
	tuneGC(getenv, standaloneGCPercent, memoryBudget)
}

// tuneGC sets the collector's target to percent and governs the heap
// under budget (governMemory), unless the user tuned the collector
// (GOGC or GOMEMLIMIT set): their setting wins.
func tuneGC(getenv func(string) string, percent int, budget int64) {
	if userTunedGC(getenv) {
		return
	}
	debug.SetGCPercent(percent)
	governMemory(getenv, budget)
}

// memoryLimit is the soft limit for a live heap of live bytes under
// budget.
func memoryLimit(live uint64, budget int64) int64 {
	if live+live/4 <= uint64(budget) {
		return budget
	}
	return int64(min(live+live/4, math.MaxInt64))
}

// userTunedGC reports whether the user tuned the garbage collector
// (GOGC or GOMEMLIMIT set): then the tool leaves it as they set it.
func userTunedGC(getenv func(string) string) bool {
	return getenv("GOGC") != "" || getenv("GOMEMLIMIT") != ""
}

// governMemory keeps the soft memory limit at memoryLimit of the live
// heap, checked every 50 ms, unless the user tuned the collector
// (GOGC or GOMEMLIMIT set): their setting wins. The standalone driver
// runs under memoryBudget, each go vet unit under vetMemoryBudget
// (vetgc.go).
func governMemory(getenv func(string) string, budget int64) {
	if userTunedGC(getenv) {
		return
	}
	debug.SetMemoryLimit(budget)
	go func() {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		limit := budget
		for range time.Tick(50 * time.Millisecond) {
			metrics.Read(sample)
			if sample[0].Value.Kind() != metrics.KindUint64 {
				return // not measured by this runtime: the fixed budget stays
			}
			if l := memoryLimit(sample[0].Value.Uint64(), budget); l != limit {
				limit = l
				debug.SetMemoryLimit(l)
			}
		}
	}()
}
