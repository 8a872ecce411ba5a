package rootflow

import (
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
)

// userChosen reports whether every origin of v is the user's (or empty),
// reading through cells to what is stored into them (a cell met again,
// a store of itself, counts for nothing).
func (e *engine) userChosen(v Origins, seen map[string]bool) bool {
	if len(v) == 0 || len(seen) > maxUserCells {
		return false
	}
	for _, a := range v {
		switch a.Kind {
		case User, Empty:
		case Cell:
			if e.resolving[a.Key] || seen[a.Key] {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[a.Key] = true
			stores := e.cellStores(a.Key)
			if a.TextOf(lattice.MapKey) != "" {
				stores = e.mapElems(stores, a.TextOf(lattice.MapKey), a.At)
			}
			if a.Flag(lattice.UserBelow) {
				stores = hook.BelowUserAt(stores, a.TextOf(lattice.BelowPath))
			}
			if len(stores) > 0 && !e.userChosen(stores, seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
