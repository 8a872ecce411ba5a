// Package branchesmeet: a condition tested by an if holds inside its
// branch only. After the branches meet again, or inside the body of
// "x || y", the path may be anything the condition would have excluded.
package branchesmeet

import (
	"flag"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// resolve only warns about a relative path: it returns it as it came.
func resolve(p string) string {
	if !filepath.IsAbs(p) {
		log.Printf("%s is relative to the working directory", p)
	}
	return p
}

// expand expands a leading "~", and also an "@" that is no tilde at all.
func expand(p string) string {
	home, _ := os.UserHomeDir()
	if strings.HasPrefix(p, "~") || p == "@" {
		return filepath.Join(home, p[1:])
	}
	return p
}

// absolute returns p where it is absolute, and "" elsewhere.
func absolute(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return ""
}

var name = flag.String("name", "", "a name, or ~/NAME")

func main() {
	_ = os.WriteFile(resolve("state.json"), nil, 0o600) // want `"state.json" relative to the working directory`
	_ = os.WriteFile(expand(*name), nil, 0o600)         // want `the home directory from os.UserHomeDir`
	_ = os.WriteFile(absolute("state.json"), nil, 0o600)
}
