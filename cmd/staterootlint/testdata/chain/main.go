package main

import "os"

func main() {
	save("state.json", nil)
}

func save(path string, data []byte) {
	write(path, data)
}

func write(path string, data []byte) {
	_ = os.WriteFile(path, data, 0o600)
}
