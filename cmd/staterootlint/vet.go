package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/staterootlint/staterootlint/internal/driver"
)

// runVet answers go vet -vettool through the driver's go vet unit
// driver (internal/driver, vet*.go) and prints what it reports as
// unitchecker does (vetunitout.go); a unit the driver leaves to
// unitchecker is run by unitchecker.Main, which prints and exits itself.
//
// Every error is printed on stderr and ends the unit with a non-zero
// status; a configuration error, which every unit meets, is printed in
// full by the first unit only.
func runVet(args []string, suite []*analysis.Analyzer, stdout, stderr io.Writer) int {
	if args[0] == "-V=full" {
		id, err := driver.VetBuildID()
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
	if args[0] != "-flags" {
		driver.TuneVetGC(os.Getenv)
	}
	// unitchecker's log prefix, for what it would print itself.
	logPrefix := filepath.Base(os.Args[0]) + ": "
	unit, err := driver.OpenVetUnit(driver.VetOptions{
		Args:   args,
		Suite:  suite,
		Getenv: os.Getenv,
		Fail:   vetFail(stderr, os.Exit),
		Warn:   func(err error) { fmt.Fprintf(stderr, "%s%v\n", logPrefix, err) },
	})
	if cerr := (*driver.ConfigError)(nil); errors.As(err, &cerr) {
		return reportVetConfigError(stderr, cerr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname, err)
		return exitUsage
	}
	if name := unit.Stdout(); name != "" {
		//staterootlint:ignore unproven the go command names the unit's stdout file in its configuration, in its work directory
		f, err := os.Create(name)
		if err != nil {
			fmt.Fprintf(stderr, "%s%v\n", logPrefix, err)
			return 1
		}
		defer f.Close()
		stdout = f
	}
	//staterootlint:ignore unproven the go command names the unit's facts file in its configuration, in its own build cache
	report, err := unit.Run()
	if errors.Is(err, driver.ErrVetHandoff) {
		os.Args = append([]string{os.Args[0]}, args...)
		unitchecker.Main(unit.Analyzers()...) // exits
		return exitUsage
	}
	if verr := (*driver.VetError)(nil); errors.As(err, &verr) {
		switch {
		case verr.Silent:
		case verr.Source:
			fmt.Fprintln(stderr, verr.Err)
		default:
			fmt.Fprintf(stderr, "%s%v\n", logPrefix, verr.Err)
		}
		return 1
	}
	if report == nil {
		return exitClean
	}
	return printVetReport(report, stdout, stderr, logPrefix)
}

// vetFail is the driver's VetOptions.Fail: it prints an analyzer's error,
// naming the analyzer and the package, and ends the process with code 78
// for a configuration error (an error with an ExitCode method returning
// 78), else 1. An analyzer that fails under go vet must fail the unit,
// visibly and uncached.
func vetFail(stderr io.Writer, exit func(int)) func(analyzer, pkg string, err error) {
	return func(analyzer, pkg string, err error) {
		code := 1
		var coded interface{ ExitCode() int }
		if errors.As(err, &coded) && coded.ExitCode() == exitConfig {
			code = exitConfig
		}
		fmt.Fprintf(stderr, "%s: analyzer %s failed on package %s: %v\n", progname, analyzer, pkg, err)
		exit(code)
	}
}

// reportVetConfigError prints a unit's configuration error on stderr, in
// full unless another unit of the go vet run reports it (ReportedBy),
// else as one line naming that unit, and returns exitConfig.
func reportVetConfigError(stderr io.Writer, err *driver.ConfigError) int {
	if err.ReportedBy != "" {
		fmt.Fprintf(stderr, "%s: not analyzed: the configuration error is printed once, for package %s\n", progname, err.ReportedBy)
		return exitConfig
	}
	fmt.Fprintf(stderr, "%s: %s\n", progname, err.Err.Error())
	return exitConfig
}
