// Command initclienv keeps its configuration in a directory the
// --config-dir flag, bound to an environment variable, overrides.
package main

import (
	"os"
	"path/filepath"

	"example.com/clikit"
	"example.com/initclienv/internal/dirs"
)

func main() {
	app := &clikit.App{
		Flags: []*clikit.StringFlag{
			{Name: "config-dir", EnvVars: []string{"CLIENV_CONFIG_DIR"}, Destination: &dirs.ConfigDirFlag},
			{Name: "log-level", EnvVars: []string{"CLIENV_LOG_LEVEL"}, Destination: &dirs.LogLevel},
		},
		Action: run,
	}
	_ = app.Run(os.Args)
}

func run() error {
	dir := dirs.ConfigDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), nil, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dirs.TrashDir(), "last"), nil, 0o644) // an ad hoc root, whatever the flags say
}
