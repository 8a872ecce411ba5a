package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// score reads the expectations apply printed and the findings of a run
// (--format json, from the module root) and prints how many injections a
// shadowwrite finding landed on.
func score(expectPath, findingsPath string, w io.Writer) error {
	data, err := os.ReadFile(expectPath)
	if err != nil {
		return err
	}
	var out struct {
		Diagnostics []struct {
			Analyzer string `json:"analyzer"`
			File     string `json:"file"`
			Line     int    `json:"line"`
		} `json:"diagnostics"`
	}
	raw, err := os.ReadFile(findingsPath)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("read %s: %w", findingsPath, err)
	}
	// Findings are matched by the end of their path: the module root is
	// wherever the run was.
	found := map[string]bool{}
	for _, d := range out.Diagnostics {
		if d.Analyzer == "shadowwrite" {
			found[filepath.ToSlash(d.File)+":"+strconv.Itoa(d.Line)] = true
		}
	}
	landed := func(loc string) bool {
		for f := range found {
			if f == loc || strings.HasSuffix(f, "/"+loc) {
				return true
			}
		}
		return false
	}
	var injected, hit int
	var missed []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			return fmt.Errorf("%s: %q: want NAME and at least one file:line", expectPath, line)
		}
		injected++
		ok := false
		for _, loc := range f[1:] {
			ok = ok || landed(loc)
		}
		if ok {
			hit++
		} else {
			missed = append(missed, f[0]+" ("+strings.Join(f[1:], ", ")+")")
		}
	}
	fmt.Fprintf(w, "%d %d\n", injected, hit)
	for _, m := range missed {
		fmt.Fprintf(w, "# missed %s\n", m)
	}
	return nil
}
