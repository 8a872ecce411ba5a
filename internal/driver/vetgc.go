package driver

// vetGCPercent is the garbage collector's target under go vet: the heap
// may grow to nine times what is live before a collection.
//
// go vet starts one process per package (every dependency included), and
// each lives well under a second: at Go's default (100) a unit spends
// about a fifth of its CPU collecting garbage that process exit would
// free anyway. The compiler, run the same way, raises its starting heap
// for the same reason. Measured on task v3.53.1, go vet -vettool with
// every unit re-run against go vet (2026-11-26, medians of 5 alternating
// runs): 1.01x go vet's CPU at 400, 0.91x at 800, the largest unit's peak
// RSS 233 and 238 MiB (at 100, single runs, the CPU was a third higher
// than at 400).
const vetGCPercent = 800

// vetMemoryBudget caps a vet unit's heap where vetGCPercent would let
// it grow far (memory.go): the few units with large live heaps (on
// kubectl v0.34.2, 1038 MiB at GOGC=800 where GOGC=100 peaked at 799
// MiB) collect as the budget nears, the rest never reach it. go vet runs
// as many units at once as GOMAXPROCS.
const vetMemoryBudget = 512 << 20

// TuneVetGC sets vetGCPercent and vetMemoryBudget for a go vet unit's
// process unless the user tuned the collector (GOGC or GOMEMLIMIT set):
// their setting wins. The command calls it; the driver never tunes the
// process on its own.
func TuneVetGC(getenv func(string) string) {
	tuneGC(getenv, vetGCPercent, vetMemoryBudget)
}
