package main // want package:`artifacts\(temp:main.log, temp:tea.state\)`

// Command vmajor is a command at a path whose last element is a major
// version: its functions are labelled "main.run", never "v2.run".

import (
	"os"
	"path/filepath"

	tea "inventory/vmajor/bubbles/v3"
)

func main() {
	run()
}

// run runs the program.
//
//staterootlint:command run
func run() {
	os.WriteFile(filepath.Join(os.TempDir(), "main.log"), nil, 0o600)
	tea.Save()
}
