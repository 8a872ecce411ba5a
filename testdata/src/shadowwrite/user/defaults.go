package user

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
)

// A default that stands in for the user's flag or argument is the user's
// choice too: "." when no argument is given, the working directory when the
// user said ".".

func exportCmd() *cobra.Command {
	return &cobra.Command{
		Use: "export [dir]",
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) > 0 {
				dir = args[0]
			}
			return os.WriteFile(filepath.Join(dir, "export.json"), nil, 0o644) // ok: the user's argument or its default
		},
	}
}

func unpack(dest string, data []byte) error {
	if dest == "." {
		dest, _ = os.Getwd()
	}
	return os.WriteFile(filepath.Join(dest, "unpacked"), data, 0o644) // ok: dest is checked at the callers
}

func unpackCmd() *cobra.Command {
	return &cobra.Command{
		Use: "unpack DEST",
		RunE: func(cmd *cobra.Command, args []string) error {
			dest := args[0]
			if dest == "." {
				dest, _ = os.Getwd()
			}
			return unpack(dest, nil) // ok: the user's argument, or the directory they named with "."
		},
	}
}

func homeDefault() *cobra.Command {
	return &cobra.Command{
		Use: "save [dir]",
		RunE: func(cmd *cobra.Command, args []string) error {
			home, _ := os.UserHomeDir()
			dir := filepath.Join(home, ".saved")
			if len(args) > 0 {
				dir = args[0]
			}
			return os.WriteFile(filepath.Join(dir, "s.json"), nil, 0o644) // want `os.WriteFile writes a path under the home directory from os.UserHomeDir`
		},
	}
}

func noUser(data []byte) error {
	dir := "."
	if len(data) > 10 {
		dir = "big"
	}
	return os.WriteFile(filepath.Join(dir, "d.bin"), data, 0o644) // want `os.WriteFile writes "big/d.bin" relative to the working directory or "d.bin" relative to the working directory, outside`
}

func unpackHere() error {
	return unpack(".", nil) // want `unpack receives "\." relative to the working directory`
}
