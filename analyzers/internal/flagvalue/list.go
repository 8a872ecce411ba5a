// Package flagvalue holds the flag.Value types shared by the analyzers'
// flag sets, so every driver (CLI, config file, go vet, golangci-lint) spells
// list-valued settings the same way.
package flagvalue

import (
	"strings"
)

// List is a comma-separated list of strings usable as a flag.Value.
// Setting it replaces the whole list, so a later flag overrides an earlier
// one instead of appending to a default the user cannot see.
type List []string

// String returns the list joined by commas.
func (l *List) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set parses a comma-separated list; empty items are dropped.
func (l *List) Set(s string) error {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	*l = out
	return nil
}
