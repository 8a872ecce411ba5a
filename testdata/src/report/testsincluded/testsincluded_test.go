package testsincluded

func inTest() {
	finding() // want `finding`
	finding() //nolint:probe
}
