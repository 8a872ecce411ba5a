package knowledge

import (
	"go/build"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// InGOROOT reports whether the pass analyzes a standard library package.
// The analyzers with facts model the standard library by this table
// instead of analyzing it (unless their analyze-std flag is set), so a
// driver that sees every such analyzer's flag false may skip those
// packages as dependencies.
func InGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	// The position, not the parsed file's name: with cgo (net, os/user)
	// the parsed files are cgo's translations in the build cache, and
	// their //line directives name the files in GOROOT.
	return FileInGOROOT(pass.Fset.Position(pass.Files[0].Package).Filename)
}

// goroot is GOROOT with a trailing separator.
var goroot = filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)

// FileInGOROOT reports whether a source file (a position's file name,
// also for a declaration read from export data) is the standard
// library's. The compiler writes the standard library's file names into
// export data as "$GOROOT/src/...".
func FileInGOROOT(name string) bool {
	return strings.HasPrefix(name, goroot) || strings.HasPrefix(name, "$GOROOT"+string(filepath.Separator))
}
