// Package recursivetypes holds types that refer to themselves, which once
// sent the engine's path-type check into unbounded recursion.
package recursivetypes

import (
	"os"
	"path/filepath"
)

type list []list

type ptr *ptr

type self[T interface{ ~[]T }] struct{ v T }

func build(n int) list {
	if n == 0 {
		return nil
	}
	return list{build(n - 1)}
}

func deref(p ptr) ptr { return *p }

func (s self[T]) get() T { return s.v }

func write(data []byte) {
	_ = build(3)
	os.WriteFile("x.json", data, 0o644) // want `os.WriteFile writes "x.json" relative to the working directory`
}

type triple [3]string

func namedArray(data []byte) {
	var parts triple
	parts[0], parts[1], parts[2] = "a", "b", "c"
	os.WriteFile(filepath.Join(parts[:]...), data, 0o644) // want `os.WriteFile writes "a/b/c" relative to the working directory`
}
