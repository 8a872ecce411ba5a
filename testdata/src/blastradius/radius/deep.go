package radius

import (
	"os"
	"path/filepath"
)

// deep claims to write logs only but reaches the database ten calls down:
// reaches are followed callee-first, so the depth does not matter. The
// message names the first calls and the last; the ones between are
// elided (maxChain).
//
//staterootlint:may-write repo:logs/**
func deep(project string, data []byte) error { // want `deep may write only repo:logs/\*\*, but it reaches os.WriteFile of repo:deep.db at deep.go:\d+ via radius.d1 → radius.d2 → radius.d3 → radius.d4 → radius.d5 → radius.d6 → … → radius.d10`
	return d1(layout(project).Repo, data)
}

func d1(dir string, data []byte) error { return d2(dir, data) }

func d2(dir string, data []byte) error { return d3(dir, data) }

func d3(dir string, data []byte) error { return d4(dir, data) }

func d4(dir string, data []byte) error { return d5(dir, data) }

func d5(dir string, data []byte) error { return d6(dir, data) }

func d6(dir string, data []byte) error { return d7(dir, data) }

func d7(dir string, data []byte) error { return d8(dir, data) }

func d8(dir string, data []byte) error { return d9(dir, data) }

func d9(dir string, data []byte) error { return d10(dir, data) }

func d10(dir string, data []byte) error {
	return os.WriteFile(filepath.Join(dir, "deep.db"), data, 0o644)
}
