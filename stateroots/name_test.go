package stateroots_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/stateroots"
)

func TestRelativeSafe(t *testing.T) {
	for _, ok := range []string{"agent-1", "notes.md", ".hidden", "a b", "20261121T233000Z-1a2b3c4d", "..x", "x..", "ab:c", "1:x"} {
		if err := stateroots.RelativeSafe(ok); err != nil {
			t.Errorf("RelativeSafe(%q) = %v, want nil", ok, err)
		}
	}
	tests := []struct{ name, problem string }{
		{"", "is empty"},
		{".", "is a relative directory reference"},
		{"..", "is a relative directory reference"},
		{"a/b", "contains a path separator"},
		{"../x", "contains a path separator"},
		{"/etc", "contains a path separator"},
		{`a\b`, "contains a path separator"},
		{"a\x00b", "contains a NUL byte"},
		// Drive-relative on Windows, refused on every OS so that a name
		// valid on Linux is valid on Windows.
		{"C:x", "starts with a drive letter and a colon"},
		{"C:", "starts with a drive letter and a colon"},
		{"z:notes.md", "starts with a drive letter and a colon"},
	}
	for _, tt := range tests {
		err := stateroots.RelativeSafe(tt.name)
		var ce *stateroots.ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("RelativeSafe(%q) = %v, want a *ConfigError", tt.name, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.problem) || !strings.Contains(err.Error(), "use one plain path component") {
			t.Errorf("RelativeSafe(%q) = %q, want %q and the fix", tt.name, err, tt.problem)
		}
		if ce.ExitCode() != stateroots.ExitConfig {
			t.Errorf("RelativeSafe(%q).ExitCode() = %d", tt.name, ce.ExitCode())
		}
	}
}
