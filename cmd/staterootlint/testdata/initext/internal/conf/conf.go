// Package conf reads the program's settings file, in whichever format
// its extension says, and sets the program's data directory.
package conf

import (
	"os"
	"path/filepath"
)

// Dir is the program's data directory, set by Setup.
var Dir string

// Format is the settings file's format.
var Format string

// Setup takes the format from the settings file's extension, and the
// data directory from $EXTAPP_HOME, else ~/.extapp.
func Setup(settings string) {
	if filepath.Ext(settings) == ".json" {
		Format = "json"
	}
	switch filepath.Ext(settings) {
	case ".yaml", ".yml":
		Format = "yaml"
	case ".toml":
		Format = "toml"
	}
	if d := os.Getenv("EXTAPP_HOME"); d != "" {
		Dir = d
	} else {
		home, _ := os.UserHomeDir()
		Dir = filepath.Join(home, ".extapp")
	}
}

// Lexer names the highlighter of a file by its extension.
func Lexer(name string) string {
	switch filepath.Ext(name) {
	case ".json":
		return "json"
	case ".go":
		return "go"
	}
	return "text"
}
