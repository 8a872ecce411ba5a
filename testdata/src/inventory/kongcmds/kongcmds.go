package kongcmds // want package:`artifacts\(repo:keep, repo:remotes, repo:remotes/\*, repo:runs.db, temp, user\)`

// This fixture declares kong commands: struct fields tagged cmd:"" whose
// type has a Run method, named by their name tag or by their field name
// as kong names it, nested ones after their parent.

import (
	"os"
	"path/filepath"

	"github.com/alecthomas/kong"

	"github.com/staterootlint/staterootlint/stateroots"
	"inventory/kongcmds/logcmd"
)

func repo() string {
	r, _ := stateroots.RepoStateRoot(".", "app")
	return r
}

// CLI is the command line.
type CLI struct {
	Verbose bool `help:"say more"` // ok: a flag, not a command

	Record  RecordCmd      `cmd:"" help:"record a run"`
	Show    ShowCmd        `cmd:"" name:"ls" help:"list the runs"`
	Log     logcmd.Options `cmd:"" help:"append to a log"`
	Remote  *RemoteCmd     `cmd:"" help:"manage remotes"`
	Unknown NoRun          `help:"not a command: no cmd tag"`
	Ignored RecordCmd      `kong:"-"` // ok: kong ignores it
	Hook    HookCmd        `cmd:""`

	ServeHTTP ServeCmd        `kong:"cmd,help='serve, over http'"`
	Collect   PruneCmd        `kong:"cmd,name='gc'"`
	Keep      KeepCmd[string] `cmd:""`
}

// ServeCmd serves over HTTP from a scratch directory.
type ServeCmd struct{}

// Run makes the scratch directory.
func (ServeCmd) Run() error { // want Run:`kong run\(temp\)`
	_, err := os.MkdirTemp("", "serve-*")
	return err
}

// RecordCmd records a run.
type RecordCmd struct {
	Out string `help:"also write the record to this file"`
}

// Run writes the run database, and the --out file when it is given.
func (c *RecordCmd) Run(ctx *kong.Context) error { // want Run:`kong run\(repo:runs.db, user\)`
	if err := os.WriteFile(filepath.Join(repo(), "runs.db"), nil, 0o644); err != nil {
		return err
	}
	if c.Out != "" {
		return os.WriteFile(c.Out, nil, 0o644)
	}
	return nil
}

// ShowCmd lists the runs.
type ShowCmd struct{}

// Run reads the run database.
func (ShowCmd) Run() error { // ok: no write, no fact
	_, err := os.ReadFile(filepath.Join(repo(), "runs.db"))
	return err
}

// RemoteCmd groups the remote commands.
type RemoteCmd struct {
	Add      RemoteAddCmd `cmd:"" help:"add a remote"`
	PruneAll PruneCmd     `cmd:""`
}

// RemoteAddCmd adds a remote.
type RemoteAddCmd struct {
	Name string `arg:""`
}

// Run writes the remote's file.
func (c RemoteAddCmd) Run() error { // want Run:`kong run\(repo:remotes/\*\)`
	return os.WriteFile(filepath.Join(repo(), "remotes", c.Name), nil, 0o644)
}

// PruneCmd prunes the remotes.
type PruneCmd struct{}

// Run removes the remotes.
func (PruneCmd) Run() error { return os.RemoveAll(filepath.Join(repo(), "remotes")) } // want Run:`kong run\(repo:remotes\)`

// NoRun has a Run method kong would not call: it returns no error.
type NoRun struct{}

// Run does nothing.
func (NoRun) Run() {}

// Saver saves a file.
type Saver interface{ Save(path string) error }

// HookCmd hands a path to a saver the analysis cannot resolve.
type HookCmd struct{ saver Saver }

// Run saves through the hook.
func (c HookCmd) Run() error { return c.saver.Save(filepath.Join(repo(), "hook.json")) } // want Run:`kong run\(unproven\)`

func main() {
	var cli CLI
	ctx := kong.Parse(&cli)
	ctx.FatalIfErrorf(ctx.Run())
}

// KeepCmd is generic: its Run method is an instance's.
type KeepCmd[T any] struct{ value T }

// Run writes the keep file.
func (c KeepCmd[T]) Run() error { // want Run:`kong run\(repo:keep\)`
	return os.WriteFile(filepath.Join(repo(), "keep"), nil, 0o644)
}
