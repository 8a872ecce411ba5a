// Package filecontent writes a cache directory tag (a CACHEDIR.TAG file
// whose content starts "Signature: 8a47...") in the shapes a tool keeps
// a file's name beside its content: a map or a table of name and content
// ranged over, a struct with both fields, a "name:content" spec cut or
// split, helpers that take both. The path is the name joined below the
// directory, never the content: a finding quotes the directory and the
// name (or "*" for a name the analysis does not spell), and a write below
// the user's cache directory is quiet, whatever the content says.
package filecontent

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

const tagSignature = "Signature: 8a477f597d28d172789f06886806bc55\n"

const tagSpec = "CACHEDIR.TAG:" + tagSignature

// backupDir is a directory of the tool's own relative to the working
// directory: every write below it is reported.
func backupDir() string {
	return filepath.Join("cache", "backup")
}

// cacheDir is below the user's cache directory: writes there are quiet.
func cacheDir() string {
	dir, _ := os.UserCacheDir()
	return filepath.Join(dir, "backup")
}

var markers = map[string]string{"CACHEDIR.TAG": tagSignature}

type markerFile struct {
	name    string
	content string
}

func byMap() {
	dir := backupDir()
	for name, content := range map[string]string{"CACHEDIR.TAG": tagSignature} {
		os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	}
}

func byVar() {
	for name, content := range markers {
		os.WriteFile(filepath.Join(backupDir(), name), []byte(content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
		os.WriteFile(filepath.Join(cacheDir(), name), []byte(content), 0o644)  // ok: below the cache directory
	}
}

func byStruct() {
	for _, f := range []markerFile{{name: "CACHEDIR.TAG", content: tagSignature}} {
		os.WriteFile(filepath.Join(backupDir(), f.name), []byte(f.content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
		os.WriteFile(filepath.Join(cacheDir(), f.name), []byte(f.content), 0o644)  // ok: below the cache directory
	}
}

func byPointer() {
	t := &markerFile{name: "CACHEDIR.TAG", content: tagSignature}
	os.WriteFile(filepath.Join(backupDir(), t.name), []byte(t.content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
}

func byMapOfStructs() {
	for _, f := range map[string]markerFile{"tag": {"CACHEDIR.TAG", tagSignature}} {
		os.WriteFile(filepath.Join(backupDir(), f.name), []byte(f.content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	}
}

func byArrays() {
	for _, f := range [][2]string{{"CACHEDIR.TAG", tagSignature}} {
		os.WriteFile(filepath.Join(backupDir(), f[0]), []byte(f[1]), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	}
	f := [2]string{"CACHEDIR.TAG", tagSignature}
	os.WriteFile(filepath.Join(backupDir(), f[0]), []byte(f[1]), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
}

func bySpecs() {
	for _, spec := range []string{tagSpec} {
		name, content, _ := strings.Cut(spec, ":")
		os.WriteFile(filepath.Join(backupDir(), name), []byte(content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
		os.WriteFile(filepath.Join(cacheDir(), name), []byte(content), 0o644)  // ok: below the cache directory
		parts := strings.SplitN(spec, ":", 2)
		os.WriteFile(filepath.Join(backupDir(), parts[0]), []byte(parts[1]), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	}
}

func byConstantSpec() {
	name, content, _ := strings.Cut(tagSpec, ":")
	os.WriteFile(filepath.Join(backupDir(), name), []byte(content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	parts := strings.SplitN(tagSpec, ":", 2)
	os.WriteFile(filepath.Join(backupDir(), parts[0]), []byte(parts[1]), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	i := strings.Index(tagSpec, ":")
	os.WriteFile(filepath.Join(backupDir(), tagSpec[:i]), []byte(tagSpec[i+1:]), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	trimmed := strings.TrimSuffix(tagSpec, ":"+tagSignature)
	os.WriteFile(filepath.Join(backupDir(), trimmed), []byte(tagSignature), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
	spec := fmt.Sprintf("%s:%s", "CACHEDIR.TAG", tagSignature)
	name, content, _ = strings.Cut(spec, ":")
	os.WriteFile(filepath.Join(backupDir(), name), []byte(content), 0o644) // want `os.WriteFile writes "cache/backup/\*" relative to the working directory`
}

func byCreate() {
	f, _ := os.Create(filepath.Join(backupDir(), "CACHEDIR.TAG")) // want `os.Create writes "cache/backup/CACHEDIR.TAG" relative to the working directory`
	f.WriteString(tagSignature)
	f.Close()
	g, _ := os.Create(filepath.Join(cacheDir(), "CACHEDIR.TAG")) // ok: below the cache directory
	g.WriteString(tagSignature)
	g.Close()
}

func writeMarker(dir, name, content string) error {
	return os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
}

func writePairs(dir string, kv ...string) {
	for i := 0; i+1 < len(kv); i += 2 {
		os.WriteFile(filepath.Join(dir, kv[i]), []byte(kv[i+1]), 0o644)
	}
}

func writeSpec(dir, spec string) {
	name, content, _ := strings.Cut(spec, ":")
	os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
}

func (f markerFile) writeIn(dir string) error {
	return os.WriteFile(filepath.Join(dir, f.name), []byte(f.content), 0o644)
}

func byHelpers() {
	writeMarker(backupDir(), "CACHEDIR.TAG", tagSignature)                      // want `filecontent.writeMarker receives "cache/backup" relative to the working directory`
	writeMarker(cacheDir(), "CACHEDIR.TAG", tagSignature)                       // ok: below the cache directory
	writePairs(backupDir(), "CACHEDIR.TAG", tagSignature)                       // want `filecontent.writePairs receives "cache/backup" relative to the working directory`
	writeSpec(backupDir(), tagSpec)                                             // want `filecontent.writeSpec receives "cache/backup" relative to the working directory`
	writeSpec(cacheDir(), tagSpec)                                              // ok: below the cache directory
	markerFile{"CACHEDIR.TAG", tagSignature}.writeIn(backupDir())               // want `\(filecontent.markerFile\).writeIn receives "cache/backup" relative to the working directory`
	markerFile{name: "CACHEDIR.TAG", content: tagSignature}.writeIn(cacheDir()) // ok: below the cache directory
}
