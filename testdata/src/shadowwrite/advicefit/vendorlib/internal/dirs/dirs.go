// Package dirs is vendorlib's internal authority: only vendorlib's tree
// can call it.
package dirs

import "path/filepath"

// RepoDir is vendorlib's per-repository state directory.
//
//staterootlint:authority repo
func RepoDir() string { return filepath.Join(".", ".vendorlib") }
