package excluded

func deepcopy() {
	finding() // ok: matches zz_generated*.go at any depth
}
