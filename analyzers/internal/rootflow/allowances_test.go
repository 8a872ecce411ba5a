package rootflow

import (
	"strings"
	"testing"
)

// TestBadAllowance checks that a malformed allow-write entry is an error
// naming the flag and the entry, not an allowance that silently allows
// nothing.
func TestBadAllowance(t *testing.T) {
	for entry, want := range map[string]string{
		"example.com/app.launch=cwd:../x": `rootflow: invalid -allow-write entry "example.com/app.launch=cwd:../x": invalid allow-write pattern "cwd:../x": the glob must stay below the root`,
		"example.com/app.launch":          `rootflow: invalid -allow-write entry "example.com/app.launch": want FUNC=PATTERN`,
	} {
		ix := &index{cfg: &Config{AllowWrite: []string{entry}}}
		_, err := ix.findAllowances()
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("allow-write %q: %v; want %q", entry, err, want)
		}
		if ce, ok := err.(*ConfigError); !ok || ce.ExitCode() != 78 {
			t.Errorf("allow-write %q: %T; want a *ConfigError (exit 78)", entry, err)
		}
	}
}
