package knowledge

import (
	"go/build"
	"path/filepath"
	"testing"
)

// TestFileInGOROOT: a declaration's file is the standard library's both
// as parsed from GOROOT and as the compiler names it in export data.
func TestFileInGOROOT(t *testing.T) {
	for name, want := range map[string]bool{
		filepath.Join(build.Default.GOROOT, "src", "net", "url", "url.go"): true,
		filepath.Join("$GOROOT", "src", "net", "url", "url.go"):            true,
		filepath.Join("/home", "u", "go", "pkg", "mod", "x.go"):            false,
		filepath.Join("$GOROOTX", "src", "a.go"):                           false,
	} {
		if got := FileInGOROOT(name); got != want {
			t.Errorf("FileInGOROOT(%q) = %v, want %v", name, got, want)
		}
	}
}
