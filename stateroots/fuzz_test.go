package stateroots_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/stateroots"
)

// FuzzJoin checks Join's promise: whatever the elements, a successful Join
// stays within the root, and Join refuses exactly what filepath.IsLocal
// would refuse. Each input is a root and two elements; the second element
// is split at "|" so one input can carry several elements.
func FuzzJoin(f *testing.F) {
	for _, s := range [][3]string{
		{"/p/.myapp", "runs", "42|artifacts|out.txt"},
		{"/p/.myapp", "..", "x"},
		{"/p/.myapp", "a/../..", "etc"},
		{"/p/.myapp", "/etc", "passwd"},
		{"/", "..", ".."},
		{"/p/.myapp", "a", "|"},
		{"rel", "x", "y"},
		{"/p/.myapp", "x\x00", "y"},
		{"/p/.myapp", "./a/./b/../../c", "..|d"},
		{"/p/../.myapp", "...", "..../"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, root, e1, e2 string) {
		elems := append([]string{e1}, strings.Split(e2, "|")...)
		got, err := stateroots.Join(root, elems...)

		rootOK := root != "" && filepath.IsAbs(root) && !strings.ContainsRune(root, 0)
		elemsOK := true
		for _, e := range elems {
			if e == "" || filepath.IsAbs(e) || strings.ContainsRune(e, 0) {
				elemsOK = false
			}
		}
		wantOK := rootOK && elemsOK && filepath.IsLocal(filepath.Join(elems...))

		if err != nil {
			var je *stateroots.JoinError
			if !errors.As(err, &je) {
				t.Fatalf("Join(%q, %q) error %T %v, want a *JoinError", root, elems, err, err)
			}
			if got != "" {
				t.Fatalf("Join(%q, %q) = %q beside an error", root, elems, got)
			}
			if wantOK {
				t.Fatalf("Join(%q, %q) refused a local path: %v", root, elems, err)
			}
			return
		}
		if !wantOK {
			t.Fatalf("Join(%q, %q) = %q, want an error", root, elems, got)
		}
		if !stateroots.Within(root, got) {
			t.Fatalf("Join(%q, %q) = %q, outside the root", root, elems, got)
		}
		if want := filepath.Join(root, filepath.Join(elems...)); got != want {
			t.Fatalf("Join(%q, %q) = %q, want %q", root, elems, got, want)
		}
	})
}
