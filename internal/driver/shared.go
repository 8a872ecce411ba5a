package driver

import (
	"go/token"
	"go/types"
	"sync"
)

// Types shared between units.
//
// A unit is type-checked against its imports' export data. Read afresh
// for every unit, as go vet's unitchecker does, the same export data is
// decoded once per importer: on task v3.53.1 (2026-11-26) reading export
// data was 21% of a standalone run's CPU, more than parsing and
// type-checking the packages' own bodies. The unit driver runs in one
// process, so it reads each package's export data once and hands the same
// *types.Package to every unit that imports it, as gopls does.
//
// The shared packages are immutable once read: a package is read only
// after all its dependencies are (sharedTypes.read), so reading it finds
// every object of another package it refers to already in place and adds
// nothing to that package; all reading happens under one lock, and a
// unit only ever sees complete packages. A unit's own files are parsed
// into the shared file set, so the positions of its own syntax and of the
// imported objects are in one set, as they are in a unit's own file set
// otherwise. (An imported object's position is the export data's: its
// file and line, whichever unit read it first.)
//
// Only units whose build graph holds no test variant share (unit.shared):
// a test variant has the path of the package it recompiles, with other
// types, and its dependents see those. The others keep a file set and
// an import map of their own.

// shareTypes turns the sharing on; tests turn it off to compare.
var shareTypes = true

// sharedRead, when set (by tests), is called with the ID of every
// package read into the shared types, as it is read.
var sharedRead func(id string)

// sharedTypes holds the types read once per run.
type sharedTypes struct {
	mu      sync.Mutex
	fset    *token.FileSet
	imports map[string]*types.Package // by package path
}

// markShared sets unit.shared: the unit is no test variant and no
// dependency of it is one.
func (d *unitDriver) markShared() {
	done := map[*unit]bool{}
	var visit func(u *unit) bool
	visit = func(u *unit) bool {
		if done[u] {
			return u.shared
		}
		done[u] = true
		u.shared = shareTypes && u.pkg.ForTest == "" && u.pkg.ImportPath == u.path
		for _, dep := range u.deps {
			if !visit(dep) {
				u.shared = false
			}
		}
		return u.shared
	}
	for _, u := range d.units {
		visit(u)
	}
	d.shared.fset = token.NewFileSet()
	d.shared.imports = map[string]*types.Package{}
}

// sharedImport returns the shared types of u, a shared unit, reading
// them, and those of its dependencies first, unless they are read.
func (d *unitDriver) sharedImport(u *unit) (*types.Package, error) {
	d.shared.mu.Lock()
	defer d.shared.mu.Unlock()
	return d.readShared(u)
}

// readShared reads u's export data after its dependencies'; the lock is
// held.
func (d *unitDriver) readShared(u *unit) (*types.Package, error) {
	if u.path == "unsafe" {
		return types.Unsafe, nil // no export data: the type checker's own
	}
	if p := d.shared.imports[u.path]; p != nil && p.Complete() {
		return p, nil
	}
	for _, dep := range u.deps {
		if _, err := d.readShared(dep); err != nil {
			return nil, err
		}
	}
	if sharedRead != nil {
		sharedRead(u.pkg.ImportPath)
	}
	return d.importUnit(u, d.shared.fset, d.shared.imports)
}
