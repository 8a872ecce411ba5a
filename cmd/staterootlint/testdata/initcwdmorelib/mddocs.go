// Package mddocs writes one markdown page per topic into a directory its
// caller names, as documentation generators of command-line libraries do.
package mddocs

import (
	"os"
	"path/filepath"
)

// WriteTree writes a page for each of topics below dir, making dir
// first.
func WriteTree(dir string, topics []string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, t := range topics {
		if err := os.WriteFile(filepath.Join(dir, t+".md"), []byte("# "+t+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// WritePages writes a manual page for each of topics below dir, which
// must exist.
func WritePages(dir string, topics []string) error {
	for _, t := range topics {
		if err := os.WriteFile(filepath.Join(dir, t+".1"), []byte(".TH "+t+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}
