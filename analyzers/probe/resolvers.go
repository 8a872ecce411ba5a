package probe

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"sync"
)

// engineName is the name of the rootflow engine's analyzer.
const engineName = "rootflow"

// dotDirName is the shape of a state directory's name: ".myapp".
var dotDirName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\.[A-Za-z0-9][A-Za-z0-9._-]*$`) })

// xdgParents are the dot-directories of the XDG base directory layout
// (~/.config, ~/.local/state, ~/.cache): the parents of every program's
// directory, never a program's own state-dir.
var xdgParents = map[string]bool{".config": true, ".local": true, ".cache": true, ".share": true, ".state": true}

// notStateDir are dot-directories that are no program's own: the XDG
// parents and the git directory (a program's directory is inside it).
func notStateDir(name string) bool { return xdgParents[name] || name == ".git" }

// dotDir returns the first string literal in decl that names a program's
// own dot directory: the name a resolver joins onto the home directory.
func dotDir(decl ast.Node) string {
	var name string
	ast.Inspect(decl, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && name == "" {
			if s, err := strconv.Unquote(lit.Value); err == nil && dotDirName().MatchString(s) && !notStateDir(s) {
				name = s
			}
		}
		return name == ""
	})
	return name
}
