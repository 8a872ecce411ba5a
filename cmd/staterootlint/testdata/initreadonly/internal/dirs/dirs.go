// Package dirs resolves the program's configuration directory and the
// directories it loads skills from.
package dirs

import (
	"os"
	"path/filepath"
)

// ConfigDir is $ROAPP_CONFIG_DIR, else $XDG_CONFIG_HOME/roapp, else
// ~/.config/roapp.
func ConfigDir() string {
	if d := os.Getenv("ROAPP_CONFIG_DIR"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "roapp")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config", "roapp")
}

// SkillDirs are the directories skills are loaded from: those of
// $ROAPP_SKILLS_PATH, the program's own, and another tool's.
func SkillDirs() []string {
	var dirs []string
	if p := os.Getenv("ROAPP_SKILLS_PATH"); p != "" {
		dirs = append(dirs, filepath.SplitList(p)...)
	}
	home, _ := os.UserHomeDir()
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		dirs = append(dirs, filepath.Join(x, "roapp", "skills"))
	}
	return append(dirs, filepath.Join(home, ".config", "roapp", "skills"), filepath.Join(home, ".othertool", "skills"))
}
