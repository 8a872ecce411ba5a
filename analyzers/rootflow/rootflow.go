// Package rootflow exposes the rootflow engine to drivers that run and
// configure analyzers one by one, by name, such as rules_go's nogo (see
// the Bazel section of docs/integrations.md).
//
// adhocroot, blastradius, cwdwrite, inventory, rootenv, shadowwrite and
// unproven require the engine and read its results (staleignore requires
// them); its flags (authorities, sinks, root-env, user-env, allow-temp,
// allow-cache, allow-user, analyze-std) configure them all. The other
// drivers reach it through the analyzers' Requires; a driver that takes
// its analyzers' flags by analyzer name needs it listed beside them, and
// sets authorities on adhocroot and rootenv too, root-env on rootenv, as
// they have flags of those names.
package rootflow

import "github.com/staterootlint/staterootlint/analyzers/internal/rootflow"

// Analyzer is the engine the suite's analyzers require (the same value,
// so flags set on it configure them). It reports nothing itself.
var Analyzer = rootflow.Analyzer
