// Package jobs combines paths and store.
package jobs

import (
	"example.com/chaos/paths"
	"example.com/chaos/store"
)

// Cache is where jobs keep their results.
var Cache = store.New(paths.Home("jobs"))

// Run writes a job's output in several places.
func Run(name string, local bool) error {
	if err := store.Save(paths.Pick(local, name), nil); err != nil {
		return err
	}
	if err := Cache.Put(name, nil); err != nil {
		return err
	}
	if err := store.Writer(paths.Under("out"))(name); err != nil {
		return err
	}
	return store.Save(paths.NewNamer().Name(name), nil)
}
