// Package cobra is a stub of github.com/spf13/cobra for the fixtures.
package cobra

// Command is a command.
type Command struct {
	Use  string
	RunE func(cmd *Command, args []string) error
	Run  func(cmd *Command, args []string)
}

// AddCommand adds subcommands.
func (c *Command) AddCommand(cmds ...*Command) {}
