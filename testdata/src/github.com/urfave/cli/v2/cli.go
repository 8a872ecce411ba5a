// Package cli is a stub of github.com/urfave/cli/v2 for the fixtures.
package cli

// Context is a command's context.
type Context struct{ args []string }

// Args returns the positional arguments.
func (c *Context) Args() []string { return c.args }

// Command is a command.
type Command struct {
	Name        string
	Usage       string
	Action      func(*Context) error
	Subcommands []*Command
}

// App is an application.
type App struct{ Commands []*Command }
