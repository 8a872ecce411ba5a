package cgo

func plain() {
	finding() // want `finding`
}
