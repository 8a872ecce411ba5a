package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestCrossModule checks the cross-module rule (rootflow's inModule): a
// library's field requirement does not cross into the module that stores
// into the field, while a library parameter that reaches a write through
// its calls alone is still a requirement on the caller, and so is one it
// copies into an options struct passed by value. analysistest runs
// without modules, so the rule is checked through the CLI.
func TestCrossModule(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/crossmod/app", "--enable", "shadowwrite", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if !strings.Contains(out, `main.go:21:14: lib.Save receives "state.json" relative to the working directory`) {
		t.Errorf("the parameter requirement is missing:\n%s", out)
	}
	if !strings.Contains(out, `main.go:25:17: lib.GenTree receives "man" relative to the working directory`) {
		t.Errorf("the requirement through a by-value options struct is missing:\n%s", out)
	}
	// Another module's objects that keep a path in their fields, made by
	// this program: followed to where the path enters.
	for _, want := range []string{
		"main.go:35:21: lib.NewLock receives a path under the home directory from os.UserHomeDir (main.go:34) for a path it writes (via field lib.Lock.path → (*lib.Lock).TryLock",
		"main.go:37:24: field lib.Runner.Dir is assigned a path under the home directory from os.UserHomeDir (main.go:34), and it is written (via (*lib.Runner).Run",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "display-only") || strings.Count(out, "\n") != 4 {
		t.Errorf("want only the Save, GenTree, NewLock and Runner findings, not the store into lib's field:\n%s", out)
	}
	// One of lib's objects the program does not make: unproven, counted.
	_, out, errOut = runCLI(t, analyzers.All, "-C", "testdata/crossmod/app", "--enable", "unproven", "--report-unproven", "./...")
	if !strings.Contains(out, "main.go:41:29: field lib.Lock.path is assigned a value of another module's object, not followed to where the object was made") {
		t.Errorf("the lock lib.Shared returns is not unproven:\n%s%s", out, errOut)
	}
	if strings.Contains(out, "Scratch") || strings.Count(out, "(unproven)") != 1 {
		t.Errorf("want lib.Shared's lock as the one unproven write, not the scratch space lib fills with a temporary directory:\n%s", out)
	}
}

// TestCrossModuleVariable checks that a write below another module's
// package variable is reported where the program reads it, from the
// stores the library made (an XDG library's ConfigHome, filled in its
// init): a package variable is one object, so nothing of the library's
// imprecision about fields applies. Declared a shared base, with the
// program's directory below it as state-dir, the same writes are rooted.
func TestCrossModuleVariable(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/initxdg", "--enable", "shadowwrite", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	for _, want := range []string{
		"main.go:14:17: variable xdgvars.ConfigHome is assigned a path from the environment variable XDG_CONFIG_HOME",
		"main.go:16:18: variable xdgvars.DataHome is assigned a path from the environment variable XDG_DATA_HOME",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q:\n%s", want, out)
		}
	}
	cfg := filepath.Join(t.TempDir(), "bases.yaml")
	if err := os.WriteFile(cfg, []byte("authorities:\n  - example.com/xdgvars.ConfigHome=global:base\n  - example.com/xdgvars.DataHome=global:base\nstate-dir: .xdgprog\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/initxdg", "--config", cfg, "./..."); code != exitClean {
		t.Errorf("with the bases declared: exit %d, want none\n%s%s", code, out, errOut)
	}
}

// TestCrossModuleUnresolved checks which calls the analysis cannot
// resolve count as possible writes of a command: in another module, a
// call passed the path the program gives it does (lib.Keep), one passed
// only the library's own text does not (lib.Render's man page heading).
// The table lists as unproven only the writes the unproven analyzer
// reports (the field lib.Lock.path); the command's rows keep the call, so
// the command does not show as read-only.
func TestCrossModuleUnresolved(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "inventory", "-C", "testdata/crossmod/app", "./...")
	if code != exitClean {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if strings.Contains(out, "lib.Page") || strings.Count(out, "| unproven |") != 1 || !strings.Contains(out, "field lib.Lock.path") {
		t.Errorf("want one unproven write in the table, lib.Lock's path:\n%s", out)
	}
	code, out, errOut = runCLI(t, analyzers.All, "inventory", "--by-command", "-C", "testdata/crossmod/app", "./...")
	if code != exitClean {
		t.Fatalf("--by-command: exit %d: %s%s", code, out, errOut)
	}
	if !strings.Contains(out, "a call of interface method (lib.Store).Put with a path the analysis cannot follow") {
		t.Errorf("the call passed the program's path is missing from the command's writes:\n%s", out)
	}
	if strings.Contains(out, "lib.Page") {
		t.Errorf("lib.Render's call is no write of the command:\n%s", out)
	}
}

// TestCrossModuleSetter checks a path another module keeps in its object
// through a setter and writes through a file system interface (viper's
// SetConfigFile and WriteConfig over afero's Fs): reported where the
// program calls the setter on the object that reaches the write, and not
// for objects of the same type that are only read or shown.
func TestCrossModuleSetter(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/vfsmod/app", "--enable", "shadowwrite", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	want := "main.go:20:17: (*cfglib.Config).SetConfigFile receives a path under the home directory from os.UserHomeDir (main.go:14) for a path it writes (via field cfglib.Config.file → (afero.Fs).MkdirAll at cfglib.go:"
	if !strings.Contains(out, want) || strings.Count(out, "\n") != 1 {
		t.Errorf("want the one setter call on the object that is written:\n%s", out)
	}

	// The views agree: explain names the setter's hops, and the inventory
	// lists the interface sink's calls as writes, not also as calls it
	// cannot follow.
	_, out, errOut = runCLI(t, analyzers.All, "explain", "-C", "testdata/vfsmod/app", "main.go:20")
	if want := "main.go:20:17: (*cfglib.Config).SetConfigFile is passed a path it writes ((afero.Fs).MkdirAll at cfglib.go:40 via field cfglib.Config.file, stored at cfglib.go:27); its origin:\n  1. outside: a path under the home directory from os.UserHomeDir (main.go:14)"; !strings.Contains(out, want) {
		t.Errorf("explain at the setter's call: want\n%s\ngot\n%s%s", want, out, errOut)
	}
	_, out, errOut = runCLI(t, analyzers.All, "inventory", "-C", "testdata/vfsmod/app", "./...")
	for _, want := range []string{
		"| (afero.Fs).MkdirAll: a path under the home directory from os.UserHomeDir | cfglib.go:40 | main.main → (*cfglib.Config).WriteConfig |",
		"| (afero.Fs).OpenFile: a path under the home directory from os.UserHomeDir | afero.go:57 | main.main → (*cfglib.Config).WriteConfig → afero.WriteFile |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("inventory: want the row\n%s\ngot\n%s%s", want, out, errOut)
		}
	}
	if strings.Contains(out, "unproven") {
		t.Errorf("inventory lists an interface sink's call as unproven too:\n%s", out)
	}
}
