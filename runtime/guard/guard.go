package guard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
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

	mu         sync.Mutex
	violations []*ViolationError
}

// root is one allowed directory, opened lazily so a state root that does not
// exist yet can be declared before its first MkdirAll.
type root struct {
	path string // absolute and clean, as declared (may go through symlinks)
	kind string // "root", "temp" or "cache"

	mu     sync.Mutex
	opened atomic.Pointer[openRoot]
	closed bool
}

type openRoot struct {
	r    *os.Root
	real string // path with every symlink resolved, when opened
}

// New returns a Guard that allows writes under roots. A relative root is
// resolved against the working directory now. A root that exists is opened
// now and stays pinned to that directory; one that does not exist yet is
// allowed and opened on first use (MkdirAll may create it). A root that
// exists and is not a directory is an error. Close releases the handles.
func New(roots ...string) (*Guard, error) {
	return Config{}.New(roots...)
}

// New returns a Guard that allows writes under roots and, as c says, the
// temp and cache directories. See the package function New.
func (c Config) New(roots ...string) (*Guard, error) {
	g := &Guard{}
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
		if _, err := r.open(); err != nil && !errors.Is(err, fs.ErrNotExist) {
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

// Close releases the directory handles the Guard holds. Writes after Close
// fail with an error wrapping os.ErrClosed.
func (g *Guard) Close() error {
	for _, r := range g.roots {
		r.mu.Lock()
		r.closed = true
		if o := r.opened.Swap(nil); o != nil {
			o.r.Close()
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
// root (and its missing parents) is the one write allowed outside it.
func (r *root) ensure(perm fs.FileMode) (*openRoot, error) {
	o, err := r.open()
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return o, err
	}
	if err := os.MkdirAll(r.path, perm); err != nil {
		return nil, err
	}
	return r.open()
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
