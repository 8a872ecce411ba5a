package guard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// Config holds the options of a Guard. The zero Config allows writes under
// the roots given to New and nowhere else.
type Config struct {
	// Temp also allows writes under os.TempDir(), read when New runs.
	// MkdirTemp and CreateTemp with an empty dir write there, so they
	// are violations unless Temp is set or a root covers the temp dir.
	Temp bool

	// Cache also allows writes under os.UserCacheDir(), read when New runs.
	// A true cache is rebuildable and safe to delete; nothing else belongs there.
	Cache bool
	// Record keeps every write call the Guard is asked to make, allowed
	// or not, for Calls: a test compares them with what the program was
	// expected to write. Off by default, so a long-running program does
	// not accumulate them.
	Record bool
}

// Call is one write call made through a Guard: the method's name
// ("WriteFile") and the absolute path it was given (for Rename and Link,
// one Call per path).
type Call struct {
	Op   string
	Path string
}

// Guard performs filesystem writes only inside a fixed set of allowed roots.
// Its write methods have the names and signatures of the os functions they
// replace; a write that would land outside every root fails with a
// *ViolationError before touching the disk and is recorded (see Violations).
// Reads pass through to os unchanged.
//
// A Guard is safe for concurrent use by multiple goroutines.
type Guard struct {
	roots []*root // longest path first, so nested roots win

	record     bool
	mu         sync.Mutex
	violations []*ViolationError
	calls      []Call
}

// root is one allowed directory. One that exists at New is opened then;
// one that does not is pinned to its nearest existing ancestor then, and
// opened, or created, lazily through that ancestor's handle, so a state
// root can be declared before its first MkdirAll but cannot later be
// redirected by a symlink.
type root struct {
	path string // absolute and clean, as declared (may go through symlinks)
	kind string // "root", "temp" or "cache"

	// anc is the handle of the nearest ancestor that existed at New, for
	// a root that did not; ancReal is its real path then, rest the path
	// from it to the root.
	anc     *os.Root
	ancReal string
	rest    string

	mu     sync.Mutex
	opened atomic.Pointer[openRoot]
	closed bool
}

// errRootReplaced explains why a root that did not exist at New is
// refused: it, or a directory between it and the ancestor pinned at New,
// appeared as something other than a directory (a symlink, say, leading
// out of it).
var errRootReplaced = errors.New("a root missing at New appeared as a symlink or non-directory; it must be created as a directory")

type openRoot struct {
	r    *os.Root
	real string // path with every symlink resolved, when opened
}

// New returns a Guard that allows writes under roots. A relative root is
// resolved against the working directory now. A root that exists is opened
// now and stays pinned to that directory; one that does not exist yet is
// allowed, pinned to its nearest existing ancestor now, and opened on
// first use (MkdirAll may create it): it must then be a real directory
// below that ancestor, never a symlink. A root that exists and is not a
// directory is an error. Close releases the handles.
func New(roots ...string) (*Guard, error) {
	return Config{}.New(roots...)
}

// New returns a Guard that allows writes under roots and, as c says, the
// temp and cache directories. See the package function New.
func (c Config) New(roots ...string) (*Guard, error) {
	g := &Guard{record: c.Record}
	seen := map[string]bool{}
	add := func(p, kind string) error {
		if p == "" {
			return fmt.Errorf("new guard: empty %s path; pass an absolute directory", kind)
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return fmt.Errorf("new guard: resolve %s %q: %w", kind, p, err)
		}
		if seen[abs] {
			return nil
		}
		seen[abs] = true
		fi, err := os.Stat(abs)
		switch {
		case err == nil && !fi.IsDir():
			return fmt.Errorf("new guard: %s %q is not a directory", kind, p)
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("new guard: stat %s: %w", kind, err)
		}
		g.roots = append(g.roots, &root{path: abs, kind: kind})
		return nil
	}
	for _, r := range roots {
		if err := add(r, "root"); err != nil {
			return nil, err
		}
	}
	if c.Temp {
		if err := add(os.TempDir(), "temp"); err != nil {
			return nil, err
		}
	}
	if c.Cache {
		dir, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("new guard: cache dir: %w", err)
		}
		if err := add(dir, "cache"); err != nil {
			return nil, err
		}
	}
	if len(g.roots) == 0 {
		return nil, errors.New("new guard: no roots; pass at least one directory writes may go to")
	}
	sort.SliceStable(g.roots, func(i, j int) bool { return len(g.roots[i].path) > len(g.roots[j].path) })
	// Open the roots that exist now, pinning each to the directory it names
	// at New: a root later renamed away and replaced by a symlink keeps
	// receiving the writes, and the symlink is never followed.
	for _, r := range g.roots {
		_, err := r.open()
		if errors.Is(err, fs.ErrNotExist) {
			err = r.pin()
		}
		if err != nil {
			g.Close()
			return nil, fmt.Errorf("new guard: open %s: %w", r.kind, err)
		}
	}
	return g, nil
}

// Roots returns the allowed directories (absolute, as declared), longest first.
func (g *Guard) Roots() []string {
	out := make([]string, len(g.roots))
	for i, r := range g.roots {
		out[i] = r.path
	}
	return out
}

// Violations returns the violations recorded so far, oldest first.
func (g *Guard) Violations() []*ViolationError {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.violations)
}

// Calls returns the write calls recorded so far, oldest first, when the
// Guard was made with Config.Record; nil otherwise.
func (g *Guard) Calls() []Call {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.calls)
}

// note records a write call, when the Guard records them.
func (g *Guard) note(op string, paths ...string) {
	if !g.record {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, p := range paths {
		g.calls = append(g.calls, Call{Op: op, Path: p})
	}
}

// Close releases the directory handles the Guard holds. Writes after Close
// fail with an error wrapping os.ErrClosed.
func (g *Guard) Close() error {
	for _, r := range g.roots {
		r.mu.Lock()
		r.closed = true
		if o := r.opened.Swap(nil); o != nil {
			o.r.Close()
		}
		if r.anc != nil {
			r.anc.Close()
		}
		r.mu.Unlock()
	}
	return nil
}

// open returns the root's handle, opening it on first use.
func (r *root) open() (*openRoot, error) {
	if o := r.opened.Load(); o != nil {
		return o, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, &fs.PathError{Op: "open", Path: r.path, Err: os.ErrClosed}
	}
	if o := r.opened.Load(); o != nil {
		return o, nil
	}
	if r.anc != nil {
		return r.walk(false, false, 0)
	}
	h, err := os.OpenRoot(r.path)
	if err != nil {
		return nil, err
	}
	// The real path serves the symlink-resolving slow path; check it names
	// the directory the handle holds, so a root swapped between the two
	// calls cannot leave a stale real path behind.
	real, err := filepath.EvalSymlinks(r.path)
	if err == nil {
		var fi, hi fs.FileInfo
		if fi, err = os.Stat(real); err == nil {
			if hi, err = h.Stat("."); err == nil && !os.SameFile(fi, hi) {
				err = fmt.Errorf("root %q changed while it was opened", r.path)
			}
		}
	}
	if err != nil {
		h.Close()
		return nil, err
	}
	o := &openRoot{r: h, real: real}
	r.opened.Store(o)
	return o, nil
}

// ensure creates the root directory if it is missing: creating a declared
// root (and its missing parents, below the ancestor pinned at New) is the
// one write allowed outside it.
func (r *root) ensure(perm fs.FileMode) (*openRoot, error) {
	o, err := r.open()
	if err == nil || !errors.Is(err, fs.ErrNotExist) || r.anc == nil {
		return o, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.walk(true, true, perm)
}

// mkdir creates the root itself, as os.Mkdir would: its parent must exist.
func (r *root) mkdir(perm fs.FileMode) error {
	if r.anc == nil {
		return &fs.PathError{Op: "mkdir", Path: r.path, Err: fs.ErrExist}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	_, err := r.walk(true, false, perm)
	return err
}

// pin records the nearest existing ancestor of a root missing at New,
// with a handle on it: the root is reached through that directory later,
// wherever the path to it then leads.
func (r *root) pin() error {
	anc := filepath.Dir(r.path)
	for {
		fi, err := os.Stat(anc)
		if err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("%q: %q is not a directory", r.path, anc)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		anc = filepath.Dir(anc)
	}
	h, err := os.OpenRoot(anc)
	if err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(anc)
	if err == nil {
		var fi, hi fs.FileInfo
		if fi, err = os.Stat(real); err == nil {
			if hi, err = h.Stat("."); err == nil && !os.SameFile(fi, hi) {
				err = fmt.Errorf("%q changed while it was opened", anc)
			}
		}
	}
	if err != nil {
		h.Close()
		return err
	}
	rest, err := filepath.Rel(anc, r.path)
	if err != nil {
		h.Close()
		return err
	}
	r.anc, r.ancReal, r.rest = h, real, rest
	return nil
}

// walk opens a pinned root from its ancestor's handle, one directory at
// a time, refusing any component that is not a directory (a symlink,
// wherever it leads) or that is swapped between the check and the open.
// With create it makes the missing directories: all of them with parents,
// else only the root itself. Callers hold r.mu.
func (r *root) walk(create, parents bool, perm fs.FileMode) (*openRoot, error) {
	if r.closed {
		return nil, &fs.PathError{Op: "open", Path: r.path, Err: os.ErrClosed}
	}
	if o := r.opened.Load(); o != nil {
		if create && !parents {
			return o, &fs.PathError{Op: "mkdir", Path: r.path, Err: fs.ErrExist}
		}
		return o, nil
	}
	parts := strings.Split(filepath.ToSlash(r.rest), "/")
	cur := r.anc
	closeCur := func() {
		if cur != r.anc {
			cur.Close()
		}
	}
	for i, name := range parts {
		last := i == len(parts)-1
		if create && (parents || last) {
			err := cur.Mkdir(name, perm)
			switch {
			case err != nil && !errors.Is(err, fs.ErrExist):
				closeCur()
				return nil, &fs.PathError{Op: "mkdir", Path: r.path, Err: unwrapPath(err)}
			case err != nil && last && !parents:
				closeCur()
				return nil, &fs.PathError{Op: "mkdir", Path: r.path, Err: fs.ErrExist}
			}
		}
		fi, err := cur.Lstat(name)
		if err != nil {
			closeCur()
			return nil, &fs.PathError{Op: "open", Path: r.path, Err: unwrapPath(err)}
		}
		if !fi.IsDir() {
			closeCur()
			return nil, &fs.PathError{Op: "open", Path: r.path, Err: errRootReplaced}
		}
		next, err := cur.OpenRoot(name)
		if err == nil {
			var ni fs.FileInfo
			if ni, err = next.Stat("."); err == nil && !os.SameFile(fi, ni) {
				next.Close()
				err = errRootReplaced
			}
		}
		closeCur()
		if err != nil {
			if isEscape(err) {
				err = errRootReplaced
			}
			return nil, &fs.PathError{Op: "open", Path: r.path, Err: unwrapPath(err)}
		}
		cur = next
	}
	o := &openRoot{r: cur, real: filepath.Join(r.ancReal, r.rest)}
	r.opened.Store(o)
	return o, nil
}

// abs makes name absolute against the current working directory without
// cleaning it: ".." must reach os.Root intact to be judged after symlinks.
func abs(name string) (string, error) {
	if filepath.IsAbs(name) {
		return name, nil
	}
	wd, err := syscall.Getwd()
	if err != nil {
		return "", fmt.Errorf("get working directory: %w", err)
	}
	return wd + string(filepath.Separator) + name, nil
}
