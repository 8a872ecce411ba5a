package main

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"iter"
	"os"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// isVetInvocation reports whether the go command runs the binary as
// go vet -vettool: to describe itself (-V=full), to list its flags
// (-flags), or to analyze one package unit ([flags] path/vet.cfg).
func isVetInvocation(args []string) bool {
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

// runVet speaks go vet's protocol through the suite's own unit driver
// (vetunit.go), or through unitchecker for what that one leaves to it, with the
// configuration file in effect for the unit's package applied to the
// analyzers' flags first, so the file works under go vet too and
// -NAME.flag arguments override it.
//
// Every error is printed on stderr and ends the unit with a non-zero
// status; a configuration error, which every unit meets, is printed in
// full by the first unit only (vetonce.go). go vet itself would otherwise show only the first error of a
// unit's JSON output ("failed prerequisites: rootflow" more often than
// the engine's own message), and would cache the unit as a success.
func runVet(args []string, suite []*analysis.Analyzer, stdout, stderr io.Writer) int {
	if args[0] == "-V=full" {
		id, err := vetBuildID()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitUsage
		}
		// go vet keys its result cache on this line's buildID, so it
		// hashes the configuration files too: editing one invalidates
		// cached results.
		fmt.Fprintf(stdout, "%s version devel config-aware buildID=%s\n", progname, id)
		return exitClean
	}
	closure := config.Closure(suite)
	forFacts := false // a unit go vet runs for its facts only
	if args[0] != "-flags" {
		tuneVetGC(os.Getenv)
		unit, err := readVetUnit(args[len(args)-1])
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitUsage
		}
		forFacts = unit.VetxOnly
		cfg, err := vetConfig(unit)
		if err == nil {
			closure, err = cfg.Apply(suite)
		}
		if err == nil && !unit.VetxOnly {
			// Checked where findings are reported: a dependency (one
			// unit per package of the standard library too) would repeat
			// the message dozens of times. The engine still refuses a bad
			// value in the units it analyzes.
			err = checkVetFlags(args[:len(args)-1], closure)
		}
		if err != nil {
			// Every unit of the run fails on it; one prints it in full.
			return reportVetConfigError(stderr, args[len(args)-1], unit.ImportPath, err)
		}
	}
	roots := driver.Guard(closure)
	if forFacts {
		factsOnly(roots)
	}
	unreadFacts(roots)
	roots = exitOnError(roots, stderr, os.Exit)
	if args[0] != "-flags" {
		if opts, cfg, ok := ownVetDriver(args, roots, os.Getenv); ok {
			return runVetUnit(cfg, opts, closure, roots, stdout, stderr)
		}
		// unitchecker's units (vetunit.go): a standard library
		// dependency needs only its types when the engine models the
		// standard library: -rootflow.analyze-std on the command line
		// decides that, so it is applied first.
		setVetFlags(args[:len(args)-1], closure)
		if vetStd(args[len(args)-1], closure) == nil {
			return exitClean
		}
		// Not such a unit, or its declarations did not type-check:
		// unitchecker runs it whole and reports what fails.
	}
	os.Args = append([]string{os.Args[0]}, args...)
	unitchecker.Main(roots...) // exits
	return exitUsage
}

// factsOnly makes the analyzers of the closure of roots that neither
// have facts nor are required by one that has do nothing, for a unit go
// vet runs for its facts only (VetxOnly). unitchecker runs every analyzer
// that has facts or requires one that has, so the reporting analyzers
// (shadowwrite and the like, built on the engine) would otherwise build
// findings nobody reads on every dependency; the standalone driver does
// not run them on dependencies either; and it tells the engine, by the
// one facts-only signal, that the unit is analyzed for its facts only
// (driver.FactsOnly). Their flags stay registered: go
// vet passes every unit the same flags. A skipped analyzer returns the
// zero value of its result type, as unitchecker checks the type.
func factsOnly(roots []*analysis.Analyzer) {
	driver.FactsOnly(roots) // the engine skips what only they would read
	var facts []*analysis.Analyzer
	for _, a := range config.Closure(roots) {
		if len(a.FactTypes) > 0 {
			facts = append(facts, a)
		}
	}
	needed := map[*analysis.Analyzer]bool{}
	for _, a := range config.Closure(facts) {
		needed[a] = true
	}
	for _, a := range config.Closure(roots) {
		if needed[a] {
			continue
		}
		var zero any
		if a.ResultType != nil {
			zero = reflect.Zero(a.ResultType).Interface()
		}
		a.Run = func(*analysis.Pass) (any, error) { return zero, nil }
	}
}

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

// vetUnit is the part of go vet's unit configuration (vet.cfg) the
// driver reads itself.
type vetUnit struct {
	ID         string // package ID, such as "example.com/app [example.com/app.test]"
	Dir        string // the package's directory
	ImportPath string
	VetxOnly   bool // a dependency analyzed for its facts only
}

func readVetUnit(path string) (vetUnit, error) {
	var u vetUnit
	data, err := os.ReadFile(path)
	if err != nil {
		return u, fmt.Errorf("read vet config: %w", err)
	}
	if err := json.Unmarshal(data, &u); err != nil {
		return u, fmt.Errorf("decode vet config %s: %w", path, err)
	}
	return u, nil
}

// vetConfig loads the configuration file in effect for the unit's package
// (found from its module root; see config.InEffect). For a package that
// is reported, a configuration file between its directory and the module
// root is an error: no driver reads it.
func vetConfig(u vetUnit) (*config.Config, error) {
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

// exitOnError makes the Run of every analyzer in the closure of roots
// print its error, naming the analyzer and the package, and end the
// process: with code 78 for a configuration error (an error with an
// ExitCode method returning 78), else 1. An analyzer that fails under go
// vet must fail the unit, visibly and uncached.
func exitOnError(roots []*analysis.Analyzer, stderr io.Writer, exit func(int)) []*analysis.Analyzer {
	var once sync.Once
	for _, a := range config.Closure(roots) {
		run := a.Run
		name := a.Name
		a.Run = func(pass *analysis.Pass) (any, error) {
			res, err := run(pass)
			if err == nil {
				return res, nil
			}
			once.Do(func() {
				code := 1
				var coded interface{ ExitCode() int }
				if errors.As(err, &coded) && coded.ExitCode() == exitConfig {
					code = exitConfig
				}
				fmt.Fprintf(stderr, "%s: analyzer %s failed on package %s: %v\n", progname, name, pass.Pkg.Path(), err)
				exit(code)
			})
			return nil, err
		}
	}
	return roots
}

// vetBuildID hashes the executable, the driver chosen (vetDriverEnv) and
// every configuration file that can change the results of a vet run
// started in the working directory (see config.CacheKeyFiles): names and
// contents.
func vetBuildID() (string, error) {
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
	fmt.Fprintf(h, "\x00driver %s\x00", os.Getenv(vetDriverEnv))
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
