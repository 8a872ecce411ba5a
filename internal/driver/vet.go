package driver

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"iter"
	"os"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/config"
)

// The go vet unit driver: go vet -vettool runs the tool once per package
// unit, with the unit's configuration (vet.cfg). OpenVetUnit prepares the
// analyzers for the unit; VetUnit.Run answers it with the suite's own
// unit driver (vetunit.go, vetunitfacts.go), or writes a modelled
// standard library unit's types (vetstd.go), or says the unit is
// unitchecker's (ErrVetHandoff). The command prints the report and, for
// a handed-off unit, calls unitchecker.Main, which prints and exits.

// IsVetInvocation reports whether the go command runs the binary as
// go vet -vettool: to describe itself (-V=full), to list its flags
// (-flags), or to analyze one package unit ([flags] path/vet.cfg).
func IsVetInvocation(args []string) bool {
	if len(args) == 1 && (args[0] == "-V=full" || args[0] == "-flags") {
		return true
	}
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}

// VetOptions say what one go vet invocation of the tool runs.
type VetOptions struct {
	// Args are the tool's arguments as go vet passes them: [flags]
	// path/vet.cfg, or -flags (-V=full is VetBuildID's).
	Args []string
	// Suite are the analyzers the tool offers.
	Suite  []*analysis.Analyzer
	Getenv func(string) string // os.Getenv, or a test's
	// Fail is called once, with the first error an analyzer returns on
	// the unit, from the goroutine that ran it, and must end the
	// process: an analyzer that fails under go vet must fail the unit,
	// visibly and uncached. go vet itself would otherwise show only the
	// first error of a unit's JSON output ("failed prerequisites:
	// rootflow" more often than the engine's own message), and would
	// cache the unit as a success.
	Fail func(analyzer, pkg string, err error)
	// Warn receives what unitchecker prints while it analyzes: the
	// invalid suggested fixes it drops from a finding (nil: none).
	Warn func(err error)
}

// VetUnit is one invocation of the tool by go vet, its analyzers
// configured for the unit.
type VetUnit struct {
	cfg     *vetUnitConfig       // nil for -flags
	flags   []string             // the -NAME.FLAG arguments before vet.cfg
	closure []*analysis.Analyzer // the suite's closure, configured
	roots   []*analysis.Analyzer // its guarded copies, what runs
	own     bool                 // the suite's own unit driver answers (vetunit.go)
	opts    vetUnitOptions
	warn    func(error)
}

// ErrVetHandoff says the unit is left to unitchecker: the caller runs
// unitchecker.Main with VetUnit.Analyzers and the tool's arguments.
var ErrVetHandoff = errors.New("the unit is left to unitchecker")

// OpenVetUnit reads the unit's configuration (vet.cfg) and applies the
// configuration file in effect for its package to the analyzers' flags,
// so the file works under go vet too and -NAME.FLAG arguments override
// it; it prepares the analyzers for the unit (a unit go vet runs for its
// facts only runs only what facts need; a package nobody imports exports
// none; an analyzer's error calls opts.Fail).
//
// A configuration error, which every unit of the run meets, is a
// *ConfigError whose ReportedBy names the unit that reports it in full,
// if another did (vetonce.go). Any other error says the unit's vet.cfg
// could not be read.
func OpenVetUnit(opts VetOptions) (*VetUnit, error) {
	args := opts.Args
	u := &VetUnit{flags: args[:len(args)-1], warn: opts.Warn, closure: config.Closure(opts.Suite)}
	if args[0] != "-flags" {
		path := args[len(args)-1]
		cfg, err := readVetUnitConfig(path)
		if err != nil {
			return nil, err
		}
		u.cfg = cfg
		file, err := cfg.configFile()
		if err == nil {
			u.closure, err = file.Apply(opts.Suite)
		}
		if err == nil && !cfg.VetxOnly {
			// Checked where findings are reported: a dependency (one
			// unit per package of the standard library too) would repeat
			// the message dozens of times. The engine still refuses a bad
			// value in the units it analyzes.
			err = checkVetFlags(u.flags, u.closure)
		}
		if err != nil {
			// Every unit of the run fails on it; one reports it in full.
			cerr := &ConfigError{Err: err}
			if first, claimed := ClaimVetError(path, cfg.ImportPath, err.Error()); !claimed {
				cerr.ReportedBy = first
			}
			return nil, cerr
		}
	}
	u.roots = Guard(u.closure)
	if u.cfg != nil && u.cfg.VetxOnly {
		factsOnly(u.roots)
	}
	unreadFacts(u.roots)
	failFast(u.roots, opts.Fail)
	if u.cfg != nil {
		u.opts, u.own = ownVetDriver(args, u.roots, u.cfg, opts.Getenv)
	}
	return u, nil
}

// Analyzers returns the unit's analyzers, as unitchecker.Main takes them.
func (u *VetUnit) Analyzers() []*analysis.Analyzer { return u.roots }

// Stdout names the file the unit's standard output goes to when the
// own unit driver answers it ("": the process's own): go vet reads the
// -json output there. The caller creates it before Run.
func (u *VetUnit) Stdout() string {
	if !u.own {
		return ""
	}
	return u.cfg.Stdout
}

// Run answers the unit and writes its vetx file. The report is nil when
// there is nothing to print: a unit analyzed for its facts only, or a
// standard library unit answered with its types (vetstd.go). Errors are
// ErrVetHandoff, or *VetError for a unit that fails.
func (u *VetUnit) Run() (*VetReport, error) {
	if u.cfg == nil {
		return nil, ErrVetHandoff // -flags: unitchecker lists them
	}
	if u.own {
		return u.runOwn()
	}
	// unitchecker's units: a standard library dependency needs only its
	// types when the engine models the standard library:
	// -rootflow.analyze-std on the command line decides that, so it is
	// applied first.
	setVetFlags(u.flags, u.closure)
	if vetStd(u.cfg, u.closure) == nil {
		return nil, nil
	}
	// Not such a unit, or its declarations did not type-check:
	// unitchecker runs it whole and reports what fails.
	return nil, ErrVetHandoff
}

// VetError is a go vet unit that failed, with unitchecker's exit status 1.
type VetError struct {
	Err error
	// Silent: unitchecker prints nothing for it (a unit analyzed for its
	// facts only; go vet then reports the unit's importers).
	Silent bool
	// Source: the package does not parse or type-check, and Err says so
	// as the go command does, to be printed without the tool's name.
	Source bool
}

func (e *VetError) Error() string { return e.Err.Error() }
func (e *VetError) Unwrap() error { return e.Err }

// unreadFacts makes the analyzers with facts export none for a package
// no other package imports: a command (package main) or an external test
// package (path "p_test"). go vet writes every unit's facts, with those
// of everything below it, and nothing reads these (task v3.53.1's
// external test package alone wrote 2.2 MB of them).
func unreadFacts(roots []*analysis.Analyzer) {
	for _, a := range config.Closure(roots) {
		if len(a.FactTypes) == 0 {
			continue
		}
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "main" || strings.HasSuffix(pass.Pkg.Path(), "_test") {
				pass.ExportObjectFact = func(types.Object, analysis.Fact) {}
				pass.ExportPackageFact = func(analysis.Fact) {}
			}
			return run(pass)
		}
	}
}

// failFast makes the Run of every analyzer in the closure of roots call
// fail with the analyzer's name, the package and its error, for the
// first error only (see VetOptions.Fail).
func failFast(roots []*analysis.Analyzer, fail func(analyzer, pkg string, err error)) {
	if fail == nil {
		return
	}
	var once sync.Once
	for _, a := range config.Closure(roots) {
		run := a.Run
		name := a.Name
		a.Run = func(pass *analysis.Pass) (any, error) {
			res, err := run(pass)
			if err == nil {
				return res, nil
			}
			once.Do(func() { fail(name, pass.Pkg.Path(), err) })
			return nil, err
		}
	}
}

// configFile loads the configuration file in effect for the unit's
// package (found from its module root; see config.InEffect). For a
// package that is reported, a configuration file between its directory
// and the module root is an error: no driver reads it.
func (u *vetUnitConfig) configFile() (*config.Config, error) {
	path, err := config.InEffect(u.Dir)
	if err != nil {
		return nil, err
	}
	if !u.VetxOnly {
		strays, err := config.Strays(u.Dir)
		if err != nil {
			return nil, err
		}
		if len(strays) > 0 {
			var errs config.Errors
			for _, s := range strays {
				errs = append(errs, config.StrayError(s, path))
			}
			return nil, errs
		}
	}
	if path == "" {
		return &config.Config{}, nil
	}
	return config.Load(path)
}

// checkVetFlags checks the -ANALYZER.FLAG arguments of a vet run against
// the rules of the configuration keys they correspond to, so a bad value
// is reported with the reason the CLI would give before any package is
// analyzed. Flags unitchecker owns (-json, -c, ...) and values it cannot
// parse are left to it: it reports those itself.
func checkVetFlags(args []string, closure []*analysis.Analyzer) error {
	var errs config.Errors
	for a := range vetFlags(args, closure) {
		if a.bareBool {
			continue // nothing to check
		}
		if err := config.CheckFlag(a.flag.Name, a.value); err != nil {
			errs = append(errs, &config.Error{Pos: config.Pos{Flag: "-" + a.name}, Key: a.flag.Name, Msg: err.Error()})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// setVetFlags sets the -ANALYZER.FLAG[=VALUE] arguments of a vet run on
// the analyzers of closure, as unitchecker will, so the driver can read
// them before it hands the unit over. Values that do not parse are left
// for unitchecker to report.
func setVetFlags(args []string, closure []*analysis.Analyzer) {
	for a := range vetFlags(args, closure) {
		_ = a.flag.Value.Set(a.value)
	}
}

// vetFlagArg is one -ANALYZER.FLAG[=VALUE] argument of a vet run.
type vetFlagArg struct {
	name     string     // "ANALYZER.FLAG"
	flag     *flag.Flag // the analyzer's flag
	value    string     // its value; "true" for a bare boolean flag
	bareBool bool       // a boolean flag given without a value
}

// vetFlags yields the arguments of a vet run that name a flag of an
// analyzer of closure. A non-boolean flag without "=" takes the next
// argument as its value, and is left out when it is the last.
func vetFlags(args []string, closure []*analysis.Analyzer) iter.Seq[vetFlagArg] {
	byName := map[string]*analysis.Analyzer{}
	for _, a := range closure {
		byName[a.Name] = a
	}
	return func(yield func(vetFlagArg) bool) {
		for i := 0; i < len(args); i++ {
			name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
			analyzer, flagName, ok := strings.Cut(name, ".")
			if !ok || byName[analyzer] == nil {
				continue
			}
			f := byName[analyzer].Flags.Lookup(flagName)
			if f == nil {
				continue
			}
			bare := false
			if !hasValue {
				if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
					value, bare = "true", true
				} else if i+1 < len(args) {
					i++
					value = args[i]
				} else {
					continue
				}
			}
			if !yield(vetFlagArg{name: name, flag: f, value: value, bareBool: bare}) {
				return
			}
		}
	}
}

// VetBuildID returns what -V=full says after "buildID=": go vet keys its
// result cache on it. It hashes the executable, the driver chosen
// (VetDriverEnv) and every configuration file that can change the
// results of a vet run started in the working directory (see
// config.CacheKeyFiles): names and contents, so editing one invalidates
// cached results.
func VetBuildID() (string, error) {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("describe executable: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("describe executable: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("describe executable: %w", err)
	}
	// The two drivers' vetx files differ: results of one must not be
	// served to the other.
	fmt.Fprintf(h, "\x00driver %s\x00", os.Getenv(VetDriverEnv))
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("describe configuration: %w", err)
	}
	files, err := config.CacheKeyFiles(wd)
	if err != nil {
		return "", err
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return "", fmt.Errorf("read %s: %w", path, err)
		}
		fmt.Fprintf(h, "\x00config %s %d\x00", path, len(data))
		h.Write(data)
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}
