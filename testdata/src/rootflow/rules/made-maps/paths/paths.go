// Package paths is a program's own path type, in a package of its own.
package paths

import "path/filepath"

// AbsPath is an absolute path, slash-separated.
type AbsPath string

// New makes p an AbsPath.
func New(p string) AbsPath { return AbsPath(filepath.ToSlash(p)) }

// String returns the path.
func (a AbsPath) String() string { return string(a) }
