// Package adhocroot defines an Analyzer that reports state-root-like paths
// built outside the authority package.
//
// # Analyzer adhocroot
//
// adhocroot: report state roots built outside the authority
//
// Every durable path should be derived from a state root that one
// authority resolves: the functions whose doc comment carries
// //staterootlint:authority, such as stateroots.GlobalStateRoot. A path
// built from the home directory or the state-dir name by hand is a second,
// private idea of where state lives: it skips the authority's override
// variable and validation, and it is where shadow state starts.
//
// The analyzer reports the program's own ad-hoc roots, outside the
// authority package (a package that declares an authority function, or
// holds one named by -authorities, is exempt as a whole):
//
//   - filepath.Join, path.Join, string concatenation or fmt.Sprintf
//     ("%s/...") on os.UserHomeDir, os.UserConfigDir, the HomeDir of an
//     os/user.User (which even ignores $HOME), or a read of $HOME,
//     $USERPROFILE, $APPDATA, $LOCALAPPDATA or an $XDG_* variable
//     (os.Getenv, os.LookupEnv, syscall.Getenv), directly or through
//     variables, helpers, fields and other packages (the rootflow
//     engine's provenance; a helper the value came through is named,
//     "through homeDir"), when the path names the program's state dir
//     (-state-dir, such as .myapp, or myapp below a shared base such as
//     ~/.config), read or written, or when it reaches a write the engine
//     finds outside every root in the package: the advice is then that
//     write's, as shadowwrite gives it, so a socket is never told to use
//     a config root;
//   - os.ExpandEnv or os.Expand of a template starting with one of those
//     variables and naming the state dir;
//   - with -state-dir (a comma-separated list), a string literal holding
//     that name as a path segment: ".myapp" and "x/.myapp/y", not
//     ".myappx". A literal with whitespace in it reads as text (help
//     text, "written to $HOME/.myapp/root") and is reported only where
//     it is passed as a path, to a join, a cleaner or a write.
//
// Never reported: another program's file that is only read or probed
// (os.Stat of ~/.aws/credentials, another tool's token file read), a name
// compared (filepath.Base(dir) == ".myapp", a switch case,
// strings.HasPrefix) or used as a map key (a set of directory names a
// walk skips), and the runtime directory $XDG_RUNTIME_DIR (sockets and
// pid files: temporary). A join whose write is on its own line is
// shadowwrite's finding alone. Where the path leaves the package before
// it is written (a helper another package calls), the write is not seen:
// only a join naming the state dir is reported there.
//
// A join that expands a "~" the user wrote is not a root built by hand:
// filepath.Join(home, p[2:]) (or p[1:], strings.TrimPrefix(p, "~/")) where
// p is not a constant and strings.HasPrefix(p, "~...") holds on the way
// there, in the condition of an enclosing if, or in an earlier if that
// leaves when it fails.
//
// Where the fix is known and type-correct it is suggested: a
// `return filepath.Join(home, ".myapp"), nil` in a function returning
// (string, error), in a file that imports stateroots, becomes
// `return stateroots.GlobalStateRoot("myapp")`. No fix is offered where
// the replacement would not compile (a single-result context, a variable
// left unused) rather than offer a wrong one.
//
//	// WRONG: a private copy of the global root
//	home, err := os.UserHomeDir()
//	if err != nil {
//		return "", err
//	}
//	return filepath.Join(home, ".myapp", "locks"), nil
//
//	// RIGHT: the authority resolves the root, with its override
//	root, err := stateroots.GlobalStateRoot("myapp")
//	if err != nil {
//		return "", err
//	}
//	return stateroots.Join(root, "locks")
//
// The authority's package is exempt: one that declares a function with
// //staterootlint:authority, or holds an authority named by -authorities
// (the configuration's authorities key).
//
// Findings in _test.go files are reported only with -tests; -exclude
// skips files by glob; //staterootlint:ignore adhocroot REASON or
// //nolint:adhocroot on the line or the line above silences one.
package adhocroot
