package commands // want package:`artifacts\(repo:export.json, repo:runs.db, temp:scratch, user\)`

// This fixture declares commands in each way inventory recognises them:
// a switch on the first argument (the flag package's idiom), cobra, urfave/cli
// and the directive; in each way, one whose writes are not followed.

import (
	"flag"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/urfave/cli/v2"

	"github.com/staterootlint/staterootlint/stateroots"
)

func repo() string {
	r, _ := stateroots.RepoStateRoot(".", "app")
	return r
}

func main() {
	verbose := flag.Bool("verbose", false, "say more")
	flag.Parse()
	switch cmd := os.Args[1]; cmd {
	case "record", "rec":
		record(os.Args[2:], *verbose)
	case "show": // read-only: it reads and prints
		show()
	case "scratch":
		os.WriteFile(filepath.Join(os.TempDir(), "scratch"), nil, 0o600)
	case "hook": // writes not followed: a saver the analysis cannot resolve
		hooks.Save("hook.json")
	}
	switch os.Args[2] { // ok: not the first argument
	case "ignored":
		record(nil, false)
	}
}

func record(args []string, verbose bool) {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	out := fs.String("out", "", "also write the record to `file`")
	fs.Parse(args)
	os.WriteFile(filepath.Join(repo(), "runs.db"), nil, 0o644)
	if *out != "" {
		os.WriteFile(*out, nil, 0o644)
	}
	if verbose {
		os.WriteFile(filepath.Join(os.TempDir(), "scratch"), nil, 0o600)
	}
}

func show() {
	b, _ := os.ReadFile(filepath.Join(repo(), "runs.db"))
	os.Stdout.Write(b)
}

var exportCmd = &cobra.Command{
	Use: "export [FILE]",
	RunE: func(cmd *cobra.Command, args []string) error {
		return os.WriteFile(filepath.Join(repo(), "export.json"), nil, 0o644)
	},
}

var statusCmd = &cobra.Command{Use: "status", Run: status}

func status(cmd *cobra.Command, args []string) {} // read-only

var groupCmd = &cobra.Command{Use: "group"} // ok: a group without an action is no command

var pruneCmd = &cli.Command{Name: "prune", Action: func(c *cli.Context) error {
	return os.Remove(filepath.Join(repo(), "runs.db"))
}}

// serve serves the records.
//
//staterootlint:command serve
func serve() {
	record(nil, false)
}

// Saver saves a file; which one the program installs is not known here.
type Saver interface{ Save(path string) error }

var hooks Saver

var syncCmd = &cobra.Command{Use: "sync", RunE: func(cmd *cobra.Command, args []string) error {
	return hooks.Save("sync.json") // writes not followed
}}

var pushCmd = &cli.Command{Name: "push", Action: func(c *cli.Context) error {
	return hooks.Save("push.json") // writes not followed
}}

// settings is filled from a file by reflection: nothing the analysis sees
// stores into its fields.
type settings struct{ Out string }

var conf settings

// upload uploads the records.
//
//staterootlint:command upload
func upload() {
	os.WriteFile(conf.Out, nil, 0o644) // writes not followed: where conf.Out comes from is not seen
}
