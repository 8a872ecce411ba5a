// Package testsfiles checks that _test.go files are not reported by
// default.
package testsfiles

func finding() {}

func production() {
	finding() // want `finding`
}
