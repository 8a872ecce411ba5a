package guard_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/runtime/guard"
)

// fsops is the surface both os and *guard.Guard offer, so every benchmark
// runs the same body against each.
type fsops interface {
	WriteFile(string, []byte, os.FileMode) error
	Create(string) (*os.File, error)
	OpenFile(string, int, os.FileMode) (*os.File, error)
	Mkdir(string, os.FileMode) error
	MkdirAll(string, os.FileMode) error
	MkdirTemp(string, string) (string, error)
	CreateTemp(string, string) (*os.File, error)
	Remove(string) error
	RemoveAll(string) error
	Rename(string, string) error
	Symlink(string, string) error
	Link(string, string) error
	Chmod(string, os.FileMode) error
	Truncate(string, int64) error
	Chtimes(string, time.Time, time.Time) error
}

// osops is package os as an fsops.
type osops struct{}

func (osops) WriteFile(n string, d []byte, p os.FileMode) error { return os.WriteFile(n, d, p) }
func (osops) Create(n string) (*os.File, error)                 { return os.Create(n) }
func (osops) OpenFile(n string, f int, p os.FileMode) (*os.File, error) {
	return os.OpenFile(n, f, p)
}
func (osops) Mkdir(n string, p os.FileMode) error      { return os.Mkdir(n, p) }
func (osops) MkdirAll(n string, p os.FileMode) error   { return os.MkdirAll(n, p) }
func (osops) MkdirTemp(d, p string) (string, error)    { return os.MkdirTemp(d, p) }
func (osops) CreateTemp(d, p string) (*os.File, error) { return os.CreateTemp(d, p) }
func (osops) Remove(n string) error                    { return os.Remove(n) }
func (osops) RemoveAll(n string) error                 { return os.RemoveAll(n) }
func (osops) Rename(a, b string) error                 { return os.Rename(a, b) }
func (osops) Symlink(a, b string) error                { return os.Symlink(a, b) }
func (osops) Link(a, b string) error                   { return os.Link(a, b) }
func (osops) Chmod(n string, m os.FileMode) error      { return os.Chmod(n, m) }
func (osops) Truncate(n string, s int64) error         { return os.Truncate(n, s) }
func (osops) Chtimes(n string, a, m time.Time) error   { return os.Chtimes(n, a, m) }

var _ fsops = (*guard.Guard)(nil)

// benchOp runs body against plain os and against a Guard over the same
// fresh directory, as sub-benchmarks "os" and "guard".
func benchOp(b *testing.B, body func(b *testing.B, ops fsops, dir string)) {
	for _, impl := range []string{"os", "guard"} {
		b.Run(impl, func(b *testing.B) {
			dir, err := filepath.EvalSymlinks(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			var ops fsops = osops{}
			if impl == "guard" {
				g, err := guard.New(dir)
				if err != nil {
					b.Fatal(err)
				}
				defer g.Close()
				ops = g
			}
			body(b, ops, dir)
		})
	}
}

var small = []byte("small state file\n")

func BenchmarkWriteFile(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "state.json")
		for b.Loop() {
			if err := ops.WriteFile(name, small, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkWriteFileNested(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		mkdir(b, filepath.Join(dir, "a", "b", "c"))
		name := filepath.Join(dir, "a", "b", "c", "state.json")
		for b.Loop() {
			if err := ops.WriteFile(name, small, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkCreate(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "f")
		for b.Loop() {
			f, err := ops.Create(name)
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
}

func BenchmarkOpenFileAppend(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "log")
		for b.Loop() {
			f, err := ops.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
}

func BenchmarkMkdirRemove(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "d")
		for b.Loop() {
			if err := ops.Mkdir(name, 0o755); err != nil {
				b.Fatal(err)
			}
			if err := ops.Remove(name); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMkdirAllExisting(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "a", "b", "c")
		mkdir(b, name)
		for b.Loop() {
			if err := ops.MkdirAll(name, 0o755); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMkdirTempRemoveAll(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		for b.Loop() {
			d, err := ops.MkdirTemp(dir, "t*")
			if err != nil {
				b.Fatal(err)
			}
			if err := ops.RemoveAll(d); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkCreateTempRemove(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		for b.Loop() {
			f, err := ops.CreateTemp(dir, "t*")
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
			if err := ops.Remove(f.Name()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkRename(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		a, c := filepath.Join(dir, "a"), filepath.Join(dir, "c")
		write(b, a)
		for b.Loop() {
			if err := ops.Rename(a, c); err != nil {
				b.Fatal(err)
			}
			a, c = c, a
		}
	})
}

func BenchmarkSymlinkRemove(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "l")
		for b.Loop() {
			if err := ops.Symlink("target", name); err != nil {
				b.Fatal(err)
			}
			if err := ops.Remove(name); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkLinkRemove(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		a, name := filepath.Join(dir, "a"), filepath.Join(dir, "h")
		write(b, a)
		for b.Loop() {
			if err := ops.Link(a, name); err != nil {
				b.Fatal(err)
			}
			if err := ops.Remove(name); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkChmod(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "a")
		write(b, name)
		i := 0
		for b.Loop() {
			i++
			if err := ops.Chmod(name, os.FileMode(0o600|i&0o44)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkTruncate(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "a")
		write(b, name)
		for b.Loop() {
			if err := ops.Truncate(name, 2); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkChtimes(b *testing.B) {
	benchOp(b, func(b *testing.B, ops fsops, dir string) {
		name := filepath.Join(dir, "a")
		write(b, name)
		t := time.Unix(1, 0)
		for b.Loop() {
			if err := ops.Chtimes(name, t, t); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkViolation is the cost of a refused write: resolution, the
// violation record and its stack.
func BenchmarkViolation(b *testing.B) {
	dir := b.TempDir()
	root := filepath.Join(dir, "root")
	mkdir(b, root)
	g, err := guard.New(root)
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	i := 0
	for b.Loop() {
		i++
		if err := g.WriteFile(filepath.Join(dir, "x"+strconv.Itoa(i%8)), small, 0o644); err == nil {
			b.Fatal("write outside succeeded")
		}
	}
}

// BenchmarkWriteFileRatio alternates os.WriteFile and the guarded WriteFile
// on the same file, so load on a shared machine hits both alike, and
// reports the guard's time over os's as "guard/os".
func BenchmarkWriteFileRatio(b *testing.B) {
	dir, err := filepath.EvalSymlinks(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	g, err := guard.New(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	name := filepath.Join(dir, "state.json")
	var tos, tguard time.Duration
	for b.Loop() {
		t0 := time.Now()
		if err := os.WriteFile(name, small, 0o644); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := g.WriteFile(name, small, 0o644); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		tos += t1.Sub(t0)
		tguard += t2.Sub(t1)
	}
	b.ReportMetric(float64(tguard)/float64(tos), "guard/os")
}
