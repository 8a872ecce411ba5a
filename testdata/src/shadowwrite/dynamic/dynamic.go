package dynamic

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// Paths carries an authority as a func value.
type Paths struct {
	Root func() string
}

func globalRoot() string {
	r, _ := stateroots.GlobalStateRoot("myapp")
	return r
}

// Dirs is an interface whose method is configured as an authority.
type Dirs interface {
	StateDir() string
}

// Other is an interface the analysis knows nothing about.
type Other interface {
	Dir() string
}

func calls(p Paths, d Dirs, o Other, f func() string, data []byte) {
	q := Paths{Root: globalRoot}
	os.WriteFile(filepath.Join(q.Root(), "x"), data, 0o644)     // ok: the field holds an authority
	os.WriteFile(filepath.Join(d.StateDir(), "x"), data, 0o644) // ok: configured interface authority
	os.WriteFile(filepath.Join(o.Dir(), "x"), data, 0o644)      // ok: not proven rooted: the unproven analyzer lists it
	os.WriteFile(filepath.Join(f(), "x"), data, 0o644)          // ok: not proven rooted: the unproven analyzer lists it
	write := os.WriteFile
	write("direct.txt", data, 0o644) // want `os.WriteFile writes "direct.txt" relative to the working directory`
}
