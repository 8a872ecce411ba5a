// Package flagged runs a command whose output directory and spool are
// flags the user gives: what the flag library's accessor returns is the
// user's choice.
package flagged

import (
	"os"
	"path/filepath"

	"example.com/flagkit"
)

// Run writes the report into the user's --out and spools into --spool.
func Run(c *flagkit.Context) {
	_ = os.WriteFile(filepath.Join(c.String("out"), "report.txt"), nil, 0o644)
	_ = os.MkdirAll(c.String("spool"), 0o755)
	// The level's name prints a value that is no flag's: a directory
	// named after it in the working directory is the program's own choice.
	_ = os.MkdirAll(filepath.Join(c.LevelName(), "trace"), 0o755)
}
