// Package rawunknown appends to a state root, without a separator, text
// the analysis cannot see: a "~/" expansion onto an overriding home
// directory that leaves the separator out (hd + p[2:]), or a caller's
// name. Whether the result is the root's sibling or a path below it
// depends on that text's first byte, so the write is unproven (the
// unproven analyzer lists it), never a proven sibling. Text whose first
// byte is known still makes the sibling.
package rawunknown

import (
	"os"
	"path/filepath"
	"strings"
)

// expand resolves a "~/" path onto the overriding home directory.
func expand(p string) string {
	if strings.HasPrefix(p, "~/") {
		if hd := os.Getenv("APP_HOMEDIR"); hd != "" {
			return hd + p[2:]
		}
	}
	return filepath.Clean(p)
}

type store struct{ path string }

func newStore(path string) *store { return &store{path: expand(path)} }

func (s *store) set(name string, data []byte) error {
	return os.WriteFile(filepath.Join(s.path, name), data, 0o600)
}

// Put writes a secret into the store a configuration names.
func Put(configured string, data []byte) error {
	return newStore(configured).set("secret", data) // ok: unproven, the text after the root is the configuration's
}

// Named writes a file whose name its caller appends to the root.
func Named(name string, data []byte) error {
	hd := os.Getenv("APP_HOMEDIR")
	return os.WriteFile(hd+name, data, 0o600) // ok: unproven, the name may start with a separator
}

// Backup writes the root's sibling: the text appended is known.
func Backup(data []byte) error {
	hd := os.Getenv("APP_HOMEDIR")
	return os.WriteFile(hd+".bak", data, 0o600) // want `os.WriteFile writes a sibling of the global state root \("\.bak" appended without a separator\)`
}

// Numbered appends a known separator-free prefix before a number.
func Numbered(n string, data []byte) error {
	hd := os.Getenv("APP_HOMEDIR")
	return os.WriteFile(hd+"-"+n, data, 0o600) // want `os.WriteFile writes a sibling of the global state root \("-" appended without a separator\)`
}
