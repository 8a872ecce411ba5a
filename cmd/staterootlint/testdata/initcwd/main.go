// Command initcwd has six commands: scaffold writes a project's files
// where it runs (its products), upgrade replaces the running binary and
// selfupdate does so through a library, profile writes a profile there
// from a goroutine, scratch keeps a temporary file there under a name
// no pattern can fix, and every command appends to a log kept where it
// runs, which status reads back (state, no product).
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"example.com/initcwd/internal/selfupdate"
)

func main() {
	logRun()
	switch os.Args[1] {
	case "scaffold":
		scaffold()
	case "upgrade":
		upgrade()
	case "status":
		status()
	case "selfupdate":
		selfUpdate()
	case "profile":
		profile()
	case "scratch":
		scratch()
	}
}

// scaffold writes a new project's files.
//
//staterootlint:command scaffold
func scaffold() {
	logRun()
	_ = os.WriteFile("app.toml", nil, 0o644)
	_ = os.MkdirAll(filepath.Join("deploy", "k8s"), 0o755)
	_ = os.WriteFile("Dockerfile", nil, 0o644)
}

// upgrade replaces the running binary with a new one, keeping the old
// one beside it.
//
//staterootlint:command upgrade
func upgrade() {
	logRun()
	exe, err := os.Executable()
	if err != nil {
		return
	}
	_ = os.Rename(exe, exe+".old")
	_ = os.WriteFile(exe, nil, 0o755)
}

// status prints what the log says.
//
//staterootlint:command status
func status() {
	logRun()
	data, _ := os.ReadFile("initcwd.log")
	_ = data
}

// logRun appends to the log of runs.
func logRun() {
	f, err := os.OpenFile("initcwd.log", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		_ = f.Close()
	}
}

// selfUpdate replaces the binary through the library.
//
//staterootlint:command selfupdate
func selfUpdate() {
	logRun()
	_ = selfupdate.To(nil)
}

// profile writes a profile where it runs, from a goroutine.
//
//staterootlint:command profile
func profile() {
	logRun()
	go saveProfile(fmt.Sprintf("prof-%d.csv", os.Getpid()))
}

func saveProfile(file string) {
	f, err := os.Create(file)
	if err == nil {
		_ = f.Close()
	}
}

// scratch copies its input to a temporary file where it runs, and
// removes it.
//
//staterootlint:command scratch
func scratch() {
	logRun()
	f, err := os.CreateTemp(".", "")
	if err != nil {
		return
	}
	_ = f.Close()
	_ = os.Remove(f.Name())
}
