package probe

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// This file finds a dependency's flag accessors: a command-line library's
// method that returns the value the user gave a flag
// (ctx.String("out")). The engine follows the accessor into the flag
// Value's String method, which prints the value ("%#v" of a list), and
// reports that print as a path relative to the working directory; what
// the accessor returns is the user's choice, which the configuration
// declares with the kind user.
//
// The accessor is found from the engine's view: a dependency function's
// results carry an origin that arose in a String method of a type that
// also has Set(string) error (the flag.Value shape, which every flag
// library follows), and the program calls it (UsedFunc maps its
// objectpath to the name a configuration writes). Unsound where a
// library's Value prints a path of its own choosing rather than the
// user's text; a flag's default is the program's choice too, and is
// taken as the user's, as the hand-written files of such programs do.

// flagAccessor records, for a dependency function pf.Path+"."+obj whose
// results carry origins that arose in a flag Value's String method, those
// origins' sites, when the program calls it (used, by package).
func (g *gatherer) flagAccessor(pf *driver.PackageFacts, obj string, fact *rootflow.FuncFact, used map[[2]string][]UsedFunc) {
	uses := used[[2]string{pf.Path, obj}]
	if pf.Main || len(uses) == 0 {
		return
	}
	var at []site
	for _, v := range fact.Results {
		for _, o := range v {
			if o.Kind == rootflow.Bad && o.At.IsValid() && g.flagValueString(o.At.Filename, o.At.Line) {
				at = append(at, site{o.At.Filename, o.At.Line})
			}
		}
	}
	if len(at) == 0 {
		return
	}
	c := g.byName[uses[0].Name]
	if c == nil {
		var decl ast.Node
		if typ, method, ok := splitMethod(uses[0].Name); ok {
			decl = g.methodDecl(pf, typ, method)
		}
		c = g.candidate(uses[0].Name, pf, "flag accessor", decl)
		c.StateDir = ""
	}
	c.User = true
	c.Shape = "flag accessor"
	for _, s := range at {
		if !slices.Contains(c.flagAt, s) {
			c.flagAt = append(c.flagAt, s)
		}
	}
	if c.usedBy == nil {
		c.usedBy = map[string]bool{}
	}
	for _, u := range uses {
		c.usedBy[u.By] = true
	}
}

// flagValueString reports whether line of file is in a method String()
// string of a type that also has a method Set(string) error in its
// package: a flag Value printing itself.
func (g *gatherer) flagValueString(file string, line int) bool {
	key := site{file, line}
	if v, ok := g.flagValues[key]; ok {
		return v
	}
	g.flagValues[key] = false
	f := g.file(file)
	if f == nil {
		return false
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Name.Name != "String" ||
			g.fset.Position(fd.Pos()).Line > line || line > g.fset.Position(fd.End()).Line {
			continue
		}
		typ, _ := recvType(fd.Recv.List[0].Type)
		set := g.methodDecl(&driver.PackageFacts{Dir: filepath.Dir(file)}, typ, "Set")
		ok = typ != "" && set != nil && len(fd.Type.Params.List) == 0 &&
			set.Type.Params.NumFields() == 1 && set.Type.Results.NumFields() == 1 && isIdent(set.Type.Results.List[0].Type, "error") && isIdent(set.Type.Params.List[0].Type, "string")
		g.flagValues[key] = ok
		return ok
	}
	return false
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// methodDecl returns the declaration of method name of type typ in pf's
// directory, or nil.
func (g *gatherer) methodDecl(pf *driver.PackageFacts, typ, name string) *ast.FuncDecl {
	for _, f := range g.dir(pf.Dir) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 && fd.Name.Name == name {
				if t, _ := recvType(fd.Recv.List[0].Type); t == typ {
					return fd
				}
			}
		}
	}
	return nil
}

// splitMethod splits a method's configuration name "(*pkg/path.T).M"
// into T and M.
func splitMethod(name string) (typ, method string, ok bool) {
	recv, method, ok := strings.Cut(strings.TrimPrefix(name, "("), ").")
	if !ok || !strings.HasPrefix(name, "(") {
		return "", "", false
	}
	recv = strings.TrimPrefix(recv, "*")
	return recv[strings.LastIndex(recv, ".")+1:], method, true
}

// FlagSites renders where the flag values print themselves:
// "flagkit.go:30".
func (c *Candidate) FlagSites() string {
	var out []string
	for _, s := range c.flagAt {
		out = append(out, fmt.Sprintf("%s:%d", report.ModuleRelative(s.file), s.line))
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), ", ")
}
