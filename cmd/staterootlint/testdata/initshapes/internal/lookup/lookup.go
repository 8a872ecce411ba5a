// Package lookup resolves its files from inputs the caller passes: a
// getenv function for a list of files the user may name, else one under
// the home directory, which a helper finds through the same function.
package lookup

import (
	"os"
	"path/filepath"
)

// listFiles is the resolver: $SHAPES_LISTS, a list, else the list under
// the home directory. Each write through it names only one of its
// origins; the home directory arises in a helper.
func listFiles(getenv func(string) string) []string {
	if v := getenv("SHAPES_LISTS"); v != "" {
		return filepath.SplitList(v)
	}
	return []string{filepath.Join(homeOf(getenv), ".shapes-lists", "main")}
}

// homeOf is $HOME through getenv, else the home directory.
func homeOf(getenv func(string) string) string {
	if h := getenv("HOME"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// extraFiles is the decoy: a list from the environment alone, with no
// home directory beneath it, is no resolver.
func extraFiles(getenv func(string) string) []string {
	return filepath.SplitList(getenv("SHAPES_EXTRA"))
}

// Save writes every list, and a lock beside the first, and the extra
// files.
func Save(data []byte) {
	files := listFiles(os.Getenv)
	for _, f := range files {
		_ = os.WriteFile(f, data, 0o644)
	}
	_ = os.WriteFile(files[0]+".lock", nil, 0o644)
	for _, f := range extraFiles(os.Getenv) {
		_ = os.WriteFile(f, data, 0o644)
		_ = os.Remove(f + ".bak")
	}
}
