// Command px is a miniature agent runner: it runs tasks in a project and
// keeps their logs, artifacts and records under the project's .px directory.
//
// Usage:
//
//	px [--from-dir DIR] [--debug] run [--out FILE] TASK
//	px [--from-dir DIR] [--debug] status [--out FILE]
//	px [--from-dir DIR] [--debug] gc [--keep N]
//	px [--from-dir DIR] init
//
// The project root is found from --from-dir upwards: the nearest directory
// holding .git, else the nearest holding go.mod, else .px. Each run gets a
// private directory, .px/run/<run>/; the one entry px adds to the project
// outside .px is px.lock, the pinned px version. --out files are relative
// to the working directory and must stay inside the project. init
// scaffolds px.toml, the tasks file, in the directory it runs in: the
// command's product, declared with //staterootlint:allow-write. Global state lives in $PX_GLOBAL_STATE_ROOT,
// or ~/.px. Configuration errors exit with status 78.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"example.com/px/internal/legacy"
	"example.com/px/internal/paths"
	"example.com/px/internal/runner"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: px [--from-dir DIR] [--debug] COMMAND [ARGS]

commands:
  run [--out FILE] TASK   run TASK and record it under .px
  status [--out FILE]     show the project's runs, lock and update state
  gc [--keep N]           delete all but the N newest runs
  init                    write a px.toml to start from in this directory

flags:
`

// usageError is a command-line mistake: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("px", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	fromDir := fs.String("from-dir", ".", "find the project root from `dir` upwards")
	debug := fs.Bool("debug", false, "also write legacy debug files (the shadow state staterootlint reports)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	layout, err := paths.Discover(*fromDir)
	if err != nil {
		return fail(stderr, err)
	}
	r := &runner.Runner{Layout: layout, Now: time.Now, Latest: func() (string, error) { return "v0.4.0", nil }}
	cmd, rest := fs.Arg(0), fs.Args()[1:]
	switch cmd {
	case "run":
		err = runCmd(r, rest, *debug, stdout, stderr)
	case "status":
		err = statusCmd(r, rest, stdout, stderr)
	case "gc":
		err = gcCmd(r, rest, stdout, stderr)
	case "init":
		err = initCmd(rest, stdout, stderr)
	default:
		err = usageError{fmt.Sprintf("unknown command %q; valid: gc, init, run, status", cmd)}
	}
	if err != nil {
		return fail(stderr, err)
	}
	return 0
}

// fail prints err and returns its exit status: 78 for configuration errors
// (stateroots errors carry ExitCode), 2 for usage errors, 1 otherwise.
func fail(stderr io.Writer, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintf(stderr, "px: %v\n", err)
	var coded interface{ ExitCode() int }
	var ue usageError
	switch {
	case errors.As(err, &coded):
		return coded.ExitCode()
	case errors.As(err, &ue):
		return 2
	}
	return 1
}

func subFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("px "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses a subcommand's flags, turning a bad flag into a usageError
// (the flag package has printed the details already).
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	return nil
}

func runCmd(r *runner.Runner, args []string, debug bool, stdout, stderr io.Writer) error {
	var opts struct{ out string }
	fs := subFlags("run", stderr)
	fs.StringVar(&opts.out, "out", "", "also write the run summary to `file`")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{"run takes exactly one TASK"}
	}
	task := fs.Arg(0)
	out, err := userPath(r, opts.out)
	if err != nil {
		return err
	}
	if debug {
		warn(stderr, legacy.DebugLog("run "+task))
		warn(stderr, legacy.RememberTask(task))
		warn(stderr, legacy.WritePID())
		warn(stderr, legacy.SaveHistory(task))
	}
	rec, err := r.Run(task, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "run %s: %s\n", rec.ID, rec.Status)
	if db, err := os.ReadFile(r.Layout.RunsDB()); err == nil {
		warn(stderr, legacy.MirrorRuns(db))
	}
	return nil
}

func statusCmd(r *runner.Runner, args []string, stdout, stderr io.Writer) error {
	fs := subFlags("status", stderr)
	out := fs.String("out", "", "write the report to `file` instead of standard output")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{"status takes no arguments"}
	}
	report, err := r.Status()
	if err != nil {
		return err
	}
	if *out != "" {
		p, err := userPath(r, *out)
		if err != nil {
			return err
		}
		return os.WriteFile(p, []byte(report), 0o644)
	}
	_, err = io.WriteString(stdout, report)
	return err
}

func gcCmd(r *runner.Runner, args []string, stdout, stderr io.Writer) error {
	fs := subFlags("gc", stderr)
	keep := fs.Int("keep", 5, "keep the `n` newest runs")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{"gc takes no arguments"}
	}
	removed, err := r.GC(*keep)
	fmt.Fprintf(stdout, "removed %d runs\n", len(removed))
	return err
}

// userPath resolves a --out value: relative to the working directory, and
// inside the project, or a usage error. Empty stays empty (no --out).
func userPath(r *runner.Runner, p string) (string, error) {
	if p == "" {
		return "", nil
	}
	abs, err := r.Layout.Dirs.UserPath(p)
	if err != nil {
		return "", usageError{"--out: " + err.Error()}
	}
	return abs, nil
}

// warn reports a failed best-effort legacy write without failing the command.
func warn(stderr io.Writer, err error) {
	if err != nil {
		fmt.Fprintf(stderr, "px: warning: %v\n", err)
	}
}

// pxTOML is the tasks file init scaffolds.
const pxTOML = `# px tasks: px run NAME runs the command of [tasks.NAME].
[tasks.test]
command = "go test ./..."
`

// initCmd writes px.toml in the working directory, where the user asked
// for it: the command's product, not state px keeps. It never overwrites
// one.
//
//staterootlint:allow-write cwd:px.toml
func initCmd(args []string, stdout, stderr io.Writer) error {
	fs := subFlags("init", stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{"init takes no arguments"}
	}
	f, err := os.OpenFile("px.toml", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("write px.toml: %w", err)
	}
	if _, err := f.WriteString(pxTOML); err != nil {
		f.Close()
		return fmt.Errorf("write px.toml: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write px.toml: %w", err)
	}
	fmt.Fprintln(stdout, "wrote px.toml")
	return nil
}
