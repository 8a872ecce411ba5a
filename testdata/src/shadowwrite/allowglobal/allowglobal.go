// Package allowglobal keeps the directories a command writes in package
// variables: their initializers, and any other value stored into them,
// are the command's products when every write of the variable is reached
// from the command that declares them, by a call or through a function
// value it hands on.
package allowglobal

import (
	"os"
	"path/filepath"
)

var targetDir = ".gotmp/bin/completions" // ok: only main's writes use it, and main declares it

var manDir = ".gotmp/man" // ok: the same, written through a function value

var logFile = "gen.log" // want `variable allowglobal.logFile is assigned "gen.log" relative to the working directory, and it is written .*allow-write cwd:gen.log$`

var shared = "shared.txt" // want `variable allowglobal.shared is assigned "shared.txt" relative to the working directory, and it is written \(os.WriteFile at allowglobal.go:\d+; also os.WriteFile at allowglobal.go:\d+\)`

// main generates the completion scripts and manual pages where the user
// runs it.
//
//staterootlint:allow-write cwd:.gotmp/** cwd:shared.txt
func main() {
	if len(os.Args) > 2 {
		targetDir = filepath.Join(".gotmp", "bin", "completions", "extra") // ok: declared too
	}
	os.MkdirAll(targetDir, 0o755)
	for _, gen := range []func(data []byte) error{genBash, genZsh} {
		gen([]byte("complete"))
	}
	run(genMan)
	os.WriteFile(logFile, nil, 0o644)
	os.WriteFile(shared, nil, 0o644)
}

func genBash(data []byte) error {
	return os.WriteFile(filepath.Join(targetDir, "bash"), data, 0o644)
}

func genZsh(data []byte) error {
	return os.WriteFile(filepath.Join(targetDir, "zsh"), data, 0o644)
}

func genMan(data []byte) error {
	return os.WriteFile(filepath.Join(manDir, "app.1"), data, 0o644)
}

func run(gen func([]byte) error) { gen(nil) }

// init writes shared outside main: no allowance covers it.
func init() {
	if len(os.Args) > 5 {
		os.WriteFile(shared, nil, 0o644)
	}
}
