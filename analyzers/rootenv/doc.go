// Package rootenv defines an Analyzer that reports reads of the state-root
// override environment variables outside the authority package.
//
// # Analyzer rootenv
//
// rootenv: report root-env reads outside the authority package
//
// A state root may be overridden through an environment variable such as
// MYAPP_GLOBAL_STATE_ROOT. The authority (the package that declares the
// //staterootlint:authority functions) applies that override with its
// documented precedence and validates it: set but empty, or relative, is a
// configuration error. Code elsewhere that reads the variable itself skips
// the precedence and the validation, and its idea of the root drifts from
// the authority's the day either changes.
//
// The analyzer reports os.Getenv, os.LookupEnv, syscall.Getenv and
// golang.org/x/sys/unix.Getenv of a configured variable (-root-env, a
// comma-separated list) named by a constant, and os.ExpandEnv or os.Expand
// of a constant template that mentions one ($VAR or ${VAR}). The authority
// package is exempt: the one declaring //staterootlint:authority
// functions, or holding one named by -authorities (the configuration's
// authorities key), which the advice then names. Nothing is reported
// until -root-env is set.
//
//	// WRONG: a second, unvalidated reading of the override
//	dir := os.Getenv("MYAPP_GLOBAL_STATE_ROOT")
//	if dir == "" {
//		home, _ := os.UserHomeDir()
//		dir = filepath.Join(home, ".myapp")
//	}
//
//	// RIGHT: the authority applies the override
//	dir, err := stateroots.GlobalStateRoot("myapp")
//	if err != nil {
//		return err
//	}
//
// The authority's package is exempt: one that declares a function with
// //staterootlint:authority, or holds an authority named by -authorities
// (the configuration's authorities key).
//
// Findings in _test.go files are reported only with -tests; -exclude
// skips files by glob; //staterootlint:ignore rootenv REASON or
// //nolint:rootenv on the line or the line above silences one.
package rootenv
