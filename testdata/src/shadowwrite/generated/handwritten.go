// Package generated checks that generated code is analyzed like any other:
// its writes are reported, and what flows through it counts.
package generated

import (
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func handwritten(project string) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	save(filepath.Join(root, "ok.json")) // ok: rooted
	save("handwritten.json")             // want `generated\.save receives "handwritten\.json" relative to the working directory for a path it writes \(os\.WriteFile at zz_generated\.go:9\)`
}
