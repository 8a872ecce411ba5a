package remote // want package:`artifacts\(repo:remotes, repo:remotes/\*\)`

// The remote commands of the cobranest fixture: a group whose constructor
// another package calls.

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"inventory/cobranest/store"
)

// NewCmdRemote returns the remote group.
func NewCmdRemote() *cobra.Command { // want NewCmdRemote:`commands\(remote\)`
	var cmd = &cobra.Command{Use: "remote <command>"}
	cmd.AddCommand(NewCmdAdd(), NewCmdList())
	return cmd
}

// NewCmdAdd returns remote add.
func NewCmdAdd() *cobra.Command { // want NewCmdAdd:`commands\(add\)`
	cmd := &cobra.Command{
		Use: "add NAME",
		RunE: func(cmd *cobra.Command, args []string) error {
			return os.WriteFile(filepath.Join(store.Root(), "remotes", args[0]), nil, 0o644)
		},
	}
	return cmd
}

// NewCmdList returns remote list, named as session list is.
func NewCmdList() *cobra.Command { // want NewCmdList:`commands\(list\)`
	return &cobra.Command{Use: "list", Run: func(cmd *cobra.Command, args []string) {}}
}

// NewCmdTidy returns the tidy group, whose prune command its constructor
// builds in a function literal it calls at once.
func NewCmdTidy() *cobra.Command { // want NewCmdTidy:`commands\(tidy\)`
	tidy := &cobra.Command{Use: "tidy <command>"}
	tidy.AddCommand(func() *cobra.Command {
		cmd := &cobra.Command{Use: "prune", RunE: func(cmd *cobra.Command, args []string) error {
			return os.RemoveAll(filepath.Join(store.Root(), "remotes"))
		}}
		return cmd
	}())
	return tidy
}
