// Package settings gathers the paths the commands use: each is the
// user's variable when it is set, else a path below the program's
// directories.
package settings

import (
	"os"

	"example.com/initenvor/internal/where"
)

// Settings are the paths the commands read and write.
type Settings struct {
	// Extensions is the directory extensions are unpacked into.
	Extensions string
	// Sources is the file listing the sources the program fetches from.
	Sources string
	// Credentials is the file login keeps its tokens in.
	Credentials string
	// Export is where export writes the report.
	Export string
	// Registry is the file a registry client keeps its logins in.
	Registry string
	// Pager is the program the output is paged with.
	Pager string
}

// Load reads the settings from the environment.
func Load() *Settings {
	s := &Settings{
		Extensions: orElse("ENVOR_EXTENSIONS", where.DataPath("extensions")),
		Sources:    orElse("ENVOR_SOURCES_CONFIG", where.ConfigPath("sources.yaml")),
		Export:     orElse("ENVOR_EXPORT", "report.txt"),
		Registry:   orElse("ENVOR_REGISTRY_CONFIG", where.ConfigPath("registry", "auth.json")),
		Pager:      orElse("ENVOR_PAGER", "less"),
	}
	if v := os.Getenv("ENVOR_CREDENTIALS_CONFIG"); v != "" {
		s.Credentials = v
	} else {
		s.Credentials = where.ConfigPath("credentials", "tokens.json")
	}
	return s
}

func orElse(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}
