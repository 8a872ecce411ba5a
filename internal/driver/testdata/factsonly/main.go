// Command factsonly uses mid and paths: its dependencies are analyzed for
// their facts only when it alone is linted.
package main

import (
	"os"
	"path/filepath"

	"example.com/factsonly/mid"
	"example.com/factsonly/paths"
)

func main() {
	_ = mid.Open("a").Save(nil)
	_ = os.WriteFile(filepath.Join(paths.Home, "x"), nil, 0o644)
	_ = os.WriteFile(mid.Root("ok"), nil, 0o644)
	_ = mid.Log()
	_ = paths.NewStore(paths.Cache).Saver()(nil)
}
