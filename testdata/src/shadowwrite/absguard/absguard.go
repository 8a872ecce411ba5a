// Package absguard: a join that keeps its second argument when it is
// already absolute. Called with a relative constant the guard is false,
// so the result is always below the first argument; an engine that does
// not evaluate the guard keeps the bare relative constant too.
package absguard

import (
	"flag"
	"os"
	"path/filepath"
)

func smartJoin(a, b string) string {
	if filepath.IsAbs(b) {
		return b
	}
	return filepath.Join(a, b)
}

type input struct{ workdir string }

func (i *input) resolve(p string) string {
	base, _ := filepath.Abs(i.workdir)
	if p == "" {
		return p
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	return p
}

var workdir = flag.String("C", ".", "working directory")

func cached(data []byte) error {
	cache, _ := os.UserCacheDir()
	dir := smartJoin(cache, "checksum")
	if err := os.MkdirAll(dir, 0o755); err != nil { // ok: always below the cache dir
		return err
	}
	return os.WriteFile(filepath.Join(dir, "sum"), data, 0o644) // ok
}

func workspace() error {
	in := &input{workdir: *workdir}
	return os.Remove(filepath.Join(in.resolve("."), ".gitignore")) // ok: below the user's -C directory
}

func bad(data []byte) error {
	return os.WriteFile(smartJoin("out", "checksum"), data, 0o644) // want `relative to the working directory`
}
