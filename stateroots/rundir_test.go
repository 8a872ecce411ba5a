package stateroots_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/stateroots"
)

func TestCreateRunDir(t *testing.T) {
	repo := filepath.Join(tempDir(t), "proj", ".myapp") // does not exist yet
	dir, err := stateroots.CreateRunDir(repo, "agent-1")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(repo, "run", "agent-1"); dir != want {
		t.Errorf("CreateRunDir = %s, want %s", dir, want)
	}
	for _, d := range []string{repo, filepath.Join(repo, "run"), dir} {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if !fi.IsDir() || fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s: mode %v, want a private directory", d, fi.Mode())
		}
	}
	if got, err := stateroots.RunDir(repo, "agent-1"); got != dir || err != nil {
		t.Errorf("RunDir = %s, %v; want %s", got, err, dir)
	}

	_, err = stateroots.CreateRunDir(repo, "agent-1")
	if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), `another run has the id "agent-1"; use a fresh id`) {
		t.Errorf("second CreateRunDir = %v, want fs.ErrExist and the fix", err)
	}
}

func TestCreateRunDirBadID(t *testing.T) {
	repo := filepath.Join(tempDir(t), ".myapp")
	for _, id := range []string{"", ".", "..", "../x", "a/b", `a\b`, "a\x00b"} {
		_, err := stateroots.CreateRunDir(repo, id)
		var ce *stateroots.ConfigError
		if !errors.As(err, &ce) || ce.Setting != "run id" {
			t.Errorf("CreateRunDir(%q) = %v, want a *ConfigError about the run id", id, err)
		}
	}
	if _, err := os.Stat(repo); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused id created %s: %v", repo, err)
	}
	if _, err := stateroots.CreateRunDir("rel/.myapp", "x"); err == nil || !strings.Contains(err.Error(), "is not an absolute path") {
		t.Errorf("relative repo root: %v", err)
	}
}

// TestCreateRunDirConcurrent races many callers, in goroutines, for a few
// ids: for each id exactly one caller gets the directory and every other
// gets fs.ErrExist.
func TestCreateRunDirConcurrent(t *testing.T) {
	repo := filepath.Join(tempDir(t), ".myapp")
	const ids, callers = 4, 16
	var (
		mu   sync.Mutex
		won  = map[string]int{}
		lost = map[string]int{}
		wg   sync.WaitGroup
	)
	start := make(chan struct{})
	for i := range ids * callers {
		id := fmt.Sprintf("agent-%d", i%ids)
		wg.Go(func() {
			<-start
			_, err := stateroots.CreateRunDir(repo, id)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won[id]++
			case errors.Is(err, fs.ErrExist):
				lost[id]++
			default:
				t.Errorf("CreateRunDir(%q): %v", id, err)
			}
		})
	}
	close(start)
	wg.Wait()
	for i := range ids {
		id := fmt.Sprintf("agent-%d", i)
		if won[id] != 1 || lost[id] != callers-1 {
			t.Errorf("id %s: %d callers got the directory and %d got fs.ErrExist, want 1 and %d", id, won[id], lost[id], callers-1)
		}
	}
}

// TestCreateRunDirSymlinkedRun: a run/ planted as a symlink out of the
// repo state root does not redirect the run directory.
func TestCreateRunDirSymlinkedRun(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, ".myapp/run -> ../outside", "outside/")
	_, err := stateroots.CreateRunDir(filepath.Join(dir, ".myapp"), "x")
	if err == nil {
		t.Fatal("CreateRunDir followed a symlink out of the repo state root")
	}
	if _, err := os.Stat(filepath.Join(dir, "outside", "x")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("run directory created outside: %v", err)
	}
}

func TestPruneRunDirs(t *testing.T) {
	repo := filepath.Join(tempDir(t), ".myapp")
	base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for i := range 5 {
		d, err := stateroots.CreateRunDir(repo, fmt.Sprintf("r%d", i))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(d, "log"), []byte("x"), 0o600)
		at := base.Add(time.Duration(i) * time.Hour)
		if err := os.Chtimes(d, at, at); err != nil {
			t.Fatal(err)
		}
	}
	// Not runs, never pruned: a file and a symlink to a run directory.
	build(t, repo, "run/README", "run/link -> r0", "keepme/")

	// By age: only r0 and r1 are older than 02:00, and keep=1 protects none of them.
	removed, err := stateroots.PruneRunDirs(repo, 1, base.Add(2*time.Hour))
	if err != nil || !slices.Equal(removed, []string{"r0", "r1"}) {
		t.Fatalf("PruneRunDirs by age = %v, %v; want [r0 r1]", removed, err)
	}
	// By count: keep the two newest.
	removed, err = stateroots.PruneRunDirs(repo, 2, time.Now())
	if err != nil || !slices.Equal(removed, []string{"r2"}) {
		t.Fatalf("PruneRunDirs by count = %v, %v; want [r2]", removed, err)
	}
	es, _ := os.ReadDir(filepath.Join(repo, "run"))
	var left []string
	for _, e := range es {
		left = append(left, e.Name())
	}
	if want := []string{"README", "link", "r3", "r4"}; !slices.Equal(left, want) {
		t.Errorf("left in run/: %v, want %v", left, want)
	}
	if _, err := os.Stat(filepath.Join(repo, "keepme")); err != nil {
		t.Errorf("pruning touched a sibling of run/: %v", err)
	}

	if removed, err := stateroots.PruneRunDirs(filepath.Join(tempDir(t), ".none"), 0, time.Now()); err != nil || removed != nil {
		t.Errorf("PruneRunDirs without run/ = %v, %v; want nothing", removed, err)
	}
	var ce *stateroots.ConfigError
	if _, err := stateroots.PruneRunDirs(repo, -1, time.Now()); !errors.As(err, &ce) || ce.Setting != "keep" {
		t.Errorf("negative keep: %v", err)
	}
}

func TestNewRunID(t *testing.T) {
	now := time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC)
	a, b := stateroots.NewRunID(now), stateroots.NewRunID(now)
	if a == b || !strings.HasPrefix(a, "20261121T233000Z-") || len(a) != len("20261121T233000Z-")+8 {
		t.Errorf("NewRunID = %q, %q; want distinct ids starting with the time", a, b)
	}
	if err := stateroots.RelativeSafe(a); err != nil {
		t.Errorf("NewRunID is not RelativeSafe: %v", err)
	}
}
