package probe

import (
	"fmt"
	"go/ast"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// This file finds the program's project directories: a function that
// walks up from the working directory to the directory holding a marker
// (a loop that checks a name joined on a directory with os.Stat or
// os.Lstat and moves to filepath.Dir of it, returning the directory),
// and a field or package variable filled with a dot-directory joined on
// the working directory (an option whose default is "<cwd>/.app"). Both
// hand out a directory of the project the program runs in: proposed
// =repo, the dot-directory the program keeps below it as state-dir. So
// does a method joining a setting below a field that holds the project
// directory itself (the working directory, or a directory the program
// changes into), which the writes through the field take: the tool's
// own directory in the project (projectFields). The engine sees an
// os.Getwd origin; the walk is syntax. Unsound where the marker is
// another program's (a .git directory found to locate a repository
// whose files the program only reads): what the program writes below it
// is then the user's; and where the setting a method joins below the
// project directory names the user's output (a build directory the
// user reads): an authority then hides its writes.

// projectFields makes a repo root of each method of the main module
// that joins a setting or a name below a field holding the project
// directory the program runs in, and that the writes through the field
// go through (its result is an argument of the call a finding through
// the field is reported at, or of the write it reaches). The field holds the project directory when one of its values is
// the working directory ("." or os.Getwd) or a directory the program
// changes into (a --cwd-style option: an environment variable read
// where os.Chdir is called). The field itself is none: every file of
// the project is below it. A method with a home-like source among its
// own is left to the other shapes.
func (g *gatherer) projectFields(stores map[string][]rootflow.Origin, origins []FindingOrigin) {
	for _, key := range slices.Sorted(maps.Keys(stores)) {
		pkgPath := cellPackage(key)
		pf := g.byPath[pkgPath]
		if pf == nil || !pf.Main || cellName(key) == key || !slices.ContainsFunc(stores[key], g.workingDir) {
			continue
		}
		typ, field, _ := strings.Cut(strings.TrimPrefix(key, pkgPath+"."), ".")
		if strings.Contains(typ, "{") || strings.ContainsAny(field, "@.") {
			continue // a field of an unnamed or nested struct
		}
		hop := "field " + lattice.ShortName(key)
		for _, d := range g.getters(pf, typ, field) {
			if d.Type.Params.NumFields() > 0 || !joinsBelow(d, field) {
				continue
			}
			var at []string
			for _, o := range origins {
				if slices.Contains(o.Through, hop) && (g.takesResultAt(o.Pos, d.Name.Name) || g.takesResultAt(o.Write, d.Name.Name)) {
					at = append(at, o.Pos)
				}
			}
			if len(at) == 0 {
				continue
			}
			c := g.funcCandidate(pf, d, "method")
			if len(c.Home) > 0 {
				continue
			}
			if !memoizes(d) {
				c.Shape = "method" // not a getter keeping a resolved path (store)
			}
			c.add("<repo>/")
			c.workdir = hop
			c.cells = appendNew(c.cells, hop)
			for _, o := range stores[key] {
				if env := o.EnvVar(); env != "" && ownOverride(env) && o.At.IsValid() {
					c.add("$" + env)
				}
			}
			if c.kept == nil {
				c.kept = map[string]bool{}
			}
			for _, pos := range at {
				c.kept[pos] = true
			}
		}
	}
}

// workingDir reports whether o, stored into a field, is the working
// directory itself: "." or os.Getwd with nothing below, or an
// environment variable read in a function that calls os.Chdir (the
// directory the program changes into).
func (g *gatherer) workingDir(o rootflow.Origin) bool {
	if o.Kind != rootflow.Bad || !o.At.IsValid() || o.Path != "" {
		return false
	}
	switch {
	case o.Cause == rootflow.CauseCwd:
		return true
	case o.Rel && (o.Lit == "." || o.Lit == "./"):
		return true
	case o.EnvVar() != "":
		fd := g.funcDeclAt(o.At.Filename, o.At.Line)
		return fd != nil && callsQual(fd, "os.Chdir")
	}
	return false
}

// joinsBelow reports whether method d returns a path built below its
// receiver's field: a call taking the field and more (a join), or the
// field with something appended.
func joinsBelow(d *ast.FuncDecl, field string) bool {
	recv := d.Recv.List[0].Names[0].Name
	isField := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != field {
			return false
		}
		id, ok := sel.X.(*ast.Ident)
		return ok && id.Name == recv
	}
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return !found
		}
		switch r := ret.Results[0].(type) {
		case *ast.CallExpr:
			found = found || len(r.Args) > 1 && slices.ContainsFunc(r.Args, isField)
		case *ast.BinaryExpr:
			found = found || r.Op == token.ADD && isField(r.X)
		}
		return !found
	})
	return found
}

// funcDeclAt returns the function declaration holding line of file, in
// a file that is neither a test's nor generated, or nil.
func (g *gatherer) funcDeclAt(file string, line int) *ast.FuncDecl {
	f := g.file(file)
	if f == nil || skipFile(g.fset, f) {
		return nil
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && g.fset.Position(fd.Pos()).Line <= line && line <= g.fset.Position(fd.End()).Line {
			return fd
		}
	}
	return nil
}

// takesResultAt reports whether the call at a position ("/abs/file.go:12:3",
// its opening parenthesis, where the engine reports a write or a call
// passing a path on) takes the result of a method or function named
// name: a call of it among its arguments, or a variable of the
// function assigned from one.
func (g *gatherer) takesResultAt(pos, name string) bool {
	file, line, ok := posLine(pos)
	if !ok {
		return false
	}
	col, _ := strconv.Atoi(pos[strings.LastIndex(pos, ":")+1:])
	fd := g.funcDeclAt(file, line)
	if fd == nil || fd.Body == nil {
		return false
	}
	calls := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && calleeName(call) == name {
				found = true
			}
			return !found
		})
		return found
	}
	held := map[string]bool{} // the function's variables assigned from a call of name
	var at *ast.CallExpr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && i < len(n.Rhs) && calls(n.Rhs[i]) {
					held[id.Name] = true
				}
			}
		case *ast.CallExpr:
			if p := g.fset.Position(n.Lparen); p.Line == line && p.Column == col {
				at = n
			}
		}
		return true
	})
	if at == nil {
		return false
	}
	for _, a := range at.Args {
		if calls(a) {
			return true
		}
		if id, ok := a.(*ast.Ident); ok && held[id.Name] {
			return true
		}
	}
	return false
}

// callsQual reports whether d calls pkg.F, named by its selector
// (qual "os.Chdir", "os.Getwd").
func callsQual(d *ast.FuncDecl, qual string) bool {
	found := false
	if d.Body == nil {
		return false
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && qualName(call) == qual {
			found = true
		}
		return !found
	})
	return found
}

// projectRoots makes a candidate of every function of the main module's
// analyzed packages that walks up from the working directory for a
// marker and returns the directory holding it.
func (g *gatherer) projectRoots() {
	g.pathFuncs(func(pf *driver.PackageFacts, _ *ast.File, fd *ast.FuncDecl) {
		if !callsQual(fd, "os.Getwd") {
			return
		}
		marker, ok := walksUpFor(fd)
		if !ok {
			return
		}
		if c := g.byName[pf.Path+"."+fd.Name.Name]; c != nil && (c.Finder || len(c.Home) > 0 || len(c.Env) > 0) {
			return
		}
		shape := "function"
		if fd.Recv != nil {
			shape = "method"
		}
		c := g.funcCandidate(pf, fd, shape)
		c.Repo, c.marker, c.StateDir = true, marker, ""
	})
}

// walksUpFor reports whether d has a loop that checks a name joined on a
// directory with os.Stat or os.Lstat and moves to filepath.Dir of that
// directory, returning the directory itself (not the joined name), and
// the name checked ("" when it is no constant of the file).
func walksUpFor(d *ast.FuncDecl) (string, bool) {
	marker := ""
	found := someLoop(d.Body, func(body *ast.BlockStmt) bool {
		var dir string
		var name ast.Expr
		up, ret := false, false
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				switch qualName(n) {
				case "os.Stat", "os.Lstat":
					if len(n.Args) == 1 {
						if j, ok := n.Args[0].(*ast.CallExpr); ok && qualName(j) == "filepath.Join" && len(j.Args) == 2 {
							if id, ok := j.Args[0].(*ast.Ident); ok {
								dir, name = id.Name, j.Args[1]
							}
						}
					}
				case "filepath.Dir":
					up = true
				}
			case *ast.ReturnStmt:
				if len(n.Results) > 0 {
					if id, ok := n.Results[0].(*ast.Ident); ok && dir != "" && id.Name == dir {
						ret = true
					}
				}
			}
			return true
		})
		if dir != "" && up && ret {
			marker = constString(name)
			return true
		}
		return false
	})
	return marker, found
}

// constString returns the value of a string literal, or of a constant of
// the file it names, or "".
func constString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, _ := strconv.Unquote(e.Value)
			return s
		}
	case *ast.Ident:
		if o := e.Obj; o != nil && o.Kind == ast.Con {
			if spec, ok := o.Decl.(*ast.ValueSpec); ok {
				for i, n := range spec.Names {
					if n.Name == e.Name && i < len(spec.Values) {
						return constString(spec.Values[i])
					}
				}
			}
		}
	}
	return ""
}

// cwdDotDir returns the dot-directory an origin at the working
// directory (os.Getwd) has below it (".app" of "<cwd>/.app/db"), or "".
func cwdDotDir(o rootflow.Origin) string {
	if o.Kind != rootflow.Bad || o.Cause != rootflow.CauseCwd || o.Path == "" || !o.At.IsValid() {
		return ""
	}
	first, _, _ := strings.Cut(o.Path, "/")
	if dotDirName().MatchString(first) && !notStateDir(first) {
		return first
	}
	return ""
}

// projectStateDirs sets the state-dir of each project-directory
// function among cands: the dot-directory most of the findings through
// it are below ("" when none is).
func projectStateDirs(cands []*Candidate, origins []FindingOrigin) {
	for _, c := range cands {
		if c.marker == "" && !(c.Repo && c.RepoDir == "") {
			continue
		}
		n := map[string]int{}
		for _, o := range origins {
			if o.Cause != string(rootflow.CauseCwd) || !c.Holds(o.File, o.Line) {
				continue
			}
			// the walk's climb shows as "**/" in the pattern below
			first, _, _ := strings.Cut(strings.TrimPrefix(o.Path, "**/"), "/")
			if dotDirName().MatchString(first) && !notStateDir(first) && !fileName().MatchString(strings.TrimPrefix(first, ".")) {
				n[first]++
			}
		}
		names := make([]string, 0, len(n))
		for d := range n {
			names = append(names, d)
		}
		slices.SortFunc(names, func(a, b string) int {
			if n[a] != n[b] {
				return n[b] - n[a]
			}
			return strings.Compare(a, b)
		})
		if len(names) > 0 {
			c.StateDir = names[0]
		}
	}
}

// projectSource renders what a project-directory function finds.
func (c *Candidate) projectSource() string {
	if c.workdir != "" {
		return "the project directory in " + strings.TrimPrefix(c.workdir, "field ") + " (the working directory, or a directory the program changes into)"
	}
	if c.marker != "" {
		return fmt.Sprintf("the directory holding %s, found walking up from the working directory", c.marker)
	}
	return "the working directory"
}

// qualName returns "pkg.F" for a call of pkg.F (by the package's name in
// the file), the bare name otherwise.
func qualName(call *ast.CallExpr) string {
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok {
			return x.Name + "." + sel.Sel.Name
		}
	}
	return calleeName(call)
}
