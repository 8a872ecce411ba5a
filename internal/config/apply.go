package config

import (
	"flag"
	"fmt"

	"golang.org/x/tools/go/analysis"
)

// Closure returns roots and every analyzer they require, transitively, each
// once: roots first in their order, then the requirements depth-first.
func Closure(roots []*analysis.Analyzer) []*analysis.Analyzer {
	seen := map[*analysis.Analyzer]bool{}
	var out []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		out = append(out, a)
		for _, req := range a.Requires {
			visit(req)
		}
	}
	for _, a := range roots {
		seen[a] = true
		out = append(out, a)
	}
	for _, a := range roots {
		for _, req := range a.Requires {
			visit(req)
		}
	}
	return out
}

// Apply configures the Requires closure of roots: it resets every flag of
// every analyzer in it to its default, then sets each of c's settings on
// every analyzer that declares a flag of that name. A setting no analyzer
// declares is valid and does nothing. It returns the closure.
//
// Analyzers are package-level values whose flags are their configuration,
// so Apply mutates them; the reset makes repeated runs in one process (tests)
// independent of each other.
func (c *Config) Apply(roots []*analysis.Analyzer) ([]*analysis.Analyzer, error) {
	closure := Closure(roots)
	for _, a := range closure {
		var err error
		a.Flags.VisitAll(func(f *flag.Flag) {
			if e := f.Value.Set(f.DefValue); e != nil && err == nil {
				err = fmt.Errorf("reset flag -%s.%s to %q: %w", a.Name, f.Name, f.DefValue, e)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	for _, s := range c.Settings() {
		for _, a := range closure {
			if s.Analyzer != "" && a.Name != s.Analyzer {
				continue
			}
			f := a.Flags.Lookup(s.Flag)
			if f == nil {
				continue
			}
			if err := f.Value.Set(s.Value); err != nil {
				return nil, &Error{Pos: s.Pos, Key: s.Flag, Msg: fmt.Sprintf("analyzer %s rejects %q: %v", a.Name, s.Value, err)}
			}
		}
	}
	return closure, nil
}
