// Package unproven defines an Analyzer that lists the writes whose path
// the analysis cannot prove rooted.
//
// # Analyzer unproven
//
// unproven: list writes whose path the analysis cannot follow
//
// A write gets one of three verdicts. Rooted (or temp, cache, the user's
// choice): nothing to report. Shadow: a known origin outside every state
// root reaches it, and shadowwrite reports it. Unproven: the path comes
// through something the analysis does not follow (a map element, a
// scanner's text, a func value or interface method it cannot resolve, a
// summary cut at a bound), so there is no evidence either way.
//
// unproven always computes its findings but reports them only with
// -unproven.report (the configuration key report-unproven: true, the
// golangci-lint setting of the same name); the standalone CLI counts them
// on stderr either way. Under go vet and golangci-lint they are silent
// unless configured. Each finding has the category unproven, or limit
// when an analysis bound was hit.
//
//	// UNPROVEN: the name comes from a map the analysis does not follow
//	os.WriteFile(paths[name], data, 0o644)
//
//	// RIGHT: derive it from an authority where it is built
//	os.WriteFile(filepath.Join(root, name), data, 0o644)
//
// Silence one that is intended with //staterootlint:ignore unproven
// REASON; the directive counts as matched whether or not the findings are
// reported, so staleignore judges it the same way both times.
package unproven
