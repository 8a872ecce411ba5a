package urfavenest // want package:`artifacts\(repo:remotes/\*, repo:runs.db\)`

// A urfave/cli application whose remote group has subcommands, one
// declared in place and one by a variable: they are remote add and
// remote list, prune a top-level command.

import (
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/staterootlint/staterootlint/stateroots"
)

func repo() string {
	r, _ := stateroots.RepoStateRoot(".", "app")
	return r
}

var app = &cli.App{Commands: []*cli.Command{
	{Name: "remote", Subcommands: []*cli.Command{
		{Name: "add", Action: func(c *cli.Context) error {
			return os.WriteFile(filepath.Join(repo(), "remotes", c.Args()[0]), nil, 0o644)
		}},
		listCmd,
	}},
	{Name: "prune", Action: func(c *cli.Context) error {
		return os.Remove(filepath.Join(repo(), "runs.db"))
	}},
}}

var listCmd = &cli.Command{Name: "list", Action: func(c *cli.Context) error { return nil }}
