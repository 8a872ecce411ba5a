package excluded

func legacy() {
	finding() // ok: matches **/report/excluded/legacy_*.go
}
