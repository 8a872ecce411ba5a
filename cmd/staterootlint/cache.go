package main

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// The persistent cache keeps, per package, what the unit driver keeps
// of an analysis: the package's encoded facts, its findings and its
// inventory. It is a cache: everything in it is rebuilt when missing, it
// is safe to delete at any time, and an entry that cannot be read or
// fails its checksum is ignored and rewritten, never trusted. Entries are
// written to a temporary file and renamed into place, so a run killed
// midway leaves whole entries or none.
//
// An entry's key hashes everything its result depends on:
//   - the tool (the executable's contents) and the configuration (every
//     flag value of every analyzer that runs, and which analyzers report);
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
const cacheVersion = "units-v2"

// defaultCacheDir returns the cache's directory, under the user cache
// directory; "" when there is none.
func defaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, progname)
}

// cache is the persistent cache of one run.
type cache struct {
	dir  string
	memo *hashMemo // file hashes between runs (hashmemo.go)
}

// trimAfter: entries unused this long are removed, at most once per
// trimEvery.
const (
	trimAfter = 7 * 24 * time.Hour
	trimEvery = 24 * time.Hour
)

// openCache opens the cache under dir, creating it; nil when it cannot
// be used (the run goes on without it).
func openCache(dir string) *cache {
	c := &cache{dir: filepath.Join(dir, cacheVersion)}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return nil
	}
	c.trim()
	c.memo = loadHashMemo(filepath.Join(c.dir, "hashes"))
	return c
}

func (c *cache) path(key [32]byte) string {
	h := hex.EncodeToString(key[:])
	return filepath.Join(c.dir, h[:2], h)
}

// get returns the entry for key, or false when there is none or it
// cannot be read.
func (c *cache) get(key [32]byte) (*cacheEntry, bool) {
	name := c.path(key)
	e := new(cacheEntry)
	if !readSealed(name, e) {
		return nil, false
	}
	// Mark it used, for trim; coarsely, to write little.
	if fi, err := os.Stat(name); err == nil && time.Since(fi.ModTime()) > time.Hour {
		now := time.Now()
		_ = os.Chtimes(name, now, now)
	}
	return e, true
}

// put writes the entry for key; failures leave the entry out.
func (c *cache) put(key [32]byte, e *cacheEntry) {
	writeSealed(c.path(key), e)
}

// writeSealed writes v gob-encoded behind the sha256 of the encoding,
// atomically (writeAtomic): the format of every file of the cache.
// Failures leave the file as it was.
func writeSealed(name string, v any) bool {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		return false
	}
	sum := sha256.Sum256(buf.Bytes())
	return writeAtomic(name, sum[:], buf.Bytes())
}

// readSealed decodes into v a file writeSealed wrote; false when it is
// missing, torn, corrupt or of another shape, which callers treat as
// absent.
func readSealed(name string, v any) bool {
	data, err := os.ReadFile(name)
	if err != nil || len(data) < sha256.Size {
		return false
	}
	sum, payload := data[:sha256.Size], data[sha256.Size:]
	if got := sha256.Sum256(payload); !bytes.Equal(sum, got[:]) {
		return false
	}
	return gob.NewDecoder(bytes.NewReader(payload)).Decode(v) == nil
}

// trim removes entries (and temporary files of killed runs) unused for
// trimAfter, once per trimEvery.
func (c *cache) trim() {
	stamp := filepath.Join(c.dir, "trimmed")
	if fi, err := os.Stat(stamp); err == nil && time.Since(fi.ModTime()) < trimEvery {
		return
	}
	if err := os.WriteFile(stamp, nil, 0o644); err != nil {
		return
	}
	cutoff := time.Now().Add(-trimAfter)
	_ = filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == stamp {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.ModTime().Before(cutoff) {
			_ = os.Remove(path)
		}
		return nil
	})
}

// cacheEntry is what the cache keeps of one unit.
type cacheEntry struct {
	Facts     []byte
	FactsSum  [32]byte // unitFacts.sum
	Findings  []cachedFinding
	HasInv    bool
	Artifacts []inventory.Artifact
}

type cachedFinding struct {
	Analyzer, Message, Category string
	Filename                    string
	Offset, Line, Column        int
	Fix                         *cachedFix
	Pkg, Func                   string // for baselines
	Chain                       []cachedStep
}

type cachedStep struct {
	Filename     string
	Line, Column int
	Message      string
}

type cachedFix struct {
	Why   string
	Edits []cachedEdit
}

type cachedEdit struct {
	File             string
	Size, Start, End int
	Text             []byte
}

func entryOf(u *unit) *cacheEntry {
	e := &cacheEntry{HasInv: u.hasInv, Artifacts: u.artifacts}
	if u.facts != nil {
		e.Facts, e.FactsSum = u.facts.data, u.facts.sum
	}
	for _, f := range u.findings {
		cf := cachedFinding{Analyzer: f.analyzer, Message: f.message, Category: f.category,
			Filename: f.pos.Filename, Offset: f.pos.Offset, Line: f.pos.Line, Column: f.pos.Column,
			Pkg: f.pkg, Func: f.fn}
		for _, st := range f.chain {
			cf.Chain = append(cf.Chain, cachedStep{Filename: st.pos.Filename, Line: st.pos.Line, Column: st.pos.Column, Message: st.message})
		}
		if f.fix != nil {
			cf.Fix = &cachedFix{Why: f.fix.why}
			for _, fe := range f.fix.edits {
				cf.Fix.Edits = append(cf.Fix.Edits, cachedEdit{File: fe.file, Size: fe.size, Start: fe.start, End: fe.end, Text: fe.text})
			}
		}
		e.Findings = append(e.Findings, cf)
	}
	return e
}

func (e *cacheEntry) restore(u *unit) {
	u.facts = &unitFacts{data: e.Facts, sum: e.FactsSum}
	u.hasInv, u.artifacts = e.HasInv, e.Artifacts
	for _, cf := range e.Findings {
		f := finding{analyzer: cf.Analyzer, message: cf.Message, category: cf.Category,
			pos: token.Position{Filename: cf.Filename, Offset: cf.Offset, Line: cf.Line, Column: cf.Column},
			pkg: cf.Pkg, fn: cf.Func}
		for _, st := range cf.Chain {
			f.chain = append(f.chain, step{pos: token.Position{Filename: st.Filename, Line: st.Line, Column: st.Column}, message: st.Message})
		}
		if cf.Fix != nil {
			f.fix = &resolvedFix{why: cf.Fix.Why}
			for _, ce := range cf.Fix.Edits {
				f.fix.edits = append(f.fix.edits, fileEdit{file: ce.File, size: ce.Size, edit: edit{start: ce.Start, end: ce.End, text: ce.Text}})
			}
		}
		u.findings = append(u.findings, f)
	}
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
	once sync.Once
	base [32]byte
	err  error

	closure, roots []*analysis.Analyzer
	memo           *hashMemo
}

func newKeyInputs(closure, roots []*analysis.Analyzer, memo *hashMemo) *keyInputs {
	return &keyInputs{closure: closure, roots: roots, memo: memo}
}

// runHash hashes the executable and the configuration: the flag values
// of every analyzer in the closure, and which analyzers report.
func (k *keyInputs) runHash() ([32]byte, error) {
	k.once.Do(func() {
		h := sha256.New()
		fmt.Fprintf(h, "%s %s\x00", progname, cacheVersion)
		exe, err := os.Executable()
		if err != nil {
			k.err = err
			return
		}
		sum, err := k.memo.sum(exe, nil)
		if err != nil {
			k.err = err
			return
		}
		fmt.Fprintf(h, "exe %x\x00", sum)
		byName := slices.Clone(k.closure)
		slices.SortFunc(byName, func(a, b *analysis.Analyzer) int { return cmp.Compare(a.Name, b.Name) })
		for _, a := range byName {
			fmt.Fprintf(h, "analyzer %s\x00", a.Name)
			a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, "-%s=%s\x00", f.Name, f.Value) })
		}
		for _, a := range k.roots {
			fmt.Fprintf(h, "reports %s\x00", a.Name)
		}
		h.Sum(k.base[:0])
	})
	return k.base, k.err
}

var errNoKey = errors.New("no cache key")

// key returns the unit's cache key.
func (k *keyInputs) key(u *unit) ([32]byte, error) {
	base, err := k.runHash()
	if err != nil {
		return [32]byte{}, err
	}
	h := sha256.New()
	h.Write(base[:])
	fmt.Fprintf(h, "unit %s %s root=%t\x00", u.pkg.ImportPath, u.pkg.Name, u.root)
	hashModule(h, u.pkg.Module)
	for _, name := range u.pkg.compiledFiles() {
		sum, err := k.memo.sum(name, nil)
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
		sum, err := k.memo.sum(u.pkg.Export, exportSection)
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
	return sha256All(er)
}
