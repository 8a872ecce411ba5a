// Package staleignore defines an Analyzer that reports
// //staterootlint:ignore directives that silence nothing.
//
// # Analyzer staleignore
//
// staleignore: report ignore directives that silence nothing
//
// A //staterootlint:ignore directive silences the findings on its line
// (and on the next one when it stands alone). Once the code is fixed, or
// the finding moves, the directive silences nothing, but it stays, and
// it will hide the next real finding on that line. staleignore reports:
//
//   - a directive without a list that no analyzer's finding meets;
//   - each analyzer a directive's list names that reports nothing there
//     ("remove it from the list");
//   - a name in a list that is not an analyzer of the suite (a misspelled
//     list silences nothing: it is not read as a reason).
//
// A directive's list is its first word when that word is analyzer names
// joined by commas (//staterootlint:ignore shadowwrite,cwdwrite REASON);
// a first word that is not (//staterootlint:ignore legacy code) is the
// start of the reason, and the directive silences every analyzer.
//
// go/analysis runs each analyzer on its own, so no analyzer sees another's
// findings; staleignore requires every analyzer that reports findings and
// reads from each the directives its findings met, so it is the one place
// that knows whether a directive without a list is used. Those analyzers
// run whenever staleignore does, whichever of them are enabled, so a
// directive is judged the same way however the suite is selected. Its
// own findings are silenced only by //nolint, never by the directive they
// are about.
//
//	// WRONG: the write below was fixed; the directive now hides the next finding
//	//staterootlint:ignore shadowwrite legacy log
//	os.WriteFile(filepath.Join(root, "x.log"), data, 0o644)
//
//	// RIGHT
//	os.WriteFile(filepath.Join(root, "x.log"), data, 0o644)
//
// Flags -tests, -exclude and -generated select the files whose directives
// are checked, as they select the findings of the other analyzers.
package staleignore
