// Package kong is a stub of github.com/alecthomas/kong for the fixtures:
// it fills a struct from the command line by reflection and calls the
// Run method of the selected command.
package kong

// Context is a parsed command line.
type Context struct{ Command string }

// Option configures a parser.
type Option interface{ apply() }

// Parse fills cli, a pointer to a struct, from the command line.
func Parse(cli any, options ...Option) *Context { return &Context{} }

// Run calls the Run method of the selected command.
func (c *Context) Run(binds ...any) error { return nil }

// FatalIfErrorf exits when err is not nil.
func (c *Context) FatalIfErrorf(err error, args ...any) {}
