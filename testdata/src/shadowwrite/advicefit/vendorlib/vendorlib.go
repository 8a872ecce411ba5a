// Package vendorlib is a library with an internal authority of kind repo.
package vendorlib

import (
	"os"
	"path/filepath"

	"shadowwrite/advicefit/vendorlib/internal/dirs"
)

// Save writes under its authority's root, and once beside it.
func Save(data []byte) {
	os.WriteFile(filepath.Join(dirs.RepoDir(), "saved"), data, 0o644) // ok: under an authority's root
	os.WriteFile("vendor.log", data, 0o644)                           // want `; derive the path from this program's authority shadowwrite/advicefit/vendorlib/internal/dirs\.RepoDir \(repo root\), take it from a flag`
}
