// Package excluded checks -exclude: the test excludes zz_generated*.go
// and report/excluded/legacy_*.go.
package excluded

func finding() {}

func kept() {
	finding() // want `finding`
}
