package testsfiles

func inTest() {
	finding() // ok: _test.go files are skipped unless -tests
}
