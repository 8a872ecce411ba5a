// Package flagname names the analyzer flags that make up staterootlint's
// configuration contract. The analyzers declare their flags under these
// names, and the configuration file (internal/config), the CLI, go vet's
// -ANALYZER.NAME flags and the golangci-lint settings map onto them, so a
// key and its flag cannot drift apart by spelling.
package flagname

// The engine's flags (rootflow); Authorities is also declared by the
// analyzers that exempt the authority's package (adhocroot, rootenv),
// RootEnv by rootenv, and AnalyzeStd by every analyzer with facts that
// models the standard library by the knowledge table, so a driver can
// tell from this one name that skipping it loses nothing (rootenv, which
// has none, declares it too: it reports in the standard library only
// with it).
const (
	Authorities = "authorities"
	Sinks       = "sinks"
	RootEnv     = "root-env"
	UserEnv     = "user-env"
	AllowTemp   = "allow-temp"
	AllowCache  = "allow-cache"
	AllowUser   = "allow-user"
	AnalyzeStd  = "analyze-std"
	// AllowWrite lists the allowances, FUNC=PATTERN: writes reached from
	// FUNC ("*": the whole program) that PATTERN matches are declared.
	AllowWrite = "allow-write"
	// AllowWriteAll is the allow-write function that covers the whole
	// program.
	AllowWriteAll = "*"
)

// StateDir names the state directory (.myapp): adhocroot looks for it in
// literals, blastradius in may-write patterns.
const StateDir = "state-dir"

// The reporting flags every reporting analyzer declares
// (analyzers/internal/report.Filter).
const (
	Tests     = "tests"
	Exclude   = "exclude"
	Generated = "generated"
)

// ReportUnproven is the configuration key that makes the unproven
// analyzer list the writes it cannot prove rooted; it sets that analyzer's
// flag Report (-unproven.report).
const (
	ReportUnproven = "report-unproven"
	Report         = "report"
)

// Chain makes shadowwrite and cwdwrite attach each finding's chain as
// related information; the CLI sets it, for -v, JSON and SARIF.
const Chain = "chain"
