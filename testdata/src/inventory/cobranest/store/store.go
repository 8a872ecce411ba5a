// Package store gives the cobranest fixture its state root.
package store

import "github.com/staterootlint/staterootlint/stateroots"

// Root is the program's state root.
func Root() string {
	r, _ := stateroots.RepoStateRoot(".", "app")
	return r
}
