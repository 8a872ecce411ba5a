// Package suppressed exercises the suppression directives: every call to
// finding is a diagnostic of the probe analyzer unless a directive on its
// line or the line above silences it.
package suppressed

func finding(...any) int { return 0 }

// notFinding has a similar name but is never reported.
func notFinding() {}

func plain() {
	finding()    // want `finding`
	notFinding() // ok: not a watched call
}

func ignored() {
	finding() //staterootlint:ignore the tool is being migrated

	//staterootlint:ignore reads only, see #12
	finding()

	//staterootlint:ignore	tab-separated reason
	finding()
}

func tooFar() {
	//staterootlint:ignore too far above

	finding() // want `finding`
}

func nolint() {
	finding() //nolint
	finding() //nolint:all
	finding() //nolint:probe
	finding() //nolint:staterootlint
	finding() //nolint:errcheck,probe
	finding() //nolint:probe // golangci-style explanation

	//nolint:probe
	finding()

	finding() //nolint:probe
	finding() // want `finding`
	finding() //staterootlint:ignore trailing, so it covers only its own line
	finding() // want `finding`

	finding() //nolint:errcheck // want `finding`
	finding() // nolint // want `finding`
	finding() //nolintx // want `finding`
}

func notDirectives() {
	finding() //staterootlint:ignored // want `finding`
	finding() // staterootlint:ignore spaced, so prose // want `finding`
}

func missingReason() {
	// The directive suppresses nothing and is reported once, however many
	// diagnostics it meets.

	// want +1 `//staterootlint:ignore needs a reason: write //staterootlint:ignore REASON`
	//staterootlint:ignore
	finding() // want `finding`

	// want +1 `needs a reason`
	//staterootlint:ignore
	finding(finding()) // want `finding` `finding`

	finding() /* want `finding` `needs a reason` */ //staterootlint:ignore
	finding() // want `finding`

	//staterootlint:ignore
	notFinding() // ok: nothing to suppress, so the directive stays quiet
}
