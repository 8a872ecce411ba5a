package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/staterootlint/staterootlint/internal/config"
)

// isVetInvocation reports whether the go command runs the binary as
// go vet -vettool: to describe itself (-V=full), to list its flags
// (-flags), or to analyze one package unit ([flags] path/vet.cfg).
func isVetInvocation(args []string) bool {
	if len(args) == 1 && (args[0] == "-V=full" || args[0] == "-flags") {
		return true
	}
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}

// runVet speaks go vet's protocol through unitchecker, with the
// configuration file applied to the analyzers' flags first, so the file
// works under go vet too and -NAME.flag arguments override it.
func runVet(args []string, suite []*analysis.Analyzer, stdout, stderr io.Writer) int {
	if args[0] == "-V=full" {
		id, err := vetBuildID()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitUsage
		}
		// go vet keys its result cache on this line's buildID, so it
		// hashes the configuration too: editing .staterootlint.yaml
		// invalidates cached results.
		fmt.Fprintf(stdout, "%s version devel config-aware buildID=%s\n", progname, id)
		return exitClean
	}
	closure := config.Closure(suite)
	if args[0] != "-flags" {
		cfg, err := config.Discover(".")
		if err == nil {
			closure, err = cfg.Apply(suite)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname, err)
			return exitConfig
		}
	}
	os.Args = append([]string{os.Args[0]}, args...)
	unitchecker.Main(guard(closure)...) // exits
	return exitUsage
}

// vetBuildID hashes the executable and the configuration file that applies
// in the working directory (its path and contents, or its absence).
func vetBuildID() (string, error) {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("describe executable: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("describe executable: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("describe executable: %w", err)
	}
	path, err := config.Find(".")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "\x00config %s\x00", path)
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return "", fmt.Errorf("read %s: %w", path, err)
		}
		h.Write(data)
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}
