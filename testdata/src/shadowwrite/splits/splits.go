// Package splits: splitting and reassembling strings keeps their origin,
// and env helpers return the variable their caller names.
package splits

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/staterootlint/staterootlint/stateroots"
)

func cmd() *cobra.Command {
	return &cobra.Command{
		Use: "copy SRC:DEST",
		RunE: func(c *cobra.Command, args []string) error {
			_, dest, _ := strings.Cut(args[0], ":")
			if err := os.MkdirAll(strings.TrimSpace(dest), 0o755); err != nil { // ok: part of the user's argument
				return err
			}
			for _, d := range strings.Split(args[0], ",") {
				os.MkdirAll(d, 0o755) // ok: an element of the user's list
			}
			for _, d := range strings.Fields(args[0]) {
				os.Remove(d) // ok
			}
			return os.WriteFile(strings.Join(strings.SplitN(args[0], "/", 3), "/"), nil, 0o644) // ok: reassembled
		},
	}
}

func roots(data []byte) {
	for _, r := range filepath.SplitList(os.Getenv("MYAPP_GLOBAL_STATE_ROOT")) {
		os.WriteFile(filepath.Join(r, "x"), data, 0o644) // ok: an element of the override's list
	}
	for _, r := range filepath.SplitList(os.Getenv("PATH")) {
		os.WriteFile(filepath.Join(r, "x"), data, 0o644) // want `os.WriteFile writes a path from the environment variable PATH`
	}
}

func halves(project string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	dir, file := filepath.Split(filepath.Join(root, "logs", "app.log"))
	os.MkdirAll(dir, 0o755)            // ok: the directory half of a rooted path
	os.WriteFile(file, data, 0o644) // want `os.WriteFile writes a bare file name from filepath.Split`
	before, _, _ := strings.Cut(filepath.Join(root, "a.b"), ".")
	os.WriteFile(before, data, 0o644) // ok: cut from a rooted path
}

// envOr returns the variable named name, or def when it is unset.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func useEnvOr(project string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	dir := envOr("MYAPP_GLOBAL_STATE_ROOT", root)
	os.WriteFile(filepath.Join(dir, "a"), data, 0o644) // ok: the override or a rooted default
	other := envOr("MYAPP_DATA", root)
	os.WriteFile(filepath.Join(other, "b"), data, 0o644) // want `os.WriteFile writes a path from the environment variable MYAPP_DATA`
	home, _ := os.UserHomeDir()
	fallback := envOr("MYAPP_GLOBAL_STATE_ROOT", filepath.Join(home, ".myapp"))
	os.WriteFile(filepath.Join(fallback, "c"), data, 0o644) // want `os.WriteFile writes a path under the home directory`
}
