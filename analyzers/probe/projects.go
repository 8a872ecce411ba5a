package probe

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

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
// =repo, the dot-directory the program keeps below it as state-dir. The
// engine sees an os.Getwd origin; the walk is syntax. Unsound where the
// marker is another program's (a .git directory found to locate a
// repository whose files the program only reads): what the program
// writes below it is then the user's.

// projectRoots makes a candidate of every function of the main module's
// analyzed packages that walks up from the working directory for a
// marker and returns the directory holding it.
func (g *gatherer) projectRoots() {
	g.pathFuncs(func(pf *driver.PackageFacts, _ *ast.File, fd *ast.FuncDecl) {
		if !callsGetwd(fd) {
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

// callsGetwd reports whether d calls os.Getwd (by its selector: the
// walk starts at the working directory).
func callsGetwd(d *ast.FuncDecl) bool {
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && qualName(call) == "os.Getwd" {
			found = true
		}
		return !found
	})
	return found
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
