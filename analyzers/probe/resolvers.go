package probe

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
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

// notStateDir are dot-names that are no program's own directory: the XDG
// parents, the git directory (a program's directory is inside it), and a
// dot-file named like a file (".gopass.yml": a configuration file in the
// home directory).
func notStateDir(name string) bool {
	return xdgParents[name] || name == ".git" || fileName().MatchString(strings.TrimPrefix(name, "."))
}

// dotDir returns the first string literal in decl that names a program's
// own dot directory: the name a resolver joins onto the home directory,
// or the first element of a "~/.name" default expanded against it. A
// constant of the file that decl names counts as its literal. A compared
// string, a switch case, a map key or an index names no directory (a
// file extension, ".json", is compared), and is skipped.
func dotDir(decl ast.Node) string {
	var name string
	seen := map[*ast.Object]bool{}
	var inspect func(ast.Node)
	inspect = func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			if name != "" {
				return false
			}
			switch n := n.(type) {
			case *ast.CaseClause:
				for _, st := range n.Body {
					inspect(st)
				}
				return false
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					return false
				}
			case *ast.KeyValueExpr:
				inspect(n.Value)
				return false
			case *ast.IndexExpr:
				inspect(n.X)
				return false
			case *ast.Ident:
				if o := n.Obj; o != nil && o.Kind == ast.Con && !seen[o] {
					seen[o] = true
					if spec, ok := o.Decl.(*ast.ValueSpec); ok {
						for _, v := range spec.Values {
							inspect(v)
						}
					}
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return false
				}
				s, err := strconv.Unquote(n.Value)
				if err != nil {
					return false
				}
				if rest, ok := strings.CutPrefix(s, "~/"); ok {
					s, _, _ = strings.Cut(rest, "/")
				}
				if dotDirName().MatchString(s) && !notStateDir(s) {
					name = s
				}
			}
			return true
		})
	}
	inspect(decl)
	return name
}
