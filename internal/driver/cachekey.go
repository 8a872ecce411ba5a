package driver

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/staterootlint/staterootlint/internal/driver/cache"
)

// The persistent cache (package cache) keeps, per package, what the unit
// driver keeps of an analysis: the package's encoded facts, its findings
// and the results the run collects (Options.Collect).
//
// An entry's key hashes everything its result depends on:
//   - the tool (the executable's contents) and the configuration (every
//     flag value of every analyzer that runs on the package, and for a
//     root package which analyzers report and whose results are
//     collected: a dependency, analyzed for its facts, is keyed by the
//     settings of the analyzers with facts alone);
//   - the package: its ID, module, and the names and contents of the files
//     it is type-checked from;
//   - each direct dependency: its ID, the hash of its export data (the
//     types its importers see; not the whole archive, which changes with
//     any edit) and the hash of its facts, which covers the facts of its
//     own dependencies in turn.
//
// So after an edit, the edited package is analyzed again, and a package
// that imports it only if what it sees of it (types or facts) changed.

// cacheVersion names the layout: a change of format gets a new directory.
const cacheVersion = "units-v3"

// DefaultCacheDir returns the cache's directory, under the user cache
// directory; "" when there is none.
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, progname)
}

// openCache opens the cache under dir; nil when it cannot be used.
func openCache(dir string) *cache.Cache {
	return cache.Open(filepath.Join(dir, cacheVersion))
}

// cacheEntry is what the cache keeps of one unit.
type cacheEntry struct {
	Facts    []byte
	FactsSum [32]byte // unitFacts.sum
	Findings []Finding
	Results  []result // of the collected analyzers (Options.Collect)
}

func entryOf(u *unit) *cacheEntry {
	e := &cacheEntry{Findings: u.findings, Results: u.results}
	if u.facts != nil {
		e.Facts, e.FactsSum = u.facts.data, u.facts.sum
	}
	return e
}

func (e *cacheEntry) restore(u *unit) {
	u.facts = &unitFacts{data: e.Facts, sum: e.FactsSum}
	u.findings, u.results = e.Findings, e.Results
}

// factHash hashes a unit's facts and its dependencies' fact hashes: what
// its importers see of it, beside its types.
func factHash(u *unit) [32]byte {
	h := sha256.New()
	// The facts' content hash: an analyzed unit without facts and one
	// restored from the cache hash alike, and so do facts encoded by
	// processes that met gob's types in another order.
	var own [32]byte
	if u.facts != nil {
		own = u.facts.sum
	}
	fmt.Fprintf(h, "facts %x\x00", own)
	for _, dep := range sortedByID(u.deps) {
		fmt.Fprintf(h, "dep %s\x00", dep.pkg.ImportPath)
		h.Write(dep.factHash[:])
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

func sortedByID(units []*unit) []*unit {
	out := slices.Clone(units)
	slices.SortFunc(out, func(a, b *unit) int { return cmp.Compare(a.pkg.ImportPath, b.pkg.ImportPath) })
	return out
}

// keyInputs computes cache keys: the run's tool and configuration hash,
// and per unit what it depends on.
type keyInputs struct {
	full, facts runHash

	closure, roots []*analysis.Analyzer
	forDep         []*analysis.Analyzer // the analyzers that run on a dependency
	collected      []string             // names of the analyzers whose results are collected
	memo           *cache.Memo
}

// runHash is a configuration hash, computed once.
type runHash struct {
	once sync.Once
	sum  [32]byte
	err  error
}

// newKeyInputs returns the key inputs of a run of roots, whose closure is
// closure, that runs forDep on dependencies (nil where no dependency is
// keyed, as in a warm run).
func newKeyInputs(closure, roots, forDep []*analysis.Analyzer, collected []string, memo *cache.Memo) *keyInputs {
	return &keyInputs{closure: closure, roots: roots, forDep: forDep, collected: collected, memo: memo}
}

// runHash hashes the executable and the configuration of a root unit:
// the flag values of every analyzer in the closure, which analyzers
// report and whose results are collected.
func (k *keyInputs) runHash() ([32]byte, error) {
	k.full.once.Do(func() { k.full.sum, k.full.err = k.hashRun(k.closure, k.roots, k.collected) })
	return k.full.sum, k.full.err
}

// factsHash hashes the executable and the configuration of a dependency,
// analyzed for its facts only: the flag values of the analyzers that run
// there. A setting only other analyzers read (what adhocroot looks for,
// whether unproven reports) leaves the dependencies' entries valid.
func (k *keyInputs) factsHash() ([32]byte, error) {
	k.facts.once.Do(func() { k.facts.sum, k.facts.err = k.hashRun(k.forDep, nil, nil) })
	return k.facts.sum, k.facts.err
}

// hashRun hashes the executable, the flag values of analyzers, and the
// names of those that report and are collected.
func (k *keyInputs) hashRun(analyzers, reports []*analysis.Analyzer, collected []string) ([32]byte, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s %s\x00", progname, cacheVersion)
	exe, err := os.Executable()
	if err != nil {
		return [32]byte{}, err
	}
	sum, err := k.memo.Sum(exe, nil)
	if err != nil {
		return [32]byte{}, err
	}
	fmt.Fprintf(h, "exe %x\x00", sum)
	byName := slices.Clone(analyzers)
	slices.SortFunc(byName, func(a, b *analysis.Analyzer) int { return cmp.Compare(a.Name, b.Name) })
	for _, a := range byName {
		fmt.Fprintf(h, "analyzer %s\x00", a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, "-%s=%s\x00", f.Name, f.Value) })
	}
	for _, a := range reports {
		fmt.Fprintf(h, "reports %s\x00", a.Name)
	}
	for _, name := range collected {
		fmt.Fprintf(h, "collects %s\x00", name)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out, nil
}

var errNoKey = errors.New("no cache key")

// key returns the unit's cache key.
func (k *keyInputs) key(u *unit) ([32]byte, error) {
	base, err := k.runHash()
	if !u.root {
		base, err = k.factsHash()
	}
	if err != nil {
		return [32]byte{}, err
	}
	h := sha256.New()
	h.Write(base[:])
	fmt.Fprintf(h, "unit %s %s root=%t\x00", u.pkg.ImportPath, u.pkg.Name, u.root)
	hashModule(h, u.pkg.Module)
	for _, name := range u.pkg.compiledFiles() {
		sum, err := k.memo.Sum(name, nil)
		if err != nil {
			return [32]byte{}, errNoKey
		}
		fmt.Fprintf(h, "file %s %x\x00", name, sum)
	}
	for _, name := range u.pkg.otherFiles() {
		fmt.Fprintf(h, "other %s\x00", name)
	}
	for _, dep := range sortedByID(u.deps) {
		fmt.Fprintf(h, "dep %s %x\x00", dep.pkg.ImportPath, k.exportHash(dep))
		h.Write(dep.factHash[:])
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum, nil
}

// hashModule writes the package's module (and its replacement) to a key.
func hashModule(h io.Writer, m *listedModule) {
	if m == nil {
		return
	}
	fmt.Fprintf(h, "module %s %s %s %t\x00", m.Path, m.Version, m.GoVersion, m.Main)
	if m.Replace != nil {
		fmt.Fprintf(h, "replace %s %s %s\x00", m.Replace.Path, m.Replace.Version, m.Replace.Dir)
	}
}

// exportHash hashes the export data of a unit, once: the section of its
// archive its importers read. When it cannot be read, the archive's name
// stands in (the build cache names a file by the hash of its contents).
func (k *keyInputs) exportHash(u *unit) [32]byte {
	u.export.once.Do(func() {
		sum, err := k.memo.Sum(u.pkg.Export, exportSection)
		if err != nil {
			sum = sha256.Sum256([]byte(filepath.Base(u.pkg.Export)))
		}
		u.export.sum = sum
	})
	return u.export.sum
}

// exportSection hashes the export data section of a compiled archive.
func exportSection(r io.Reader) ([32]byte, error) {
	er, err := gcexportdata.NewReader(bufio.NewReader(r))
	if err != nil {
		return [32]byte{}, err
	}
	return cache.SHA256(er)
}
