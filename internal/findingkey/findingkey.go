// Package findingkey carries what a finding is about, the write operation
// and where its path came from, from an analyzer to the CLI's driver, so
// that a baseline keys a finding on them and never on message text.
//
// The analyzers put them in the diagnostic's URL, as query parameters of
// the analyzer's documentation page
// (https://pkg.go.dev/.../analyzers/shadowwrite?op=os.WriteFile&origin=env+PX_DB_PATH):
// the URL is the one field of analysis.Diagnostic meant for data about
// the finding that every driver passes through untouched, and it still
// leads to the analyzer's documentation.
//
// An origin is its kind, a space, and what it is: `env PX_DB_PATH`,
// `home os.UserHomeDir .other/last-task`, `literal "px-debug.log"`,
// `temp temp`. Neither part ever holds a position or advice.
package findingkey

import "net/url"

// WrittenBy starts the message of the last step of a finding's chain
// when the finding is reported away from the write its path reaches (at a
// call or a store): "written by os.WriteFile", at the write. A finding
// reported at the write itself has no such step.
const WrittenBy = "written by "

// PathStarts starts the message of the first step of each origin's
// chain: a finding listing several origins carries one chain after
// another, and a driver starts a new flow at each such step.
const PathStarts = "the path starts here: "

// OriginSep separates the origins of a finding whose path may come from
// several (one finding per write, listing them all): `env APP_DATA |
// home os.UserHomeDir .app`.
const OriginSep = " | "

// Query parameter names of the key.
const (
	paramOp     = "op"
	paramOrigin = "origin"
	paramNoFix  = "nofix"
)

// URL returns base, an analyzer's documentation URL, carrying the
// finding's write operation and origin; base alone when both are empty.
func URL(base, op, origin string) string {
	if op == "" && origin == "" {
		return base
	}
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	q := u.Query()
	if op != "" {
		q.Set(paramOp, op)
	}
	if origin != "" {
		q.Set(paramOrigin, origin)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// Parse returns the write operation and origin a diagnostic's URL
// carries; ok is false when it carries neither (an analyzer that does not
// set them, a finding on a directive).
func Parse(rawURL string) (op, origin string, ok bool) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", "", false
	}
	q := u.Query()
	op, origin = q.Get(paramOp), q.Get(paramOrigin)
	return op, origin, op != "" || origin != ""
}

// WithNoFix returns rawURL recording why the finding has no suggested fix
// that moves its write under the program's authority: the CLI says it
// under --fix and --diff, where the message would be too long to carry it.
func WithNoFix(rawURL, why string) string {
	u, err := url.Parse(rawURL)
	if err != nil || why == "" {
		return rawURL
	}
	q := u.Query()
	q.Set(paramNoFix, why)
	u.RawQuery = q.Encode()
	return u.String()
}

// NoFix returns why a finding has no fix, as WithNoFix recorded it.
func NoFix(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return u.Query().Get(paramNoFix)
}
