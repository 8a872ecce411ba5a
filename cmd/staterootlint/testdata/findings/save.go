package main

import (
	"os"

	"example.com/findings/store"
)

func save() {
	_ = store.Save()
	_ = os.Mkdir("cache", 0o755) // ok: not os.WriteFile
}
