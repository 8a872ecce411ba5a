package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/version"
)

// Exit codes, as the README documents them; CI scripts depend on them.
const (
	exitClean    = 0
	exitFindings = 1
	exitUsage    = 2  // usage, load or internal error
	exitConfig   = 78 // EX_CONFIG
)

const progname = "staterootlint"

// run is the whole program; main only exits with its result.
func run(args []string, stdout, stderr io.Writer) int {
	if driver.IsVetInvocation(args) {
		return runVet(args, analyzers.Linting, stdout, stderr)
	}
	return (&cli{suite: analyzers.All, stdout: stdout, stderr: stderr, cacheDir: driver.DefaultCacheDir()}).main(args)
}

// cli is one invocation of the standalone driver.
type cli struct {
	suite          []*analysis.Analyzer // the analyzers users can enable
	stdout, stderr io.Writer
	// cacheDir is the persistent cache's directory; "" runs without one
	// (tests).
	cacheDir string
	// loadAll runs the go/packages driver (every package in memory)
	// instead of the unit driver: for tests that compare the two.
	loadAll bool
	// stats describes the last run of the driver, for tests.
	stats driver.Stats
}

// command is a subcommand: "staterootlint NAME args...".
type command struct {
	name, args, summary string
	run                 func(c *cli, args []string) int
}

// commands returns the subcommands; each is one line here. (A function,
// not a variable: help's output lists the commands.)
func commands() []command {
	return []command{
		{"help", "[ANALYZER]", "print this help, or an analyzer's documentation", (*cli).help},
		{"inventory", "[packages]", "print what the packages write; --contract FILE checks a document", (*cli).inventory},
		{"init", "[packages]", "propose a " + config.FileName + " from the program's own resolvers", (*cli).init},
		{"explain", "FILE:LINE", "show every origin of the path written at FILE:LINE", (*cli).explain},
		{"version", "", "print the version (as --version)", (*cli).version},
	}
}

// version is the version subcommand: the module version, or the commit a
// clone was built from (internal/version).
func (c *cli) version([]string) int {
	fmt.Fprintln(c.stdout, version.String(progname))
	return exitClean
}

// main runs the subcommand args name, or analyze. Flags may come before
// the subcommand's name ("--config X explain FILE:LINE"): they go to the
// subcommand, as if given after it (help takes none).
func (c *cli) main(args []string) int {
	lead, rest := leadingFlags(args)
	if len(rest) > 0 {
		for _, cmd := range commands() {
			if rest[0] != cmd.name {
				continue
			}
			if cmd.name == "help" {
				lead = nil // help takes no flags
			}
			return cmd.run(c, append(slices.Clone(lead), rest[1:]...))
		}
	}
	return c.analyze(args)
}

// leadingFlags splits args at the first argument that is neither a flag
// nor the value of one (the default command's flags tell which take a
// value). An unknown flag is taken to have none: the subcommand reports it.
func leadingFlags(args []string) (lead, rest []string) {
	var f flags
	fs := newFlagSet(&f)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			return args[:i], args[i:]
		}
		var fl *pflag.Flag // nil for "-Cdir", "--config=X": the value is attached
		if name, long := strings.CutPrefix(a, "--"); long {
			fl = fs.Lookup(name)
		} else if len(a) == 2 {
			fl = fs.ShorthandLookup(a[1:])
		}
		if fl != nil && fl.NoOptDefVal == "" {
			i++ // the next argument is the flag's value
		}
	}
	return args, nil
}

// flags holds the standalone driver's command line.
type flags struct {
	dir         string
	configPath  string
	authorities []string
	sinks       []string
	format      formatValue
	fix         fixValue
	diff        bool
	verbose     bool
	tests       bool
	unproven    bool // --report-unproven
	tags        string
	enable      []string
	disable     []string
	noCache     bool
	quiet       bool
	version     bool
	help        bool

	baseline, writeBaseline string // baseline.go
}

// flagGroups orders the flags in --help.
var flagGroups = []struct {
	title string
	names []string
}{
	{"Configuration", []string{"config", "authority", "sink", "tests", "report-unproven", "tags"}},
	{"Selection", []string{"enable", "disable"}},
	{"Output", []string{"format", "verbose", "fix", "diff", "baseline", "write-baseline"}},
	{"General", []string{"chdir", "no-cache", "quiet", "version", "help"}},
}

func newFlagSet(f *flags) *pflag.FlagSet {
	fs := pflag.NewFlagSet(progname, pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard) // errors and help are printed by cli
	fs.Usage = func() {}
	f.format = "text"
	f.registerCommon(fs)
	fs.BoolVar(&f.unproven, "report-unproven", false, "also report the writes the analysis cannot follow, as the unproven analyzer (config key report-unproven)")
	fs.StringSliceVar(&f.enable, "enable", nil, "run only the analyzer `NAME` (repeatable or comma-separated)")
	fs.StringSliceVar(&f.disable, "disable", nil, "do not run the analyzer `NAME` (repeatable or comma-separated)")
	fs.Var(&f.format, "format", "print findings as `text|json|sarif`; json and sarif (code scanning) are for CI")
	fs.BoolVarP(&f.verbose, "verbose", "v", false, "text format: print below each finding the chain from where its path starts to the write")
	fs.Var(&f.fix, "fix", "apply the suggested fixes that move writes under the program's authority, then type-check and revert any that breaks the build; --fix=declare also declares the fixed names commands write where they run (allow-write cwd:NAME)")
	fs.Lookup("fix").NoOptDefVal = "true"
	fs.BoolVar(&f.diff, "diff", false, "print the fixes --fix would apply as a unified diff and change no file (with --fix=declare, the declarations too)")
	fs.StringVar(&f.baseline, "baseline", "", "report only the findings not recorded in the baseline `FILE`, and list its entries that no longer match")
	fs.StringVar(&f.writeBaseline, "write-baseline", "", "record every current finding in the baseline `FILE` and exit 0")
	fs.BoolVar(&f.version, "version", false, "print the version and exit")
	fs.BoolVarP(&f.help, "help", "h", false, "print this help and exit")
	return fs
}

// commonFlags are the flags every subcommand that analyzes declares, by
// registerCommon: what newRequest reads.
var commonFlags = []string{"config", "authority", "sink", "tests", "tags", "chdir", "no-cache", "quiet"}

// registerCommon declares on fs the flags every subcommand that analyzes
// shares (commonFlags), bound to f: where to run, which configuration,
// which files. A subcommand adds its own around them.
func (f *flags) registerCommon(fs *pflag.FlagSet) {
	fs.StringVar(&f.configPath, "config", "", "read the configuration from `PATH` instead of the "+config.FileName+" found by walking up from the working directory")
	fs.StringArrayVar(&f.authorities, "authority", nil, "add a state-root authority: `FUNC` such as pkg/path.Func, (*pkg/path.T).Method or pkg/path.Var, optionally =KIND (repeatable)")
	fs.StringArrayVar(&f.sinks, "sink", nil, "add a write sink as `FUNC#N`, N being the index of its path parameter (repeatable)")
	fs.BoolVar(&f.tests, "tests", false, "analyze _test.go files too (config key tests)")
	fs.StringVar(&f.tags, "tags", "", "comma-separated build `TAGS` to consider satisfied, as go build -tags (GOFLAGS=-tags=... works too)")
	fs.StringVarP(&f.dir, "chdir", "C", "", "run as if started in `DIR` (like go -C)")
	addRunFlags(fs, f)
}

// addRunFlags adds the flags about how a run goes, shared by the
// commands that analyze.
func addRunFlags(fs *pflag.FlagSet, f *flags) {
	fs.BoolVar(&f.noCache, "no-cache", false, "analyze every package, neither reading nor writing the cache (under the user cache directory)")
	fs.BoolVar(&f.quiet, "quiet", false, "show no progress on stderr (shown only when stderr is a terminal)")
}

// formatValue is the --format flag: one of formats.
type formatValue string

var formats = []string{"text", "json", "sarif"}

func (v *formatValue) String() string { return string(*v) }
func (v *formatValue) Type() string   { return "format" }
func (v *formatValue) Set(s string) error {
	if !slices.Contains(formats, s) {
		return fmt.Errorf("valid: %s", strings.Join(formats, ", "))
	}
	*v = formatValue(s)
	return nil
}

// fixValue is the --fix flag: "true" (--fix), "declare" (--fix=declare)
// or "false"/"" (off). It shows in --help as a boolean flag.
type fixValue string

var fixModes = []string{"true", "false", "declare"}

func (v *fixValue) String() string { return string(*v) }
func (v *fixValue) Type() string   { return "bool" }
func (v *fixValue) Set(s string) error {
	if !slices.Contains(fixModes, s) {
		return fmt.Errorf("valid: --fix, --fix=declare")
	}
	*v = fixValue(s)
	return nil
}

func (c *cli) usageError(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "%s: %s\nRun '%s --help' for usage.\n", progname, fmt.Sprintf(format, args...), progname)
	return exitUsage
}

// analyze is the default command: staterootlint [flags] [packages].
func (c *cli) analyze(args []string) int {
	var f flags
	fs := newFlagSet(&f)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			c.printHelp(fs)
			return exitClean
		}
		return c.usageError("%v", err)
	}
	switch {
	case f.help:
		c.printHelp(fs)
		return exitClean
	case f.version:
		return c.version(nil)
	}

	roots, err := c.selectAnalyzers(f.enable, f.disable)
	if err != nil {
		return c.usageError("%v", err)
	}

	req, code := c.newRequest(f, fs.Args(), analyzers.Linters(roots))
	if code != exitClean {
		return code
	}
	req.format, req.verbose = string(f.format), f.verbose
	req.fix, req.declare, req.diff = f.fix != "" && f.fix != "false", f.fix == "declare", f.diff
	req.baseline, req.writeBaseline = userPath(f.dir, f.baseline), userPath(f.dir, f.writeBaseline)
	req.noConfig = req.cfg.Source == ""
	return c.check(req)
}

// newRequest resolves what every analyzing subcommand shares: the working
// directory, the -C directory, the configuration and the package
// patterns (default ./...). A non-zero code is the exit code.
func (c *cli) newRequest(f flags, patterns []string, roots []*analysis.Analyzer) (checkRequest, int) {
	cwd, err := os.Getwd()
	if err != nil {
		return checkRequest{}, c.usageError("%v", err)
	}
	dir := cwd
	if f.dir != "" {
		dir = absFrom(cwd, f.dir)
		switch fi, err := os.Stat(dir); {
		case errors.Is(err, fs.ErrNotExist):
			return checkRequest{}, c.usageError("-C %s: no such directory", f.dir)
		case err != nil:
			return checkRequest{}, c.usageError("-C %s: %v", f.dir, err)
		case !fi.IsDir():
			return checkRequest{}, c.usageError("-C %s: not a directory", f.dir)
		}
	}
	cfg, err := loadConfig(dir, f)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return checkRequest{}, exitConfig
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	var buildFlags []string
	if f.tags != "" {
		buildFlags = []string{"-tags=" + f.tags}
	}
	return checkRequest{cwd: cwd, dir: dir, patterns: patterns, cfg: cfg, explicitConfig: f.configPath != "", buildFlags: buildFlags, roots: roots,
		cacheDir: c.cacheDir, noCache: f.noCache, quiet: f.quiet}, exitClean
}

// loadConfig reads the configuration file (--config, else the one found
// from dir) and adds the command line's settings to it.
func loadConfig(dir string, f flags) (*config.Config, error) {
	var cfg *config.Config
	var err error
	if f.configPath != "" {
		cfg, err = config.Load(absFrom(dir, f.configPath))
	} else {
		cfg, err = config.Discover(dir)
	}
	if err != nil {
		return nil, err
	}
	for _, a := range f.authorities {
		if err := cfg.AddAuthority(a, "--authority"); err != nil {
			return nil, err
		}
	}
	for _, s := range f.sinks {
		if err := cfg.AddSink(s, "--sink"); err != nil {
			return nil, err
		}
	}
	on := true
	if f.tests {
		cfg.Tests = &on
	}
	if f.unproven {
		cfg.ReportUnproven = &on
	}
	return cfg, nil
}

func absFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// selectAnalyzers applies --enable and --disable to the suite.
func (c *cli) selectAnalyzers(enable, disable []string) ([]*analysis.Analyzer, error) {
	byName := map[string]*analysis.Analyzer{}
	var names []string
	for _, a := range c.suite {
		byName[a.Name] = a
		names = append(names, a.Name)
	}
	slices.Sort(names)
	check := func(list []string, flag string) error {
		for _, n := range list {
			if byName[n] == nil {
				return fmt.Errorf("unknown analyzer %q in --%s; valid: %s", n, flag, validList(names))
			}
		}
		return nil
	}
	if err := check(enable, "enable"); err != nil {
		return nil, err
	}
	if err := check(disable, "disable"); err != nil {
		return nil, err
	}
	var out []*analysis.Analyzer
	for _, a := range c.suite {
		if (len(enable) == 0 || slices.Contains(enable, a.Name)) && !slices.Contains(disable, a.Name) {
			out = append(out, a)
		}
	}
	if len(out) == 0 && len(c.suite) > 0 {
		return nil, errors.New("--enable and --disable leave no analyzer to run")
	}
	return out, nil
}

// help is the help subcommand.
func (c *cli) help(args []string) int {
	if len(args) == 0 {
		var f flags
		c.printHelp(newFlagSet(&f))
		return exitClean
	}
	if len(args) > 1 {
		return c.usageError("help takes at most one analyzer name, got %d arguments", len(args))
	}
	var names []string
	for _, a := range config.Closure(c.suite) {
		if a.Name == args[0] {
			c.printAnalyzerDoc(a)
			return exitClean
		}
		names = append(names, a.Name)
	}
	slices.Sort(names)
	return c.usageError("unknown analyzer %q in help; valid: %s", args[0], validList(names))
}

func (c *cli) printAnalyzerDoc(a *analysis.Analyzer) {
	w := c.stdout
	fmt.Fprintf(w, "%s\n", strings.TrimSpace(a.Doc))
	var b strings.Builder
	a.Flags.SetOutput(&b)
	a.Flags.PrintDefaults()
	if b.Len() > 0 {
		fmt.Fprintf(w, "\nFlags (set by the config file, or -%s.NAME under go vet):\n%s", a.Name, b.String())
	}
}

// title returns the first line of an analyzer's Doc.
func title(a *analysis.Analyzer) string {
	t, _, _ := strings.Cut(strings.TrimSpace(a.Doc), "\n")
	return t
}

func (c *cli) printHelp(fs *pflag.FlagSet) {
	w := c.stdout
	fmt.Fprintf(w, `%[1]s reports filesystem writes whose paths are not derived from a
canonical state root (see the README's "no shadow state" contract).

Usage:
  %-36[2]s analyze the packages (default ./...)
`, progname, progname+" [flags] [packages]")
	for _, cmd := range commands() {
		fmt.Fprintf(w, "  %-36s %s\n", progname+" "+cmd.name+" "+cmd.args, cmd.summary)
	}
	fmt.Fprintf(w, "  %-36s run as go vet's analysis tool\n", "go vet -vettool=PATH [packages]")
	for _, g := range flagGroups {
		group := pflag.NewFlagSet(g.title, pflag.ContinueOnError)
		group.SortFlags = false
		for _, n := range g.names {
			group.AddFlag(fs.Lookup(n))
		}
		fmt.Fprintf(w, "\n%s:\n%s", g.title, group.FlagUsagesWrapped(80))
	}
	if len(c.suite) > 0 {
		fmt.Fprintf(w, "\nAnalyzers (details: %s help NAME):\n", progname)
		for _, a := range c.suite {
			fmt.Fprintf(w, "  %-14s%s\n", a.Name, strings.TrimPrefix(title(a), a.Name+": "))
		}
	}
	fmt.Fprintf(w, `
Configuration is read from %[2]s, found by walking up from the
working directory (or --config). Keys:
  %[3]s.

Exit codes: 0 clean, 1 findings, 2 usage or load error, 78 configuration error.

Examples:
  %[1]s ./...
  %[1]s -C examples ./...
  %[1]s --format sarif ./... > staterootlint.sarif
  %[1]s --authority 'example.com/app/paths.ConfigDir' --tests ./...
  %[1]s --enable shadowwrite --fix ./internal/...
  %[1]s --diff ./...
  go vet -vettool=$(command -v %[1]s) -rootflow.allow-temp=false ./...
`, progname, config.FileName, strings.Join(config.Keys, ", "))
}

func validList(names []string) string {
	if len(names) == 0 {
		return "none (this build has no analyzers)"
	}
	return strings.Join(names, ", ")
}
