package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Which configuration file counts is one rule for the standalone CLI and
// go vet: the file found by walking up from the module root, the
// directory holding the go.mod of the analyzed packages (for the CLI, the
// working directory's walk normally finds the same file; where it does
// not, the CLI stops and says so). A .staterootlint.yaml between a
// package's directory and its module root is read by no driver, so it is
// an error that names it, never a file that silently does nothing.

// ModuleRoot returns the nearest directory from dir upwards that holds a
// go.mod file, or "" when there is none.
func ModuleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("find module root: %w", err)
	}
	for {
		fi, err := os.Stat(filepath.Join(dir, "go.mod"))
		if err == nil && !fi.IsDir() {
			return dir, nil
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("find module root: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// InEffect returns the configuration file in effect for a package in dir:
// the one Find returns from dir's module root (from dir itself outside a
// module), or "" when there is none.
func InEffect(dir string) (string, error) {
	root, err := ModuleRoot(dir)
	if err != nil {
		return "", err
	}
	if root == "" {
		root = dir
	}
	return Find(root)
}

// Strays returns the configuration files between dir and its module root,
// dir included and the root excluded: files no driver reads.
func Strays(dir string) ([]string, error) {
	root, err := ModuleRoot(dir)
	if err != nil || root == "" {
		return nil, err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", FileName, err)
	}
	var out []string
	for d := dir; d != root && strings.HasPrefix(d, root); d = filepath.Dir(d) {
		p := filepath.Join(d, FileName)
		if _, err := os.Lstat(p); err == nil {
			out = append(out, p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("find %s: %w", FileName, err)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return out, nil
}

// StrayError says that the configuration file stray, below a module
// root, is not read, and which file is in effect there ("" for none).
func StrayError(stray, inEffect string) *Error {
	root := filepath.Dir(stray)
	if r, err := ModuleRoot(root); err == nil && r != "" {
		root = r
	}
	effect := "none is"
	if inEffect != "" {
		effect = inEffect + " is"
	}
	return &Error{
		Pos: Pos{File: stray},
		Msg: fmt.Sprintf("not read: only the %s found from the module root %s upward counts (%s in effect); move these keys to %s and delete this file",
			FileName, root, effect, filepath.Join(root, FileName)),
	}
}

// CacheKeyFiles returns, sorted, the configuration files that can change
// what go vet reports for packages of the modules of a vet run started in
// dir: the file in effect for each main module and each dependency
// replaced by a local directory, and every file inside the main modules'
// trees (a stray one is an error). Absent files are not listed; the
// caller hashes names and contents, so creating, editing or deleting any
// of them changes the key.
func CacheKeyFiles(dir string) ([]string, error) {
	mains, replaced := vetModules(dir)
	set := map[string]bool{}
	for _, m := range append(slices.Clone(mains), replaced...) {
		p, err := Find(m)
		if err != nil {
			return nil, err
		}
		if p != "" {
			set[p] = true
		}
	}
	for _, m := range mains {
		err := filepath.WalkDir(m, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: the go command cannot see packages there either
			}
			if d.IsDir() {
				name := d.Name()
				if p != m && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
					return filepath.SkipDir // no package the go command matches lives here
				}
				if p != m && fileExists(filepath.Join(p, "go.mod")) {
					return filepath.SkipDir // another module: its own root
				}
				return nil
			}
			if d.Name() == FileName {
				set[p] = true
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("find %s files: %w", FileName, err)
		}
	}
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	slices.Sort(out)
	return out, nil
}

// vetModules returns the main modules of a go command started in dir and
// the dependencies replaced by local directories, asking the go command
// (offline, GOPROXY=off, and without touching go.mod, -mod=readonly). Without it, or outside a workspace of modules,
// the main module is the module root of dir, or dir itself.
func vetModules(dir string) (mains, replaced []string) {
	cmd := exec.Command(goCommand(), "list", "-mod=readonly", "-m", "-e", "-f", "{{if .Main}}main {{.Dir}}{{else}}{{with .Replace}}{{if not .Version}}replace {{.Dir}}{{end}}{{end}}{{end}}", "all")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Run(); err == nil {
		for line := range strings.SplitSeq(stdout.String(), "\n") {
			kind, d, ok := strings.Cut(strings.TrimSpace(line), " ")
			switch {
			case !ok || d == "":
			case kind == "main":
				mains = append(mains, d)
			case kind == "replace":
				replaced = append(replaced, d)
			}
		}
	}
	if len(mains) == 0 {
		root, err := ModuleRoot(dir)
		if err != nil || root == "" {
			root = dir
		}
		mains = []string{root}
	}
	return mains, replaced
}

// goCommand is the go command of the toolchain that runs this process
// (go vet puts its GOROOT first), else the one on PATH.
func goCommand() string {
	if root := os.Getenv("GOROOT"); root != "" {
		if p := filepath.Join(root, "bin", "go"); fileExists(p) {
			return p
		}
	}
	return "go"
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
