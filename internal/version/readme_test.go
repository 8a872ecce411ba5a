package version

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeInstall checks the README's Install section against the
// module: the Go version it names is go.mod's, and it shows both routes,
// a release and a clone.
func TestReadmeInstall(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, install, _ := strings.Cut(string(readme), "\n## Install\n")
	install, _, _ = strings.Cut(install, "\n## ")
	for _, want := range []string{
		"staterootlint needs Go " + string(m[1]) + " or later",
		"go install github.com/staterootlint/staterootlint/cmd/staterootlint@latest\n",
		"git clone https://github.com/staterootlint/staterootlint\ncd staterootlint\ngo install ./cmd/staterootlint\n",
		"staterootlint --version",
	} {
		if !strings.Contains(install, want) {
			t.Errorf("README's Install section lacks %q:\n%s", want, install)
		}
	}
}
