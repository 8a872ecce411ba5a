// Command initreadonly writes its settings and reads its skills.
package main

import (
	"os"
	"path/filepath"

	"example.com/initreadonly/internal/dirs"
)

func main() {
	_ = os.WriteFile(filepath.Join(dirs.ConfigDir(), "settings.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(dirs.ConfigDir(), "auth.json"), nil, 0o600)
	for _, d := range dirs.SkillDirs() {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			_, _ = os.ReadFile(filepath.Join(d, e.Name(), "SKILL.md"))
		}
	}
}
