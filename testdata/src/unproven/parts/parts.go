// Package parts: a part cut off the front of a path (strings.TrimPrefix,
// CutPrefix, Cut's second half, ReplaceAll, strings.Split on "/") is not
// where the whole path is. Of a rooted or home path it is unproven, not
// rooted and not a shadow write under the home directory; of the user's
// choice it stays the user's.
package parts

import (
	"flag"
	"os"
	"path/filepath"
	"strings"

	"github.com/staterootlint/staterootlint/stateroots"
)

var out = flag.String("out", "", "where to write")

func write(project, name string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	home, _ := os.UserHomeDir()
	full := filepath.Join(home, ".myapp-cache", name)

	_ = os.WriteFile(strings.TrimPrefix(full, home+"/"), data, 0o600) // want `os.WriteFile writes a part of a path under the home directory .*, cut by strings.TrimPrefix: not proven rooted`
	rel, _ := strings.CutPrefix(filepath.Join(root, "logs", name), root)
	_ = os.WriteFile(rel, data, 0o600) // want `a part of a path under the repo state root, cut by strings.CutPrefix`
	_, after, _ := strings.Cut(filepath.Join(root, "a:b"), ":")
	_ = os.WriteFile(after, data, 0o600) // want `cut by strings.Cut`
	for _, seg := range strings.Split(filepath.Join(root, "x", name), "/") {
		_ = os.WriteFile(seg, data, 0o600) // want `cut by strings.Split`
	}

	before, _, _ := strings.Cut(filepath.Join(root, "a.b"), ".")
	_ = os.WriteFile(before, data, 0o600)                                                  // ok: a prefix of a rooted path keeps its origin
	_ = os.WriteFile(strings.TrimPrefix(*out, "./"), data, 0o600)                          // ok: a part of the user's --out is the user's
	_ = os.WriteFile(strings.ReplaceAll(filepath.Join(root, "a"), "\\", "/"), data, 0o600) // want `cut by strings.ReplaceAll`
}
