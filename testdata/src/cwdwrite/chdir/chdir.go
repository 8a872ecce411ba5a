package chdir

import "os"

func enter(dir string) error {
	return os.Chdir(dir) // want `os.Chdir changes the process working directory outside package main`
}

func enterFile(f *os.File) error {
	return f.Chdir() // want `\(\*os.File\).Chdir changes the process working directory`
}

func look(dir string) ([]os.DirEntry, error) {
	return os.ReadDir(dir) // ok: not a chdir
}
