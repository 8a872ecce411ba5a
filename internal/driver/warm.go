package driver

import (
	"context"
	"crypto/sha256"
	"fmt"
	"go/build"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver/cache"
)

// A warm run answers from the cache without building anything. The full
// cache key of a unit (cachekey.go) hashes its dependencies' export data,
// which only go list -export provides, and building it costs a second or
// more on a large program even when nothing changed. So each root unit's
// entry is also kept under a source key: the run's tool and
// configuration, the unit's files (by content), and the source keys of
// its dependencies, transitively. A rerun lists the package graph alone
// (go list without -export, or the listing memo of listmemo.go where
// nothing the listing depends on changed), computes the roots' source keys from file
// hashes the memo remembers (cache.Memo), and when every root has an
// entry, those are the result. Any miss, or anything unusual (a listing
// error, the standard library as a root, a configuration file the full
// run would reject), hands the run to the full path, which reports it as
// always.

// warmRun returns the result of opts from the cache by source keys, or
// false.
func warmRun(ctx context.Context, opts *Options, c *cache.Cache, collected []string) (*Result, bool) {
	listed, memoized, err := listing(ctx, opts, c)
	if err != nil {
		return nil, false
	}
	d := newUnitDriver(listed)
	var rootPkgs []*packages.Package
	for _, u := range d.units {
		if u.root {
			if u.pkg.inGOROOT() {
				return nil, false
			}
			rootPkgs = append(rootPkgs, u.pkg.packagesPackage())
		}
	}
	if checkConfigFiles(opts, rootPkgs) != nil {
		return nil, false
	}
	d.cache = c
	d.keys = newKeyInputs(config.Closure(opts.Analyzers), opts.Analyzers, nil, collected, c.Memo)
	n := 0
	for _, u := range d.units {
		if !u.root {
			continue
		}
		key, err := d.keys.sourceKey(u)
		if err != nil {
			return nil, false
		}
		e := new(cacheEntry)
		if !c.Get(key, e) {
			return nil, false
		}
		e.restore(u)
		n++
	}
	res, errs := d.result(opts)
	if len(errs) > 0 {
		return nil, false
	}
	res.Stats = Stats{Units: true, Warm: true, Memoized: memoized, Cached: n}
	return res, true
}

// keepForWarmRuns stores each root unit's entry under its source key too,
// after a run without errors.
func (d *unitDriver) keepForWarmRuns() {
	if d.cache == nil || d.keys == nil {
		return
	}
	for _, u := range d.units {
		if !u.root || u.failed || len(u.errs) > 0 {
			continue
		}
		if key, err := d.keys.sourceKey(u); err == nil {
			d.cache.Put(key, entryOf(u))
		}
	}
}

// cgoImports are the imports cgo adds to the packages it translates.
var cgoImports = map[string]bool{"runtime/cgo": true, "syscall": true, "unsafe": true}

// sourceKey returns the unit's source key: what its result depends on,
// from its sources and its dependencies' sources, without export data.
func (k *keyInputs) sourceKey(u *unit) ([32]byte, error) {
	if u.srcKey.done {
		return u.srcKey.sum, u.srcKey.err
	}
	u.srcKey.done = true
	base, err := k.runHash()
	if err != nil {
		u.srcKey.err = err
		return [32]byte{}, err
	}
	h := sha256.New()
	h.Write(base[:])
	p := u.pkg
	fmt.Fprintf(h, "source %s %s root=%t %s/%s\x00", p.ImportPath, p.Name, u.root, build.Default.GOOS, build.Default.GOARCH)
	hashModule(h, p.Module)
	for _, name := range slices.Concat(p.abs(p.GoFiles, p.CgoFiles), p.otherFiles()) {
		sum, err := k.memo.Sum(name, nil)
		if err != nil {
			u.srcKey.err = errNoKey
			return [32]byte{}, errNoKey
		}
		fmt.Fprintf(h, "file %s %x\x00", name, sum)
	}
	for _, dep := range sortedByID(u.deps) {
		if len(p.CgoFiles) > 0 && cgoImports[dep.pkg.ImportPath] {
			// Listed as imports of a cgo package only once cgo ran
			// (go list -compiled): the key must not depend on it. The
			// package's other dependencies reach the runtime, whose
			// files stand for the toolchain.
			continue
		}
		sum, err := k.sourceKey(dep)
		if err != nil {
			u.srcKey.err = err
			return [32]byte{}, err
		}
		fmt.Fprintf(h, "dep %s %x\x00", dep.pkg.ImportPath, sum)
	}
	h.Sum(u.srcKey.sum[:0])
	return u.srcKey.sum, nil
}
