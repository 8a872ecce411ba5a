// Package cmdutil holds the cobranest fixture's helper that adds
// commands to a group.
package cmdutil

import "github.com/spf13/cobra"

// AddGroup adds cmds to parent under a title.
func AddGroup(parent *cobra.Command, title string, cmds ...*cobra.Command) { // want AddGroup:`adds commands\(parent 0, children 2\.\.\.\)`
	for _, c := range cmds {
		parent.AddCommand(c)
	}
}
