package excluded

func legacyLookalike() {
	finding() // want `finding`
}
