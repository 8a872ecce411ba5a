package stateroots_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/stateroots"
)

func TestJoin(t *testing.T) {
	const root = "/p/.myapp"
	tests := []struct {
		name    string
		root    string
		elem    []string
		want    string
		badElem string // the element named in the *JoinError; "" means success
		reason  string
	}{
		{"no elements", root, nil, root, "", ""},
		{"one element", root, []string{"lock"}, "/p/.myapp/lock", "", ""},
		{"several", root, []string{"runs", "42", "artifacts", "out.txt"}, "/p/.myapp/runs/42/artifacts/out.txt", "", ""},
		{"element with slashes", root, []string{"logs/2026/run.log"}, "/p/.myapp/logs/2026/run.log", "", ""},
		{"dotdot that stays inside", root, []string{"a/../b"}, "/p/.myapp/b", "", ""},
		{"dotdot back to root", root, []string{"a", ".."}, root, "", ""},
		{"dot", root, []string{"."}, root, "", ""},
		{"dotfile", root, []string{"..hidden"}, "/p/.myapp/..hidden", "", ""},
		{"root is cleaned", "/p//.myapp/", []string{"x"}, "/p/.myapp/x", "", ""},
		{"filesystem root", "/", []string{"x"}, "/x", "", ""},
		{"empty element", root, []string{"a", ""}, "", "", "empty path element"},
		{"absolute element", root, []string{"/etc/passwd"}, "", "/etc/passwd", "absolute path element"},
		{"dotdot", root, []string{".."}, "", "..", "leaves the root"},
		{"dotdot climbing out", root, []string{"../../etc/passwd"}, "", "../../etc/passwd", "leaves the root"},
		{"dotdot in a later element", root, []string{"a", "b", "../../.."}, "", "../../..", "leaves the root"},
		{"dotdot out and back in", root, []string{"../.myapp/x"}, "", "../.myapp/x", "leaves the root"},
		{"NUL", root, []string{"a\x00b"}, "", "a\x00b", "NUL"},
		{"empty root", "", []string{"x"}, "", "", "root is empty"},
		{"relative root", "rel", []string{"x"}, "", "rel", "not an absolute path"},
		{"NUL root", "/a\x00", []string{"x"}, "", "/a\x00", "NUL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := stateroots.Join(tt.root, tt.elem...)
			if tt.reason == "" {
				if err != nil || got != tt.want {
					t.Fatalf("Join = %q, %v; want %q", got, err, tt.want)
				}
				if !stateroots.Within(tt.root, got) {
					t.Errorf("Within(%q, %q) = false", tt.root, got)
				}
				return
			}
			var je *stateroots.JoinError
			if !errors.As(err, &je) {
				t.Fatalf("Join = %q, %v; want a *JoinError", got, err)
			}
			if got != "" {
				t.Errorf("Join returned %q beside an error", got)
			}
			if je.Root != tt.root || je.Elem != tt.badElem {
				t.Errorf("JoinError{Root: %q, Elem: %q}, want {%q, %q}", je.Root, je.Elem, tt.root, tt.badElem)
			}
			if !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Error() = %q, want it to contain %q", err, tt.reason)
			}
		})
	}
}

func TestJoinErrorText(t *testing.T) {
	_, err := stateroots.Join("/p/.myapp", "runs", "../../x")
	want := `join "../../x" onto /p/.myapp: path leaves the root; remove the ".." that climbs out of it`
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v, want %s", err, want)
	}
}

func TestWithin(t *testing.T) {
	tests := []struct {
		root, path string
		want       bool
	}{
		{"/p/.myapp", "/p/.myapp", true},
		{"/p/.myapp", "/p/.myapp/", true},
		{"/p/.myapp", "/p/.myapp/x/y", true},
		{"/p/.myapp/", "/p/.myapp/x", true},
		{"/p/.myapp", "/p/.myapp/x/../y", true},
		{"/p/.myapp", "/p/.myapp/..x", true},
		{"/", "/anything", true},
		{"rel", "rel/x", true},
		{"/p/.myapp", "/p", false},
		{"/p/.myapp", "/p/.myapp2", false},
		{"/p/.myapp", "/p/.myapp-x/y", false},
		{"/p/.myapp", "/p/.myapp/../x", false},
		{"/p/.myapp", "/p/.myapp/x/../../y", false},
		{"/p/.myapp", "/q", false},
		{"/p/.myapp", "p/.myapp/x", false},
		{"rel", "/rel/x", false},
		{"", "/x", false},
		{"/x", "", false},
	}
	for _, tt := range tests {
		if got := stateroots.Within(tt.root, tt.path); got != tt.want {
			t.Errorf("Within(%q, %q) = %v, want %v", tt.root, tt.path, got, tt.want)
		}
	}
}

func TestWithinResolved(t *testing.T) {
	dir := tempDir(t)
	build(t, dir,
		"proj/.myapp/runs/",
		"outside/",
		"rootlink -> proj/.myapp", // a symlinked root
		"proj/.myapp/escape -> ../../outside",
		"proj/.myapp/dangling -> "+filepath.Join(dir, "outside", "created-by-write"),
		"proj/.myapp/inner -> runs",
		"proj/.myapp/deep -> runs/a/b",
		"proj/.myapp/loop -> loop",
	)
	real := filepath.Join(dir, "proj", ".myapp")
	link := filepath.Join(dir, "rootlink")
	tests := []struct {
		name       string
		root, path string
		want       bool
	}{
		{"root itself", real, real, true},
		{"existing file", real, filepath.Join(real, "runs"), true},
		{"not yet created", real, filepath.Join(real, "runs", "42", "out.txt"), true},
		{"symlinked root, real path", link, filepath.Join(real, "runs"), true},
		{"real root, path through the link", real, filepath.Join(link, "runs", "x"), true},
		{"symlinked root, path through the link", link, filepath.Join(link, "new"), true},
		{"link inside pointing inside", real, filepath.Join(real, "inner", "x"), true},
		{"link inside pointing out", real, filepath.Join(real, "escape", "x"), false},
		{"link inside pointing out, via symlinked root", link, filepath.Join(link, "escape"), false},
		{"dangling link pointing out", real, filepath.Join(real, "dangling"), false},
		{"link out then dotdot back in", real, filepath.Join(real, "escape") + "/../proj/.myapp/x", true},
		{"dotdot after a link is physical, not lexical", real, filepath.Join(real, "deep") + "/../../x", true},
		{"lexically inside, physically out", real, real + "/escape/../x", false},
		{"lexically inside, physically out, existing", real, real + "/escape/../proj", false},
		{"outside", real, filepath.Join(dir, "outside"), false},
		{"root does not exist yet", filepath.Join(dir, "proj", ".other"), filepath.Join(dir, "proj", ".other", "x"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := stateroots.WithinResolved(tt.root, tt.path)
			if err != nil {
				t.Fatalf("WithinResolved: %v", err)
			}
			if got != tt.want {
				t.Errorf("WithinResolved(%q, %q) = %v, want %v", tt.root, tt.path, got, tt.want)
			}
		})
	}

	t.Run("relative path", func(t *testing.T) {
		t.Chdir(real)
		if got, err := stateroots.WithinResolved(link, "runs/x"); err != nil || !got {
			t.Errorf("WithinResolved(link, runs/x) = %v, %v; want true", got, err)
		}
		if got, err := stateroots.WithinResolved(link, "../x"); err != nil || got {
			t.Errorf("WithinResolved(link, ../x) = %v, %v; want false", got, err)
		}
	})
	t.Run("symlink loop", func(t *testing.T) {
		if _, err := stateroots.WithinResolved(real, filepath.Join(real, "loop", "x")); err == nil {
			t.Errorf("WithinResolved through a symlink loop succeeded, want an error")
		}
	})
	t.Run("agrees with EvalSymlinks on existing paths", func(t *testing.T) {
		p := filepath.Join(link, "inner")
		want, err := filepath.EvalSymlinks(p)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := stateroots.WithinResolved(filepath.Join(real, "runs"), p); !got {
			t.Errorf("WithinResolved(runs, %s) = false; it resolves to %s", p, want)
		}
	})
}
