package report_test

import (
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

func TestModuleRelative(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) string {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("module x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("mod/go.mod")
	write("mod/nested/go.mod")
	write("mod/testdata/fix/go.mod")
	for name, want := range map[string]string{
		"mod/cmd/log/command.go":         "cmd/log/command.go",
		"mod/command.go":                 "command.go",
		"mod/nested/cmd/log/command.go":  "cmd/log/command.go", // its own module
		"mod/testdata/src/p/command.go":  "command.go",         // a fixture of mod: no module's
		"mod/testdata/fix/cmd/x/main.go": "cmd/x/main.go",      // a module of its own under testdata
		"outside/command.go":             "command.go",         // no go.mod above
	} {
		if got := report.ModuleRelative(filepath.Join(dir, filepath.FromSlash(name))); got != want {
			t.Errorf("ModuleRelative(%s) = %q, want %q", name, got, want)
		}
	}
	if got := report.ModuleRelative("cmd/log/command.go"); got != "command.go" {
		t.Errorf("ModuleRelative of a relative name = %q, want the base name", got)
	}
}

func TestPackageNames(t *testing.T) {
	tea := types.NewPackage("github.com/charmbracelet/bubbletea/v2", "tea")
	lipgloss := types.NewPackage("github.com/charmbracelet/lipgloss", "lipgloss")
	tea.SetImports([]*types.Package{lipgloss})
	main := types.NewPackage("github.com/charmbracelet/gum", "main")
	main.SetImports([]*types.Package{tea})
	name := report.PackageNames(main)
	for path, want := range map[string]string{
		"github.com/charmbracelet/gum":          "main",
		"github.com/charmbracelet/bubbletea/v2": "tea",
		"github.com/charmbracelet/lipgloss":     "lipgloss", // imported indirectly
		"github.com/x/unrelated":                "",
	} {
		if got := name(path); got != want {
			t.Errorf("name(%q) = %q, want %q", path, got, want)
		}
	}
}
