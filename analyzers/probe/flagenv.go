package probe

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// This file finds the overrides that reach a resolver through a
// command-line flag bound to environment variables, as urfave/cli-style
// libraries declare them: a flag is a composite literal naming the
// variables that may set it and the variable its value is stored into
// (&cli.StringFlag{Name: "config-dir", EnvVars: []string{"APP_CONFIG_DIR"},
// Destination: &configDir}); the resolver reads that variable before it
// falls back to the home directory. The engine sees no environment
// variable there (the library reads it), so the resolver looks like an
// ad hoc root built on the home directory alone: the flag's environment
// variables are its overrides.
//
// The shape is syntax, in the main module's analyzed packages: a
// composite literal with a Destination field that takes the address of a
// package variable, and an EnvVars field (a list of string constants),
// an EnvVar field (one constant, names separated by commas, as urfave/cli
// v1 has it) or a Sources field that calls a function named EnvVars with
// constants (urfave/cli v3). Unsound where another library's struct has
// fields of those names that mean something else; a variable read in a
// resolver under another name (a copy, a field) is not seen.

// flagBinding is a package variable a flag stores its value into, and
// the environment variables that may set it.
type flagBinding struct {
	flag string   // the flag's Name, "" when it has none
	env  []string // the environment variables naming it
	at   string   // where the flag is declared, "main.go:16"
}

// flagEnvs adds to each candidate function or method that reads a
// package variable bound to a flag the flag's environment variables, as
// overrides it reads.
func (g *gatherer) flagEnvs() {
	bound := map[string]flagBinding{} // by variable: "pkg/path.V"
	for _, pf := range g.byDir {
		if !pf.Main {
			continue
		}
		for _, f := range g.dir(pf.Dir) {
			imports := importNames(f)
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				b, v := flagOf(lit, pf.Path, imports)
				if v != "" && len(b.env) > 0 {
					pos := g.fset.Position(lit.Pos())
					b.at = fmt.Sprintf("%s:%d", report.ModuleRelative(pos.Filename), pos.Line)
					bound[v] = b
				}
				return true
			})
		}
	}
	if len(bound) == 0 {
		return
	}
	for _, c := range g.byName {
		if c.Shape == "package variable" || c.Shape == "field" || c.User || c.file == "" {
			continue
		}
		pf := g.byDir[filepath.Dir(c.file)]
		if pf == nil {
			continue
		}
		for _, v := range g.readVars(c, pf.Path) {
			b, ok := bound[v]
			if !ok {
				continue
			}
			for _, e := range b.env {
				c.add("$" + e)
				if c.flagEnv == nil {
					c.flagEnv = map[string]string{}
				}
				what := "the flag"
				if b.flag != "" {
					what = "the --" + b.flag + " flag"
				}
				c.flagEnv[e] = fmt.Sprintf("%s bound to it at %s, stored into %s", what, b.at, lattice.ShortName(v))
			}
		}
	}
}

// flagOf reads a flag's composite literal: the binding and the full
// name of the package variable its Destination takes the address of
// ("" when it has none or is no flag). pkg is the literal's package;
// imports map its file's import names to paths.
func flagOf(lit *ast.CompositeLit, pkg string, imports map[string]string) (flagBinding, string) {
	var b flagBinding
	v := ""
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		switch key.Name {
		case "Name":
			b.flag, _ = stringConst(kv.Value)
		case "Destination":
			u, ok := kv.Value.(*ast.UnaryExpr)
			if !ok || u.Op != token.AND {
				continue
			}
			switch x := u.X.(type) {
			case *ast.Ident:
				v = pkg + "." + x.Name
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && imports[id.Name] != "" {
					v = imports[id.Name] + "." + x.Sel.Name
				}
			}
		case "EnvVars":
			if l, ok := kv.Value.(*ast.CompositeLit); ok {
				b.env = append(b.env, stringConsts(l.Elts)...)
			}
		case "EnvVar":
			if s, ok := stringConst(kv.Value); ok {
				for _, name := range strings.Split(s, ",") {
					if name = strings.TrimSpace(name); name != "" {
						b.env = append(b.env, name)
					}
				}
			}
		case "Sources":
			if call, ok := kv.Value.(*ast.CallExpr); ok && calleeName(call) == "EnvVars" {
				b.env = append(b.env, stringConsts(call.Args)...)
			}
		}
	}
	return b, v
}

// readVars returns the full names of the package variables c's
// declaration refers to: by their name in c's own package pkg, or
// through an import.
func (g *gatherer) readVars(c *Candidate, pkg string) []string {
	f := g.file(c.file)
	if f == nil {
		return nil
	}
	imports := importNames(f)
	var out []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || g.fset.Position(fd.Pos()).Line != c.from {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok && id.Obj == nil && imports[id.Name] != "" {
					out = append(out, imports[id.Name]+"."+n.Sel.Name)
				}
				return false
			case *ast.Ident:
				// A local variable of the same name is resolved by the
				// parser (Obj set); a package-level one of another file
				// is not.
				if n.Obj == nil || n.Obj.Kind == ast.Var && isTopLevel(f, n.Obj) {
					out = append(out, pkg+"."+n.Name)
				}
			}
			return true
		})
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// isTopLevel reports whether obj is declared at the top level of f.
func isTopLevel(f *ast.File, obj *ast.Object) bool {
	return f.Scope != nil && f.Scope.Lookup(obj.Name) == obj
}

// importNames maps the names a file's imports are used by to their
// paths (the last element of the path when the import is not renamed).
func importNames(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out[name] = p
	}
	return out
}

// calleeName is the name a call's function is spelt with: "EnvVars" of
// cli.EnvVars(...).
func calleeName(call *ast.CallExpr) string {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// stringConst returns the value of a string literal.
func stringConst(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// stringConsts returns the values of the string literals among es.
func stringConsts(es []ast.Expr) []string {
	var out []string
	for _, e := range es {
		if s, ok := stringConst(e); ok && s != "" {
			out = append(out, s)
		}
	}
	return out
}
