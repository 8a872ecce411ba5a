package tea // want package:`artifacts\(temp:tea.state\)`

// Package tea is at a path whose last element is a major version: its
// functions are labelled by the package's name, "tea.Save", never "v3.Save".

import (
	"os"
	"path/filepath"
)

// Save writes the program's state.
func Save() error {
	return os.WriteFile(filepath.Join(os.TempDir(), "tea.state"), nil, 0o600)
}
