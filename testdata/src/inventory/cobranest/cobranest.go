package cobranest // want package:`artifacts\(repo:config.json, repo:remotes\)`

// This fixture builds a cobra command line as real programs do: groups
// made by constructor functions, here and in other packages, each adding
// its subcommands (with AddCommand, or through a helper of another package
// that does). The program is
//
//	app session delete NAME   (the sessions directory comes from its parent)
//	app session list
//	app config set KEY VALUE  (writes the config file through the same helper)
//	app config get KEY
//	app remote add NAME
//	app remote list
//	app version
//	app tidy prune

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"inventory/cobranest/cmdutil"
	"inventory/cobranest/remote"
	"inventory/cobranest/store"
)

// NewRoot builds the program's command line.
func NewRoot() *cobra.Command { // want NewRoot:`commands\(app\)`
	root := &cobra.Command{Use: "app [command]"}
	root.AddCommand(newSessionCmd(), newConfigCmd(), versionCmd)
	root.AddCommand(remote.NewCmdRemote(), remote.NewCmdTidy())
	return root
}

var versionCmd = &cobra.Command{Use: "version", Run: func(cmd *cobra.Command, args []string) {}}

func newSessionCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "session <command>"}
	cmd.AddCommand(newDeleteCmd(filepath.Join(store.Root(), "sessions")))
	cmd.AddCommand(newListCmd())
	return cmd
}

// newDeleteCmd's writes go below dir, which its caller chooses.
func newDeleteCmd(dir string) *cobra.Command {
	return &cobra.Command{Use: "delete NAME", RunE: func(cmd *cobra.Command, args []string) error {
		return save(dir, args[0])
	}}
}

func newListCmd() *cobra.Command {
	return &cobra.Command{Use: "list", Run: func(cmd *cobra.Command, args []string) {}}
}

func newConfigCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "config <command>"}
	cmdutil.AddGroup(cmd, "Settings", newSetCmd(), newGetCmd())
	return cmd
}

func newSetCmd() *cobra.Command {
	return &cobra.Command{Use: "set KEY VALUE", RunE: func(cmd *cobra.Command, args []string) error {
		return save(store.Root(), "config.json")
	}}
}

func newGetCmd() *cobra.Command {
	return &cobra.Command{Use: "get KEY", Run: func(cmd *cobra.Command, args []string) {}}
}

// save is the helper both session delete and config set write through,
// each with its own directory.
func save(dir, name string) error {
	return os.WriteFile(filepath.Join(dir, name), nil, 0o644)
}
