package driver

import (
	"fmt"
	"runtime"
	"strings"
)

// ConfigError is a configuration problem: the configuration does not
// apply to the analyzers, names a function the packages do not have, or
// is not the file go vet would read for the packages. Err says which and
// what to do; it is often a config.Error or config.Errors, with the
// file and line.
type ConfigError struct {
	Err error
	// ReportedBy, under go vet, is the package of another unit of the
	// run that met the same error and reports it in full ("": this unit
	// does); see vetonce.go.
	ReportedBy string
}

func (e *ConfigError) Error() string { return e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// LoadError says the packages could not be loaded: the go command could
// not run (Err), reported errors in the packages or their dependencies
// (Problems), or matched no package (neither).
type LoadError struct {
	Err      error
	Problems []Problem
	Patterns []string // the patterns, and the directory they were matched in
	Dir      string
}

// Problem is one error the go command or the type checker reported.
type Problem struct {
	Pos string // "file:line:col", or "" when the error has no position (a bad pattern, a missing module)
	Msg string
}

func (p Problem) String() string {
	if p.Pos == "" {
		return p.Msg
	}
	return p.Pos + ": " + p.Msg
}

// loadHint closes the report of a LoadError with problems.
const loadHint = "loading the packages failed with the errors above; fix them first (go build shows them too)"

func (e *LoadError) Error() string {
	switch {
	case e.Err != nil:
		return "load packages: " + e.Err.Error()
	case len(e.Problems) > 0:
		var b strings.Builder
		for _, p := range e.Problems {
			b.WriteString(p.String())
			b.WriteString("\n")
		}
		b.WriteString(loadHint)
		return b.String()
	}
	return fmt.Sprintf("no packages matched %s in %s", strings.Join(e.Patterns, " "), e.Dir)
}

func (e *LoadError) Unwrap() error { return e.Err }

// Hint is the sentence that follows the problems in a report: what to do.
func (e *LoadError) Hint() string { return loadHint }

// AnalysisError says analyzers failed on some packages (or the driver
// did, on a package: see InternalError). Problems are sorted, one line
// each, naming the analyzer and the package.
type AnalysisError struct{ Problems []string }

func (e *AnalysisError) Error() string { return strings.Join(e.Problems, "\n") }

// InternalError is a fault of the driver itself, recovered: a bug to
// report, with the package it was analyzing ("" when it was between
// packages) and the faulting line.
type InternalError struct {
	Package string
	Value   any    // what was recovered
	Site    string // " at file:line", or ""
}

func (e *InternalError) Error() string {
	if e.Package == "" {
		return fmt.Sprintf("internal error in the driver: %v%s; please report it", e.Value, e.Site)
	}
	return fmt.Sprintf("internal error analyzing package %s: %v%s; please report it", e.Package, e.Value, e.Site)
}

// fault turns a value recovered from a panic into an InternalError: the
// one place the driver's own faults become errors. Call it from the
// deferred function that recovered.
func fault(pkg string, r any) *InternalError {
	return &InternalError{Package: pkg, Value: r, Site: panicSite(4)}
}

// panicSite returns " at file:line" of the code that panicked; skip is
// the number of frames between runtime.Callers and the deferred recover's
// caller.
func panicSite(skip int) string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(skip, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") && f.File != "" {
			return fmt.Sprintf(" at %s:%d", f.File, f.Line)
		}
		if !more {
			return ""
		}
	}
}
