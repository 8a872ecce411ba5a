package rootflow

import (
	"flag"
	"fmt"

	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// Flag names of the engine. The config file keys, the CLI flags, go vet's
// -rootflow.NAME flags and the golangci-lint settings all map onto these.
const (
	FlagAuthorities = flagname.Authorities
	FlagSinks       = flagname.Sinks
	FlagRootEnv     = flagname.RootEnv
	FlagUserEnv     = flagname.UserEnv
	FlagAllowTemp   = flagname.AllowTemp
	FlagAllowCache  = flagname.AllowCache
	FlagAllowUser   = flagname.AllowUser
	FlagAnalyzeStd  = flagname.AnalyzeStd
	FlagAllowWrite  = flagname.AllowWrite
	FlagStateDir    = flagname.StateDir
	FlagTests       = flagname.Tests
)

// Config is the engine's configuration. The zero value knows only the
// built-in sinks and the //staterootlint:authority directive, and reports
// temp, cache and user-chosen paths; DefaultConfig allows them.
type Config struct {
	// Authorities are extra authorities: functions ("pkg.F"), methods
	// ("(*pkg.T).M", "(pkg.I).M" for interface methods) and package
	// variables ("pkg.V") whose values are state roots. An optional
	// "=KIND" suffix names the root kind (default "state").
	Authorities flagvalue.List
	// Sinks are extra write sinks, "pkg.F#N" or "(*pkg.T).M#N", where N is
	// the index of the path parameter (receiver not counted).
	Sinks flagvalue.List
	// RootEnv are the sanctioned root-override environment variables; their
	// values count as global state roots.
	RootEnv flagvalue.List
	// UserEnv are environment variables whose values the user chose, as
	// on the command line (a tool's default options, FZF_DEFAULT_OPTS):
	// their values, and the data of a file one of them names, are
	// user-chosen.
	UserEnv flagvalue.List
	// AllowTemp, AllowCache and AllowUser allow writes under temp dirs,
	// cache dirs and user-chosen paths (flags, os.Args).
	AllowTemp, AllowCache, AllowUser bool
	// AllowWrite are the configured allowances, "FUNC=PATTERN" (FUNC a
	// types.Func.FullName, or "*" for the whole program): writes reached
	// from FUNC in its package that PATTERN (cwd:app.toml, project:x.lock)
	// matches are declared, not findings (allowances.go). The directive
	// //staterootlint:allow-write declares the same on a function.
	AllowWrite flagvalue.List
	// StateDir lists the program's state directory names (.myapp). Below
	// a shared base (an authority declared =KIND:base, such as
	// $XDG_CONFIG_HOME), the program's root is the name without its
	// leading dot (BASE/myapp).
	StateDir flagvalue.List
	// AnalyzeStd analyzes standard library packages too. Off, they are
	// modelled by the engine's tables and cost nothing as dependencies;
	// the CLI turns it on when it is asked to analyze the standard library.
	AnalyzeStd bool
	// Tests analyzes the functions declared in _test.go files. Off (the
	// default, as the configuration's tests key), a package's test
	// variant, which go vet and golangci-lint analyze beside the package,
	// is analyzed as if its tests were not there: their writes, calls and
	// stores add nothing, so every driver finds what the standalone CLI,
	// which does not load test variants then, finds.
	Tests bool

	// rulesOff switches idiom rules off by name (hooks.go). It is for
	// tests that run a rule on and off on a snippet; no flag sets it.
	rulesOff map[string]bool
	// rulesExtra are rules added after the registered ones, for the
	// registry test's example rule; no flag sets it.
	rulesExtra []hook.Rule
}

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config {
	return Config{AllowTemp: true, AllowCache: true, AllowUser: true}
}

// register binds cfg's fields to fs.
func (cfg *Config) register(fs *flag.FlagSet) {
	fs.Var(&cfg.Authorities, FlagAuthorities, "comma-separated extra authorities: `pkg.Func`, (*pkg.T).Method, pkg.Var, optionally =KIND")
	fs.Var(&cfg.Sinks, FlagSinks, "comma-separated extra write sinks as `pkg.Func#N` (N: path parameter index)")
	fs.Var(&cfg.RootEnv, FlagRootEnv, "comma-separated root-override environment `variables` whose values are state roots")
	fs.Var(&cfg.UserEnv, FlagUserEnv, "comma-separated environment `variables` whose values the user chose, as options on the command line")
	fs.Var(&cfg.StateDir, FlagStateDir, "comma-separated state directory `names` (such as .myapp): below a shared base (=KIND:base) the root is the name without its dot")
	fs.Var(&cfg.AllowWrite, FlagAllowWrite, "comma-separated allowances `FUNC=PATTERN`: writes reached from FUNC (* for the whole program) that PATTERN (cwd:app.toml) matches are declared")
	fs.BoolVar(&cfg.AllowTemp, FlagAllowTemp, cfg.AllowTemp, "allow writes under temp directories")
	fs.BoolVar(&cfg.AllowCache, FlagAllowCache, cfg.AllowCache, "allow writes under cache directories")
	fs.BoolVar(&cfg.AllowUser, FlagAllowUser, cfg.AllowUser, "allow writes to user-chosen paths (flags, os.Args)")
	fs.BoolVar(&cfg.AnalyzeStd, FlagAnalyzeStd, cfg.AnalyzeStd, "analyze standard library packages too (they are modelled by tables otherwise)")
	fs.BoolVar(&cfg.Tests, FlagTests, cfg.Tests, "analyze the functions of _test.go files (off: a test variant is analyzed without them)")
}

// ConfigError is an invalid engine flag value: exit code 78 (EX_CONFIG)
// in the drivers that map errors to exit codes.
type ConfigError struct {
	Flag  string // the flag, such as "sinks"
	Entry string // the offending list entry
	Msg   string // what is wrong
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("rootflow: invalid -%s entry %q: %s", e.Flag, e.Entry, e.Msg)
}

// ExitCode returns 78 (EX_CONFIG).
func (e *ConfigError) ExitCode() int { return 78 }

// The words after an authority's kind (//staterootlint:authority global
// file, =global:base).
const (
	// AuthorityFile says the authority's result names a file inside the
	// root, not the root itself.
	AuthorityFile = "file"
	// AuthorityBase says the authority's result is a base many programs
	// share ($XDG_CONFIG_HOME, ~/.config): the program's root is the
	// state-dir name below it, without its leading dot.
	AuthorityBase = "base"
)

// Allowed reports whether a write to the concrete origin a is allowed by
// cfg.
func (cfg *Config) Allowed(a Origin) bool {
	switch a.Kind {
	case Rooted:
		return !a.InProject() // the user's project: only declared entries (rules/projectdir.go)
	case DevNull, Empty:
		return true
	case Temp:
		return cfg.AllowTemp
	case Cache:
		return cfg.AllowCache
	case User:
		return cfg.AllowUser
	}
	return a.InferredSibling()
}
