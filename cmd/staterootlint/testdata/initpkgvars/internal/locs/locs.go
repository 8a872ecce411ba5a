// Package locs decides, once at start-up, where the program keeps its
// files: below the directory its override variable names, else below
// the XDG bases of a resolver library, with its name below each. The
// rest of the program reads the package variables Init fills.
package locs

import (
	"os"
	"path/filepath"

	"example.com/xdgstruct"
)

const (
	// ConfigDirEnv names the directory that replaces every other.
	ConfigDirEnv = "PVAPP_CONFIG_DIR"
	// LogsDirEnv names the directory the log is kept in.
	LogsDirEnv = "PVAPP_LOGS_DIR"
	appName    = "pvapp"
)

var (
	// ConfigDir holds the configuration.
	ConfigDir string
	// ConfigFile is the main configuration file.
	ConfigFile string
	// DumpsDir holds the screen dumps.
	DumpsDir string
	// ClustersDir holds one directory per cluster.
	ClustersDir string
	// LogFile is the program's log.
	LogFile string
)

// Init fills the locations.
func Init() error {
	if isSet(ConfigDirEnv) {
		ConfigDir = os.Getenv(ConfigDirEnv)
		DumpsDir = filepath.Join(ConfigDir, "dumps")
		ClustersDir = filepath.Join(ConfigDir, "clusters")
		ConfigFile = filepath.Join(ConfigDir, "config.yaml")
		return nil
	}
	var err error
	if ConfigDir, err = xdgstruct.ConfigFile(appName); err != nil {
		return err
	}
	if ConfigFile, err = xdgstruct.ConfigFile(filepath.Join(appName, "config.yaml")); err != nil {
		return err
	}
	if DumpsDir, err = xdgstruct.StateFile(filepath.Join(appName, "dumps")); err != nil {
		return err
	}
	data, err := xdgstruct.DataFile(appName)
	if err != nil {
		return err
	}
	ClustersDir = filepath.Join(data, "clusters")
	return nil
}

// InitLog fills LogFile.
func InitLog() error {
	var dir string
	switch {
	case isSet(LogsDirEnv):
		dir = os.Getenv(LogsDirEnv)
	case isSet(ConfigDirEnv):
		dir = filepath.Join(os.TempDir(), appName)
	default:
		var err error
		if dir, err = xdgstruct.StateFile(appName); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	LogFile = filepath.Join(dir, "pvapp.log")
	return nil
}

// EnsureAliases writes the aliases file when there is none.
func EnsureAliases() error {
	f := filepath.Join(ConfigDir, "aliases.yaml")
	if _, err := os.Stat(f); err == nil {
		return nil
	}
	return os.WriteFile(f, []byte("aliases: {}\n"), 0o600)
}

// ClusterDir returns the directory of one cluster.
func ClusterDir(name string) string {
	return filepath.Join(ClustersDir, name)
}

func isSet(name string) bool {
	_, ok := os.LookupEnv(name)
	return ok
}
