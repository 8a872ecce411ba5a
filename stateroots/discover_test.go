package stateroots_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/stateroots"
)

// tempDir returns a symlink-free t.TempDir, since FindProjectRoot returns
// physical paths and TMPDIR may itself be a symlink (macOS /tmp).
func tempDir(t *testing.T) string {
	t.Helper()
	d, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// build creates the entries under root: names ending in "/" are
// directories, others empty files, "name -> target" symlinks.
func build(t *testing.T, root string, entries ...string) {
	t.Helper()
	for _, e := range entries {
		p := filepath.Join(root, e)
		if name, target, ok := strings.Cut(e, " -> "); ok {
			p = filepath.Join(root, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if strings.HasSuffix(e, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFindProjectRoot(t *testing.T) {
	markers := stateroots.DefaultMarkers("myapp")
	tests := []struct {
		name    string
		entries []string
		start   string // relative to the temp dir
		want    string // relative to the temp dir
	}{
		{"git dir, nested start", []string{"p/.git/", "p/a/b/c/"}, "p/a/b/c", "p"},
		{"git file (worktree)", []string{"p/.git", "p/a/"}, "p/a", "p"},
		{"go.mod file", []string{"p/go.mod", "p/cmd/x/"}, "p/cmd/x", "p"},
		{"go.mod dir", []string{"p/go.mod/", "p/a/"}, "p/a", "p"},
		{"state dir", []string{"p/.myapp/", "p/a/"}, "p/a", "p"},
		{"state file", []string{"p/.myapp", "p/a/"}, "p/a", "p"},
		{"start is the root", []string{"p/.git/"}, "p", "p"},
		{"nearest marker wins", []string{"p/.git/", "p/sub/go.mod", "p/sub/pkg/"}, "p/sub/pkg", "p/sub"},
		{"marker is a symlink", []string{"p/.git -> ../elsewhere", "p/a/"}, "p/a", "p"},
		{"symlinked start dir", []string{"p/.git/", "p/a/b/", "link -> p/a/b"}, "link", "p"},
		{"symlinked start dir into a project", []string{"real/.git/", "real/x/", "p/go.mod", "p/l -> ../real/x"}, "p/l", "real"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tempDir(t)
			build(t, dir, tt.entries...)
			got, err := stateroots.FindProjectRoot(filepath.Join(dir, tt.start), markers...)
			if err != nil {
				t.Fatalf("FindProjectRoot: %v", err)
			}
			if want := filepath.Join(dir, tt.want); got != want {
				t.Errorf("FindProjectRoot = %s, want %s", got, want)
			}
		})
	}
}

func TestFindProjectRootRelativeStart(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, "p/go.mod", "p/a/b/")
	t.Chdir(filepath.Join(dir, "p", "a"))
	got, err := stateroots.FindProjectRoot("b", "go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "p"); got != want {
		t.Errorf("FindProjectRoot = %s, want %s", got, want)
	}
}

func TestFindProjectRootNotFound(t *testing.T) {
	dir := tempDir(t)
	start := filepath.Join(dir, "a", "b")
	build(t, dir, "a/b/")
	// A marker no parent of the temp dir can hold.
	marker := ".staterootlint-test-" + filepath.Base(dir)
	_, err := stateroots.FindProjectRoot(start, ".nope", marker)
	var nf *stateroots.NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("err = %v (%T), want *NotFoundError", err, err)
	}
	want := "no project root: none of [.nope " + marker + "] found in " + start +
		" or any parent directory; run inside the project, or start the search from a directory in it"
	if err.Error() != want {
		t.Errorf("Error() =\n%s\nwant\n%s", err.Error(), want)
	}
	if nf.ExitCode() != 78 || stateroots.ExitConfig != 78 {
		t.Errorf("ExitCode() = %d, ExitConfig = %d, want 78", nf.ExitCode(), stateroots.ExitConfig)
	}
	if nf.Start != start {
		t.Errorf("Start = %s, want %s", nf.Start, start)
	}
	if !slices.Equal(nf.Markers, []string{".nope", marker}) {
		t.Errorf("Markers = %v", nf.Markers)
	}
	if len(nf.Searched) < 3 || nf.Searched[0] != start || nf.Searched[1] != filepath.Join(dir, "a") {
		t.Errorf("Searched = %v, want to start at %s", nf.Searched, start)
	}
	if last := nf.Searched[len(nf.Searched)-1]; filepath.Dir(last) != last {
		t.Errorf("Searched ends at %s, want the filesystem root", last)
	}
}

func TestFindProjectRootBadInput(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, "file", ".git/")
	tests := []struct {
		name     string
		start    string
		markers  []string
		want     string // substring of the message
		notExist bool
	}{
		{"missing start dir", filepath.Join(dir, "missing", "dir"), []string{".git"}, `start directory "` + filepath.Join(dir, "missing", "dir") + `": does not exist; start the search from an existing directory inside the project`, true},
		{"start is a file", filepath.Join(dir, "file"), []string{".git"}, "is not a directory", false},
		{"empty start", "", []string{".git"}, `start directory "": is empty`, false},
		{"no markers", dir, nil, "markers", false},
		{"absolute marker", dir, []string{"/etc"}, `marker "/etc": is not a local relative name`, false},
		{"climbing marker", dir, []string{"../x"}, "is not a local relative name", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := stateroots.FindProjectRoot(tt.start, tt.markers...)
			var ce *stateroots.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v (%T), want *ConfigError", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Error() = %q, want it to contain %q", err, tt.want)
			}
			if ce.ExitCode() != stateroots.ExitConfig {
				t.Errorf("ExitCode() = %d", ce.ExitCode())
			}
			if got := errors.Is(err, fs.ErrNotExist); got != tt.notExist {
				t.Errorf("errors.Is(err, fs.ErrNotExist) = %v, want %v", got, tt.notExist)
			}
		})
	}
}

func TestDefaultMarkers(t *testing.T) {
	if got, want := stateroots.DefaultMarkers("px"), []string{".git", "go.mod", ".px"}; !slices.Equal(got, want) {
		t.Errorf("DefaultMarkers = %v, want %v", got, want)
	}
}

func TestFindProjectRootByPriority(t *testing.T) {
	markers := []string{".git", "go.mod"}
	tests := []struct {
		name    string
		entries []string
		start   string
		nearest string // FindProjectRoot's answer
		want    string // FindProjectRootByPriority's
	}{
		{"git root wins over nested go.mod", []string{"p/.git/", "p/sub/go.mod", "p/sub/pkg/"}, "p/sub/pkg", "p/sub", "p"},
		{"git root wins over two nearer go.mod", []string{"p/.git/", "p/a/go.mod", "p/a/b/go.mod", "p/a/b/c/"}, "p/a/b/c", "p/a/b", "p"},
		{"nearest of the first marker", []string{"p/.git/", "p/sub/.git", "p/sub/go.mod", "p/sub/x/"}, "p/sub/x", "p/sub", "p/sub"},
		{"falls back to the second marker", []string{"p/go.mod", "p/a/go.mod", "p/a/b/"}, "p/a/b", "p/a", "p/a"},
		{"start is the root", []string{"p/.git/", "p/go.mod"}, "p", "p", "p"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tempDir(t)
			build(t, dir, tt.entries...)
			start := filepath.Join(dir, tt.start)
			got, err := stateroots.FindProjectRootByPriority(start, markers...)
			if err != nil {
				t.Fatalf("FindProjectRootByPriority: %v", err)
			}
			if want := filepath.Join(dir, tt.want); got != want {
				t.Errorf("FindProjectRootByPriority = %s, want %s", got, want)
			}
			near, err := stateroots.FindProjectRoot(start, markers...)
			if err != nil {
				t.Fatalf("FindProjectRoot: %v", err)
			}
			if want := filepath.Join(dir, tt.nearest); near != want {
				t.Errorf("FindProjectRoot = %s, want %s", near, want)
			}
		})
	}
}

func TestFindProjectRootByPriorityErrors(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, "a/")
	marker := ".staterootlint-test-" + filepath.Base(dir)
	_, err := stateroots.FindProjectRootByPriority(filepath.Join(dir, "a"), marker)
	var nf *stateroots.NotFoundError
	if !errors.As(err, &nf) || nf.Start != filepath.Join(dir, "a") || nf.ExitCode() != stateroots.ExitConfig {
		t.Errorf("err = %v, want a *NotFoundError from %s", err, filepath.Join(dir, "a"))
	}
	var ce *stateroots.ConfigError
	if _, err := stateroots.FindProjectRootByPriority(dir); !errors.As(err, &ce) {
		t.Errorf("no markers: err = %v, want a *ConfigError", err)
	}
	if _, err := stateroots.FindProjectRootByPriority(filepath.Join(dir, "missing"), ".git"); !errors.As(err, &ce) {
		t.Errorf("missing start: err = %v, want a *ConfigError", err)
	}
}
