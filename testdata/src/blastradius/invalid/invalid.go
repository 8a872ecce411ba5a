package invalid

// climbs leaves the root.
//
// want +1 `invalid may-write pattern "repo:../x": the glob must stay below the root`
//staterootlint:may-write repo:../x
func climbs() {}

// mixed combines none with a pattern.
//
// want +1 `none cannot be combined`
//staterootlint:may-write none temp
func mixed() {}

// bracket has a malformed glob: a silent mismatch before, a finding at
// the directive line that holds it now.
//
//staterootlint:may-write temp
// want +1 `invalid may-write pattern "repo:logs/\[": segment "\[" is a malformed glob \(syntax error in pattern\); close the bracket, or escape`
//staterootlint:may-write repo:logs/[
func bracket() {}

// stateDir repeats the state dir the root already is (-state-dir=.px).
//
// want +1 `may-write pattern "repo:.px/logs/\*\*" starts with the state dir .px, but patterns are relative to the root, which is that directory already; write "repo:logs/\*\*"`
//staterootlint:may-write repo:.px/logs/**
func stateDir() {}

// wholeStateDir names the state dir alone.
//
// want +1 `write "global"$`
//staterootlint:may-write global:.px/**
func wholeStateDir() {}

// escaped and classes are well-formed globs: ok.
//
//staterootlint:may-write repo:logs/\[x\] repo:runs/[0-9]*/out
func escaped() {}

// otherDotDir starts with a dot directory that is not the state dir: ok.
//
//staterootlint:may-write repo:.cache/**
func otherDotDir() {}

// settingsFile names a file inside the global root: ok.
//
//staterootlint:authority global file
func settingsFile() string { return "" }

// configBase is a base many programs share: ok.
//
//staterootlint:authority global base
func configBase() string { return "" }

// want +2 `unknown word "dir" after the kind; the words allowed are file`
//
//staterootlint:authority global dir
func settingsDir() string { return "" }

// want +2 `"file" is a word after the kind, not a kind; write //staterootlint:authority KIND file`
//
//staterootlint:authority file
func kindless() string { return "" }
