// Package configured: authorities of kind user and temp name sources of
// user-chosen and temporary paths the engine does not know by itself.
package configured

import (
	"os"
	"path/filepath"
)

// Context stands for a CLI library's context with a flag accessor.
type Context struct{ values map[string]string }

// String returns the value of the named flag.
func (c *Context) String(name string) string { return c.values[name] }

// Lookup is the same accessor, not configured.
func (c *Context) Lookup(name string) string { return c.values[name] }

// scratch returns the project's scratch directory for temporary files.
func scratch() string { return filepath.Join(os.Getenv("SCRATCH"), "app") }

// ensureDir is an authority that creates the root it resolves.
func ensureDir() string {
	home, _ := os.UserHomeDir()
	dir := filepath.Join(home, ".myapp")
	os.MkdirAll(dir, 0o700) // ok: the authority creates its own root
	return dir
}

func run(c *Context, data []byte) {
	os.WriteFile(filepath.Join(c.String("out"), "x"), data, 0o644)   // ok: configured as user
	os.WriteFile(filepath.Join(c.Lookup("out"), "x"), data, 0o644)   // ok: not proven rooted: the unproven analyzer lists it
	os.WriteFile(filepath.Join(scratch(), "y"), data, 0o644)         // ok: configured as temp
	os.WriteFile(filepath.Join(ensureDir(), "state.json"), data, 0o644) // ok
}
