// Package ignorelist exercises //staterootlint:ignore lists. The probe
// analyzer reporting every call to finding is named cwdwrite here, so a
// list naming cwdwrite silences it and a list naming only others does not.
package ignorelist

func finding(...any) int { return 0 }

func listed() {
	finding() //staterootlint:ignore cwdwrite the tool is being migrated
	finding() //staterootlint:ignore shadowwrite,cwdwrite migrated in v2
	finding() //staterootlint:ignore cwdwrite,shadowwrite	tab before the reason

	//staterootlint:ignore cwdwrite reads only
	finding()
}

func otherAnalyzers() {
	finding() //staterootlint:ignore shadowwrite the write is not ours // want `finding`
	finding() //staterootlint:ignore adhocroot,rootenv not this one // want `finding`
}

func misspelled() {
	// A near miss is a list with an unknown name (staleignore reports it),
	// so it silences nothing rather than everything.
	finding() //staterootlint:ignore cwdwirte migrating // want `finding`
	finding() //staterootlint:ignore cwdwrite,shadowrite migrating
}

func reasons() {
	// First words that are prose, not lists: the directive silences every
	// analyzer, as it always did.
	finding() //staterootlint:ignore legacy, removed in v2
	finding() //staterootlint:ignore generated code
	finding() //staterootlint:ignore foo,bar is not a list of analyzers
	finding() //staterootlint:ignore Cwdwrite is capitalised, so prose
}

func listWithoutReason() {
	// want +1 `//staterootlint:ignore needs a reason: write //staterootlint:ignore cwdwrite REASON`
	//staterootlint:ignore cwdwrite
	finding() // want `finding`

	// A list that does not name this analyzer does not apply to it, so
	// its missing reason is not this analyzer's to report.
	//staterootlint:ignore shadowwrite
	finding() // want `finding`
}
