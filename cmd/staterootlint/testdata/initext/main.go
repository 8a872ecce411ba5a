// Command initext keeps its data below the directory conf.Setup sets.
package main

import (
	"os"
	"path/filepath"

	"example.com/initext/internal/conf"
)

func main() {
	conf.Setup("settings.yaml")
	_ = os.WriteFile(filepath.Join(conf.Dir, "a.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(conf.Dir, "b.json"), nil, 0o644)
	println(conf.Lexer("x.json"))
}
