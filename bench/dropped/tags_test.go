package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/staterootlint/staterootlint/internal/config"
)

// TestExplainerBuildTags: the engine's second run loads the files the
// lint's build tags select (a corpus program's module file may give
// --tags), so a write in such a file is explained, not missing.
func TestExplainerBuildTags(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":    "module example.com/tagged\n\ngo 1.22\n",
		"main.go":   "package main\n\nfunc main() { save() }\n",
		"save.go":   "//go:build special\n\npackage main\n\nimport \"os\"\n\nfunc save() { _ = os.WriteFile(\"saved.txt\", nil, 0o644) }\n",
		"nosave.go": "//go:build !special\n\npackage main\n\nfunc save() {}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &config.Config{}
	places := Places{Dir: dir}
	saved := &Write{Op: "os.WriteFile", At: "save.go:7"}
	for _, c := range []struct {
		flags []string
		want  bool
	}{{nil, false}, {[]string{"-tags=special"}, true}} {
		ex, err := newGraphExplainer(context.Background(), places, cfg, []string{"./..."}, c.flags)
		if err != nil {
			t.Fatalf("build flags %q: %v", c.flags, err)
		}
		if got := len(ex.SitesFor(saved)) > 0; got != c.want {
			t.Errorf("build flags %q: the write in save.go explained = %v, want %v", c.flags, got, c.want)
		}
	}
}
