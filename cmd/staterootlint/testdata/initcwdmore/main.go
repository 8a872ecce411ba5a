// Command initcwdmore has two commands that write where they run: setup
// appends a line to an ignore file there unless a helper that reads it
// finds the line already (a file the program reads back), and docs has a
// documentation library write its pages into a fixed directory there;
// man has it write pages below a fixed directory, which it does not make.
// Its test support writes golden files below testdata, which the
// proposal excludes.
package main

import (
	"bytes"
	"os"

	"example.com/mddocs"
)

const ignoreFile = ".moreignore"

func main() {
	switch os.Args[1] {
	case "setup":
		setup()
	case "docs":
		docs()
	case "man":
		man()
	}
}

// setup adds the build directory to the ignore file.
//
//staterootlint:command setup
func setup() {
	if ignores(ignoreFile, "build/") {
		return
	}
	f, err := os.OpenFile(ignoreFile, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	_, _ = f.WriteString("build/\n")
}

// ignores reports whether the ignore file at path has line.
func ignores(path, line string) bool {
	data, err := os.ReadFile(path)
	return err == nil && bytes.Contains(data, []byte(line))
}

// docs writes the command-line documentation.
//
//staterootlint:command docs
func docs() {
	_ = mddocs.WriteTree("site/cli", []string{"setup", "docs"})
}

// man writes the manual pages.
//
//staterootlint:command man
func man() {
	_ = mddocs.WritePages("man/man1", []string{"setup", "docs", "man"})
}
