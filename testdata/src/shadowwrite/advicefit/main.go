// Command advicefit writes outside every root next to authorities it
// cannot call (input.historyDir is unexported, vendorlib's are internal)
// or whose kind does not fit: the advice names only those it can call,
// of the kind that fits, else the stateroots function of that kind.
package main

import (
	"os"
	"path/filepath"

	"shadowwrite/advicefit/input"
	"shadowwrite/advicefit/vendorlib"
)

func main() {
	data := []byte("x")
	os.WriteFile("history.txt", data, 0o644) // want `^os\.WriteFile writes "history\.txt" relative to the working directory, outside every state root; derive the path from a state-root authority such as stateroots\.RepoStateRoot, take it from a flag`

	home, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join(home, ".advicefit-main"), data, 0o644) // want `^os\.WriteFile writes a path under the home directory from os\.UserHomeDir \(main\.go:19\), outside every state root; derive the path from this program's authority shadowwrite/advicefit/input\.ConfigDir \(global root\)$`

	os.WriteFile(filepath.Join(input.ConfigDir(), "settings"), data, 0o644) // ok: under an authority's root
	input.SaveHistory(data)
	input.Remember(data)
	vendorlib.Save(data)
}
