package rootflow

import (
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
)

// This file is a read-only query over the engine's function summaries
// for `staterootlint init`: which functions look like a program's own
// state-directory resolver, built from the home or config directory and
// an environment override, that the configuration should declare as an
// authority.

// ResolverSources is what a function's path results are built from, as
// far as a resolver of a state directory is concerned.
type ResolverSources struct {
	// Home lists the home and config directory sources
	// ("os.UserHomeDir"), XDG variables included ("$XDG_STATE_HOME").
	Home []string
	// Env lists the environment variables read, XDG ones included.
	Env []string
	// At lists where these origins arose, "file.go:12", sorted.
	At []string
}

// Resolver returns the sources of a function's results (a FuncFact's
// Results) that a state-directory resolver is built from: the home or
// user config directory, XDG base directories and other environment
// variables. ok says the results look like a resolver: a home-like
// source and an environment variable that overrides it, as distinct
// origins. A function that only joins onto the home directory is not
// one: that is an ad hoc root, which is what the analyzers report.
func Resolver(results []Origins) (src ResolverSources, ok bool) {
	var origins int
	for _, v := range results {
		for _, a := range v {
			if a.Kind != Bad {
				continue
			}
			switch env := a.EnvVar(); {
			case a.Cause == CauseHome:
				src.Home = append(src.Home, a.Src)
			case env != "":
				src.Env = append(src.Env, env)
				if strings.HasPrefix(env, "XDG_") {
					src.Home = append(src.Home, "$"+env)
				}
			default:
				continue
			}
			origins++
			if a.At.IsValid() {
				src.At = append(src.At, code.ShortPos(a.At))
			}
		}
	}
	for _, l := range []*[]string{&src.Home, &src.Env, &src.At} {
		slices.Sort(*l)
		*l = slices.Compact(*l)
	}
	return src, len(src.Home) > 0 && len(src.Env) > 0 && origins >= 2
}
