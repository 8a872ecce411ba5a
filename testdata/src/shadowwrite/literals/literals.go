package literals

import (
	"fmt"
	"os"
	"path/filepath"
)

func relative(data []byte) {
	os.WriteFile("state.json", data, 0o644) // want `os.WriteFile writes "state.json" relative to the working directory, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot`
}

func absolute() {
	os.Create("/var/tmp/app.pid") // want `os.Create writes the fixed path "/var/tmp/app.pid", outside every state root`
}

func joined(name string, data []byte) {
	os.WriteFile(filepath.Join("logs", name), data, 0o644) // want `os.WriteFile writes "logs/\*" relative to the working directory`
}

func formatted(id int) {
	os.MkdirAll(fmt.Sprintf("runs-%d", id), 0o755) // want `os.MkdirAll writes "runs-\*" relative to the working directory`
}

func concatenated(name string) {
	os.Remove("cache/" + name) // want `os.Remove writes "cache/\*" relative to the working directory`
}

func renamed(data []byte) {
	os.Rename("a.tmp", "a.json") // want `^os\.Rename writes "a\.(tmp|json)" relative to the working directory or "a\.(json|tmp)" relative to the working directory, outside every state root; .*allow-write cwd:a\.(tmp|json) cwd:a\.(json|tmp)$`
}

func devnull() {
	os.WriteFile(os.DevNull, nil, 0o644) // ok: os.DevNull is allowed
}
