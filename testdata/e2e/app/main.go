// Command e2eapp is the fixture of staterootlint's end-to-end tests: the
// CLI, go vet -vettool and golangci-lint must report the same findings here.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"example.com/e2eapp/store"
)

func main() {
	// shadowwrite: a write relative to the working directory.
	if err := os.WriteFile("state.json", []byte("{}\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}

	// rootenv: the root override read outside the authority.
	fmt.Println(os.Getenv("E2EAPP_GLOBAL_STATE_ROOT"))

	// ok: temporary files are allowed.
	if f, err := os.CreateTemp("", "e2eapp-*"); err == nil {
		f.Close()
		os.Remove(f.Name())
	}
	_ = filepath.Join(os.TempDir(), "e2eapp")

	if err := store.Save([]byte("x")); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}
