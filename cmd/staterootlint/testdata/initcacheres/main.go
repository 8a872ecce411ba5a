// Command initcacheres keeps settings in its configuration directory,
// downloads and models in its caches.
package main

import (
	"os"
	"path/filepath"

	"example.com/initcacheres/internal/dirs"
)

func main() {
	_ = os.WriteFile(filepath.Join(dirs.ConfigDir(), "settings.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(dirs.ConfigDir(), "auth.json"), nil, 0o600)
	_ = os.WriteFile(filepath.Join(dirs.CacheDir(), "index.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(dirs.CacheDir(), "dl.tmp"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(dirs.ModelCache(), "m.bin"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(dirs.ModelCache(), "m.json"), nil, 0o644)
}
