package driver

import (
	"container/heap"
	"os"
	"sync"
)

// The order of the units.
//
// A unit can run once its dependencies are done; which of the ready
// units runs first decides how long the run takes on few cores. Taken in
// the order go list printed them, a run on two cores ended with one core
// idle while the other worked through the chain of packages that import
// everything else (a program's command tree, then its main package),
// whose dependencies had been left for last. The queue hands out first
// the unit with the most work on the longest chain of units waiting for
// it (its critical path), as a list scheduler does; the work of a unit is
// estimated from the size of its files, twice that for a unit whose
// findings are reported (it runs every analyzer, not only those with
// facts). The order changes when units run, never what they compute.

// unitOverhead is the work of a unit beside its files, in bytes of
// source: reading its imports' types, building its SSA.
const unitOverhead = 16 << 10

// workOf estimates the work of analyzing u, in bytes of source.
func workOf(u *unit) int64 {
	w := int64(unitOverhead)
	for _, name := range u.pkg.compiledFiles() {
		if fi, err := os.Stat(name); err == nil {
			w += fi.Size()
		}
	}
	if u.root {
		w *= 2
	}
	return w
}

// prioritize sets the priority of every unit that runs: its work plus the
// largest priority among the units that wait for it.
func prioritize(units []*unit) {
	done := map[*unit]bool{}
	var visit func(u *unit) int64
	visit = func(u *unit) int64 {
		if done[u] {
			return u.priority
		}
		done[u] = true
		var above int64
		for _, dep := range u.dependents {
			above = max(above, visit(dep))
		}
		u.priority = workOf(u) + above
		return u.priority
	}
	for _, u := range units {
		if u.run {
			visit(u)
		}
	}
}

// readyQueue holds the units ready to run, the highest priority first,
// ties in the order of the units (seq).
type readyQueue struct {
	mu     sync.Mutex
	cond   sync.Cond
	units  unitHeap
	closed bool
}

func newReadyQueue() *readyQueue {
	q := &readyQueue{}
	q.cond.L = &q.mu
	return q
}

// push adds a ready unit.
func (q *readyQueue) push(u *unit) {
	q.mu.Lock()
	heap.Push(&q.units, u)
	q.mu.Unlock()
	q.cond.Signal()
}

// pop waits for a ready unit and takes it; ok is false once the queue is
// closed.
func (q *readyQueue) pop() (u *unit, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.units) == 0 && !q.closed {
		q.cond.Wait()
	}
	if len(q.units) == 0 {
		return nil, false
	}
	return heap.Pop(&q.units).(*unit), true
}

// close ends the waits of pop.
func (q *readyQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

// unitHeap is a heap of units by priority, then seq.
type unitHeap []*unit

func (h unitHeap) Len() int { return len(h) }
func (h unitHeap) Less(i, j int) bool {
	if h[i].priority != h[j].priority {
		return h[i].priority > h[j].priority
	}
	return h[i].seq < h[j].seq
}
func (h unitHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *unitHeap) Push(x any)   { *h = append(*h, x.(*unit)) }
func (h *unitHeap) Pop() any {
	old := *h
	u := old[len(old)-1]
	*h = old[:len(old)-1]
	return u
}
