package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/internal/driver"
)

// TestVetUnitDriverSameOutput runs go vet -vettool on every fixture module
// of the command twice, with the suite's own unit driver and with
// unitchecker (driver.VetDriverEnv), in text and -json form, and requires the
// same exit status and the same output. go vet prints units as they
// finish, so the units' outputs are compared in sorted order: lines of
// text, JSON trees.
func TestVetUnitDriverSameOutput(t *testing.T) {
	skipShort(t)
	bin := staterootlintBinary(t)
	mods, err := filepath.Glob(filepath.Join("testdata", "*", "go.mod"))
	if err != nil || len(mods) == 0 {
		t.Fatalf("no fixture modules: %v", err)
	}
	for _, mod := range mods {
		src := filepath.Dir(mod)
		t.Run(filepath.Base(src), func(t *testing.T) {
			t.Parallel()
			dir := copyModule(t, src)
			for _, flags := range [][]string{nil, {"-json"}} {
				vet := func(name string) (string, string, int) {
					args := append(append([]string{"vet", "-vettool=" + bin}, flags...), "./...")
					return runCommand(t, dir, append(modEnv, driver.VetDriverEnv+"="+name), "go", args...)
				}
				wantOut, wantErr, wantCode := vet(driver.VetDriverUnitchecker)
				out, errOut, code := vet("")
				if code != wantCode || !slices.Equal(jsonValues(t, out), jsonValues(t, wantOut)) || !slices.Equal(sortedLines(errOut), sortedLines(wantErr)) {
					t.Errorf("go vet %v: own driver: exit %d\n%s%s\nunitchecker: exit %d\n%s%s", flags, code, out, errOut, wantCode, wantOut, wantErr)
				}
			}
		})
	}
}

func sortedLines(s string) []string {
	lines := strings.Split(s, "\n")
	slices.Sort(lines)
	return lines
}

// jsonValues splits go vet -json output into its trees, as printed, sorted.
func jsonValues(t *testing.T, s string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	var values []string
	start := int64(0)
	for {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			if rest := strings.TrimSpace(s[start:]); rest != "" {
				values = append(values, rest) // not JSON: compared as it is
			}
			break
		}
		values = append(values, string(v))
		start = dec.InputOffset()
	}
	slices.Sort(values)
	return values
}
