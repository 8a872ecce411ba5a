package inventory_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/shape"
)

// TestCommands checks the commands of the fixture and what each writes:
// every way of declaring one, a read-only one, writes under a flag.
func TestCommands(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	results := analysistest.Run(t, testdata(t), a, "inventory/commands")
	got := commandRows(results, "inventory/commands")
	want := []string{
		"export: command | command |  | commands.go:60 | commands | cobra.Command",
		"export: repo:export.json | repo | os.WriteFile | commands.go:63 | commands",
		"hook: command | command |  | commands.go:33 | commands.main | a switch on the first argument",
		"hook: unproven | unproven |  | commands.go:34 | commands.main | a call of interface method (commands.Saver).Save with a path the analysis cannot follow",
		"prune: command | command |  | commands.go:73 | commands | cli.Command",
		"prune: repo:runs.db | repo | os.Remove | commands.go:74 | commands",
		"push: command | command |  | commands.go:93 | commands | cli.Command",
		"push: unproven | unproven |  | commands.go:94 | commands | a call of interface method (commands.Saver).Save with a path the analysis cannot follow",
		"rec: command | command |  | commands.go:27 | commands.record | a switch on the first argument",
		"rec: repo:runs.db | repo | os.WriteFile | commands.go:46 | commands.record",
		"rec: temp:scratch | temp | os.WriteFile | commands.go:51 | commands.record [--verbose]",
		"rec: user | user | os.WriteFile | commands.go:48 | commands.record [--out]",
		"record: command | command |  | commands.go:27 | commands.record | a switch on the first argument",
		"record: repo:runs.db | repo | os.WriteFile | commands.go:46 | commands.record",
		"record: temp:scratch | temp | os.WriteFile | commands.go:51 | commands.record [--verbose]",
		"record: user | user | os.WriteFile | commands.go:48 | commands.record [--out]",
		"scratch: command | command |  | commands.go:31 | commands.main | a switch on the first argument",
		"scratch: temp:scratch | temp | os.WriteFile | commands.go:32 | commands.main",
		"serve: command | command |  | commands.go:80 | commands.serve | //staterootlint:command directive",
		"serve: repo:runs.db | repo | os.WriteFile | commands.go:46 | commands.serve → commands.record",
		"serve: temp:scratch | temp | os.WriteFile | commands.go:51 | commands.serve → commands.record",
		"serve: user | user | os.WriteFile | commands.go:48 | commands.serve → commands.record",
		"show: command | command |  | commands.go:29 | commands.show | a switch on the first argument",
		"status: command | command |  | commands.go:67 | commands.status | cobra.Command",
		"sync: command | command |  | commands.go:89 | commands | cobra.Command",
		"sync: unproven | unproven |  | commands.go:90 | commands | a call of interface method (commands.Saver).Save with a path the analysis cannot follow",
		"upload: command | command |  | commands.go:106 | commands.upload | //staterootlint:command directive",
		// Where conf.Out comes from is not seen: the write is not followed,
		// never left out (which would make the command read-only).
		"upload: unproven | unproven | os.WriteFile | commands.go:107 | commands.upload | a path from commands.settings.Out, which nothing the analysis sees stores a path into",
	}
	if !slices.Equal(got, want) {
		t.Errorf("command rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestKongCommands checks the commands of a kong command line: named by
// their name tag (in either of kong's tag forms) or as kong names their
// field, nested after their parent, with a Run method in their package
// or in another (whose rows arrive as a fact), and the flags their
// writes need.
func TestKongCommands(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	results := analysistest.Run(t, testdata(t), a, "inventory/kongcmds")
	got := commandRows(results, "inventory/kongcmds")
	want := []string{
		"gc: command | command |  | kongcmds.go:35 | (kongcmds.PruneCmd).Run | a kong cmd:\"\" field",
		"gc: repo:remotes | repo | os.RemoveAll | kongcmds.go:93 | (kongcmds.PruneCmd).Run",
		"hook: command | command |  | kongcmds.go:32 | (kongcmds.HookCmd).Run | a kong cmd:\"\" field",
		"hook: unproven | unproven |  | kongcmds.go:108 | (kongcmds.HookCmd).Run | a call of interface method (kongcmds.Saver).Save with a path the analysis cannot follow",
		"keep: command | command |  | kongcmds.go:36 | (kongcmds.KeepCmd[T]).Run | a kong cmd:\"\" field",
		"keep: repo:keep | repo | os.WriteFile | kongcmds.go:121 | (kongcmds.KeepCmd[T]).Run",
		"log: command | command |  | kongcmds.go:28 | (logcmd.Options).Run | a kong cmd:\"\" field",
		"log: user | user | os.OpenFile | logcmd.go:20 | (logcmd.Options).Run [--file]",
		"log: user | user | os.Rename | logcmd.go:25 | (logcmd.Options).Run [--file --rotate]",
		"ls: command | command |  | kongcmds.go:27 | (kongcmds.ShowCmd).Run | a kong cmd:\"\" field",
		"record: command | command |  | kongcmds.go:26 | (*kongcmds.RecordCmd).Run | a kong cmd:\"\" field",
		"record: repo:runs.db | repo | os.WriteFile | kongcmds.go:55 | (*kongcmds.RecordCmd).Run",
		"record: user | user | os.WriteFile | kongcmds.go:59 | (*kongcmds.RecordCmd).Run [--out]",
		"remote add: command | command |  | kongcmds.go:75 | (kongcmds.RemoteAddCmd).Run | a kong cmd:\"\" field",
		"remote add: repo:remotes/* | repo | os.WriteFile | kongcmds.go:86 | (kongcmds.RemoteAddCmd).Run",
		"remote prune-all: command | command |  | kongcmds.go:76 | (kongcmds.PruneCmd).Run | a kong cmd:\"\" field",
		"remote prune-all: repo:remotes | repo | os.RemoveAll | kongcmds.go:93 | (kongcmds.PruneCmd).Run",
		"serve-http: command | command |  | kongcmds.go:34 | (kongcmds.ServeCmd).Run | a kong cmd:\"\" field",
		"serve-http: temp | temp | os.MkdirTemp | kongcmds.go:44 | (kongcmds.ServeCmd).Run",
	}
	if !slices.Equal(got, want) {
		t.Errorf("command rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// commandRows renders the command rows of pkg's result. Rows' patterns
// are "" for a command's own row; it prints it as the kind, so the rows
// read as the CLI's listing does.
func commandRows(results []*analysistest.Result, pkg string) []string {
	var got []string
	for _, r := range results {
		res := r.Action.Result.(*inventory.Result)
		if res.Package != pkg {
			continue
		}
		for _, art := range res.Artifacts {
			if art.Command != "" {
				got = append(got, commandRow(art))
			}
		}
	}
	return got
}

// commandRow renders a command's artifact as the CLI's listing does.
func commandRow(art inventory.Artifact) string {
	s := art.Command + ": " + row(art)
	if len(art.Flags) > 0 {
		s += " [" + strings.Join(art.Flags, " ") + "]"
	}
	return strings.Replace(s, ":  | command", ": command | command", 1)
}

// TestCommandStatus pins, for each way of declaring a command, one that
// writes and one whose writes the analysis cannot follow: neither is
// read-only; the second is "writes not followed".
func TestCommandStatus(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	var arts []inventory.Artifact
	for _, r := range analysistest.Run(t, testdata(t), a, "inventory/commands", "inventory/kongcmds") {
		arts = append(arts, r.Action.Result.(*inventory.Result).Artifacts...)
	}
	status := map[string]string{}
	for _, c := range shape.Commands(arts) {
		status[c.Name] = c.Status()
	}
	for name, want := range map[string]string{
		"export": "", "sync": shape.StatusUnfollowed, // cobra
		"prune": "", "push": shape.StatusUnfollowed, // urfave/cli
		"record": "", "hook": shape.StatusUnfollowed, // a switch on the first argument; kong's hook
		"serve": "", "upload": shape.StatusUnfollowed, // the directive
		"log": shape.StatusReadOnly + " without --file, --rotate", "remote add": "", // kong
		"show": shape.StatusReadOnly, "ls": shape.StatusReadOnly, "status": shape.StatusReadOnly,
	} {
		if got, ok := status[name]; !ok || got != want {
			t.Errorf("command %s: status %q (found %v), want %q", name, got, ok, want)
		}
	}
}

func TestKongName(t *testing.T) {
	for field, want := range map[string]string{"Record": "record", "ServeHTTP": "serve-http", "PDFLoader": "pdf-loader", "PruneAll": "prune-all", "V2": "v-2"} {
		if got := inventory.KongName(field); got != want {
			t.Errorf("KongName(%q) = %q, want %q", field, got, want)
		}
	}
}

// TestCobraNesting checks a cobra command line built by constructors in
// several packages: each command is named by its path from the root (the
// root's own name left out, as a top-level command's always was), two
// commands of the same name in different groups stay apart, and a helper
// both config set and session delete write through is attributed to each
// with its own path only: session delete's comes from its parent, which
// the analysis does not follow per command, so it is unproven there, never
// config set's path.
func TestCobraNesting(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	results := analysistest.Run(t, testdata(t), a, "inventory/cobranest/...")
	got := combinedCommandRows(results)
	want := []string{
		"config get: command | command |  | cobranest.go:69 | cobranest.newGetCmd | cobra.Command",
		"config set: command | command |  | cobranest.go:63 | cobranest.newSetCmd | cobra.Command",
		"config set: repo:config.json | repo | os.WriteFile | cobranest.go:75 | cobranest.newSetCmd → cobranest.save",
		"remote add: command | command |  | remote.go:24 | remote.NewCmdAdd | cobra.Command",
		"remote add: repo:remotes/* | repo | os.WriteFile | remote.go:27 | remote.NewCmdAdd",
		"remote list: command | command |  | remote.go:35 | remote.NewCmdList | cobra.Command",
		"session delete: command | command |  | cobranest.go:47 | cobranest.newDeleteCmd | cobra.Command",
		"session delete: unproven | unproven | os.WriteFile | cobranest.go:75 | cobranest.newDeleteCmd → cobranest.save | a path cobranest.newDeleteCmd receives from its caller, which the analysis does not follow per command",
		"session list: command | command |  | cobranest.go:53 | cobranest.newListCmd | cobra.Command",
		"tidy prune: command | command |  | remote.go:43 | remote.NewCmdTidy | cobra.Command",
		"tidy prune: repo:remotes | repo | os.RemoveAll | remote.go:44 | remote.NewCmdTidy",
		"version: command | command |  | cobranest.go:36 | cobranest | cobra.Command",
	}
	if !slices.Equal(got, want) {
		t.Errorf("command rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// combinedCommandRows renders the command rows of the results taken
// together, as the CLI shows them.
func combinedCommandRows(results []*analysistest.Result) []string {
	var res []*inventory.Result
	for _, r := range results {
		res = append(res, r.Action.Result.(*inventory.Result))
	}
	var got []string
	for _, art := range inventory.Combine(res...) {
		if art.Command != "" {
			got = append(got, commandRow(art))
		}
	}
	return got
}

// TestSharedEntry checks the commands of a flag switch two of which call
// one function with their own paths: neither is listed writing the
// other's path.
func TestSharedEntry(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	results := analysistest.Run(t, testdata(t), a, "inventory/sharedentry")
	got := commandRows(results, "inventory/sharedentry")
	want := []string{
		"a: command | command |  | sharedentry.go:25 | sharedentry.put | a switch on the first argument",
		"a: unproven | unproven | os.WriteFile | sharedentry.go:35 | sharedentry.put | a path sharedentry.put receives from 2 calls, which pass it different paths the analysis does not tell apart per command",
		"b: command | command |  | sharedentry.go:27 | sharedentry.put | a switch on the first argument",
		"b: unproven | unproven | os.WriteFile | sharedentry.go:35 | sharedentry.put | a path sharedentry.put receives from 2 calls, which pass it different paths the analysis does not tell apart per command",
		"keep: command | command |  | sharedentry.go:29 | sharedentry.main | a switch on the first argument",
		"keep: repo:kept/x.json | repo | os.WriteFile | sharedentry.go:39 | sharedentry.main",
	}
	if !slices.Equal(got, want) {
		t.Errorf("command rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUrfaveNesting checks urfave/cli subcommands are named after their
// group, the application's own commands as before.
func TestUrfaveNesting(t *testing.T) {
	a := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	got := combinedCommandRows(analysistest.Run(t, testdata(t), a, "inventory/urfavenest"))
	want := []string{
		"prune: command | command |  | urfavenest.go:28 | urfavenest | cli.Command",
		"prune: repo:runs.db | repo | os.Remove | urfavenest.go:29 | urfavenest",
		"remote add: command | command |  | urfavenest.go:23 | urfavenest | cli.Command",
		"remote add: repo:remotes/* | repo | os.WriteFile | urfavenest.go:24 | urfavenest",
		"remote list: command | command |  | urfavenest.go:33 | urfavenest | cli.Command",
	}
	if !slices.Equal(got, want) {
		t.Errorf("command rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
