package kinds // want package:`artifacts\(cache:outputs/x.txt, cwd:"debug.log" relative to the working directory, devnull, global:cache/update.json, repo:state.json, temp:scratch, unknown, user\)`

// This fixture writes one artifact of every kind.

import (
	"flag"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

var out = flag.String("out", "", "where to write the report")

func rooted(project string, data []byte) error {
	repo, err := stateroots.RepoStateRoot(project, "px")
	if err != nil {
		return err
	}
	global, err := stateroots.GlobalStateRoot("px")
	if err != nil {
		return err
	}
	os.WriteFile(filepath.Join(global, "cache", "update.json"), data, 0o644)
	return os.WriteFile(filepath.Join(repo, "state.json"), data, 0o644)
}

func allowed(data []byte) {
	os.WriteFile(filepath.Join(os.TempDir(), "scratch"), data, 0o600)
	if cache, err := os.UserCacheDir(); err == nil {
		os.WriteFile(filepath.Join(cache, "outputs", "x.txt"), data, 0o644)
	}
	os.WriteFile(*out, data, 0o644)
	os.WriteFile(os.DevNull, data, 0o644)
}

func shadow(data []byte) {
	os.WriteFile("debug.log", data, 0o644)
	home, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join(home, ".other"), data, 0o644)
}

func unproven(save func(path string) error) error {
	return save("whatever") // a call through a func value: no write the inventory lists
}

func reads(project string) ([]byte, error) { // ok: reads are no artifacts
	repo, err := stateroots.RepoStateRoot(project, "px")
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(repo, "state.json"))
}
