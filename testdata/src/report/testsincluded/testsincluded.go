// Package testsincluded checks that -tests reports _test.go files too.
package testsincluded

func finding() {}

func production() {
	finding() // want `finding`
}
