// Package rules holds the rootflow engine's idiom rules, one file each:
// a type that implements one or more hooks of package hook, with a doc
// comment that says what it decides and where it is unsound. The engine
// imports the list, All, and reaches a rule only through its hooks; a rule
// reaches the engine only through hook.Context.
package rules

import (
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
)

// All is every idiom rule, in the order their hooks run.
var All = []hook.Rule{
	&chdirRule{},
	&guardedWriteRule{},
	&uncalledStoreRule{},
	selfCopyRule{},
	privateAliasRule{},
	cwdDefaultRule{},
	optionDefaultRule{},
	envMapRule{},
	&madeMapsRule{},
	emptyTempRule{},
	stdObjectsRule{},
	&localObjectsRule{},
	&embeddedBaseRule{},
	ctorObjectsRule{},
	absGuardRule{},
	baseGuardRule{},
	unixSocketRule{},
	emptyReturnRule{},
	nonEmptyRule{},
	askedRule{},
	projectDirRule{},
	userDefaultsRule{},
	tildeRule{},
	&convertedImplsRule{},
	reflectFilledRule{},
}

// unionEach is the union of f over the elements of s (a requirement's
// keys or places).
func unionEach(s []string, f func(string) lattice.Origins) lattice.Origins {
	parts := make([]lattice.Origins, len(s))
	for i, x := range s {
		parts[i] = f(x)
	}
	return lattice.Union(parts...)
}
