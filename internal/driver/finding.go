package driver

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/findingkey"
	"github.com/staterootlint/staterootlint/internal/fixkind"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// Finding is one diagnostic of a root analyzer, resolved so that it
// outlives the analysis (and can be kept in the cache): positions are
// file names, lines and columns, the fix's edits are byte offsets.
type Finding struct {
	Analyzer string
	Pos      token.Position // Filename is absolute
	Message  string
	Category string
	Fix      *Fix // the first suggested fix, if any
	// Alts are the other suggested fixes: a declaration offered beside
	// a rewrite (internal/fixkind).
	Alts []*Fix
	// NoFix says why the analyzer offers no rewrite, when it says
	// (internal/findingkey.NoFix): printed under --fix and --diff.
	NoFix string
	// Package is the package's path; Func the function declaration
	// around the finding ("F", "T.M", "(*T).M"; "" at package level).
	// Baselines match on them.
	Package, Func string
	// Op and Origin are what the finding is about, as its analyzer
	// recorded them in the diagnostic's URL (internal/findingkey): the
	// write operation ("os.WriteFile") and where the path came from
	// ("env PX_DB_PATH"); both "" when the analyzer records neither.
	// Baselines match on them.
	Op, Origin string
	Chain      []Step // from the path's origin to the write (the diagnostic's related information)
}

// Write returns where the write the finding is about is: the chain's step
// at the write when the finding is reported away from it (a store or call
// several writes' findings may share, or one write's several stores),
// the finding's own position otherwise. Several findings may stand for
// one write: counts of writes count these.
func (f Finding) Write() token.Position {
	if n := len(f.Chain); n > 0 && strings.HasPrefix(f.Chain[n-1].Message, findingkey.WrittenBy) {
		return f.Chain[n-1].Pos
	}
	return f.Pos
}

// Step is one step of a finding's chain: where the path starts, each call
// and store it goes through, the write.
type Step struct {
	Pos     token.Position
	Message string
}

// Fix is a suggested fix with its edits resolved to file offsets, so it
// can be applied after the analysis dropped the FileSet.
type Fix struct {
	Message string // the analyzer's, "Derive the path from …"
	// Declare: the fix is a declaration (internal/fixkind), applied only
	// when asked for (FixOptions.Declare).
	Declare bool
	Edits   []Edit
	Why     string // why it cannot be applied, if it cannot ("": it can)
}

// String renders the fix by its contents (not its address), so that
// findings print the same whichever run or cache produced them.
func (f *Fix) String() string {
	if f == nil {
		return "<nil>"
	}
	return fmt.Sprintf("{%s declare=%t %v %q}", f.Message, f.Declare, f.Edits, f.Why)
}

// Edit replaces the bytes [Start, End) of File, which was Size bytes long
// when analyzed, with Text.
type Edit struct {
	File       string
	Size       int
	Start, End int
	Text       []byte
}

// newFinding resolves a diagnostic's position, chain and first fix;
// files are the package's syntax, for the enclosing function.
func newFinding(analyzer, pkg string, fset *token.FileSet, files []*ast.File, d analysis.Diagnostic) Finding {
	f := Finding{
		Analyzer: analyzer,
		Pos:      fset.Position(d.Pos),
		Message:  d.Message,
		Category: d.Category,
		Package:  pkg,
		Func:     enclosingFunc(files, d.Pos),
		Chain:    chainOf(fset, d.Related),
	}
	f.Op, f.Origin, _ = findingkey.Parse(d.URL)
	f.NoFix = findingkey.NoFix(d.URL)
	for i, sf := range d.SuggestedFixes {
		if i == 0 {
			f.Fix = resolveFix(fset, sf)
		} else {
			f.Alts = append(f.Alts, resolveFix(fset, sf))
		}
	}
	return f
}

// compareFindings orders findings by position, then analyzer and message.
func compareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Filename, b.Pos.Filename),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.Analyzer, b.Analyzer),
		cmp.Compare(a.Message, b.Message),
	)
}

// uniqueFindings sorts findings and drops duplicates (a package and its
// test variant report the same line twice).
func uniqueFindings(fs *[]Finding) {
	slices.SortStableFunc(*fs, compareFindings)
	*fs = slices.CompactFunc(*fs, func(a, b Finding) bool { return compareFindings(a, b) == 0 })
}

// atSuffix matches the position the analyzers append to a step whose file
// their pass could not point at (consumer.AtSuffix).
var atSuffix = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` \(at (.+):(\d+):(\d+)\)$`) })

// chainOf turns a diagnostic's related information into its chain.
func chainOf(fset *token.FileSet, related []analysis.RelatedInformation) []Step {
	var out []Step
	for _, r := range related {
		s := Step{Pos: fset.Position(r.Pos), Message: r.Message}
		if m := atSuffix().FindStringSubmatch(r.Message); m != nil {
			line, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			s.Pos = token.Position{Filename: m[1], Line: line, Column: col}
			s.Message = strings.TrimSuffix(r.Message, m[0])
		}
		out = append(out, s)
	}
	return out
}

// enableChains turns on the chains of the analyzers that can attach them
// (shadowwrite, cwdwrite). They are off by default for the other drivers:
// golangci-lint shows each step as an issue of its own.
func enableChains(roots []*analysis.Analyzer) {
	for _, a := range roots {
		if f := a.Flags.Lookup(flagname.Chain); f != nil {
			_ = f.Value.Set("true")
		}
	}
}

// resolveFix resolves the edits of fix: file names and offsets, or why
// they cannot be applied.
func resolveFix(fset *token.FileSet, fix analysis.SuggestedFix) *Fix {
	out := &Fix{Message: fix.Message, Declare: fixkind.IsDeclaration(fix.Message)}
	for _, te := range fix.TextEdits {
		tf := fset.File(te.Pos)
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		if tf == nil || int(end)-tf.Base() > tf.Size() {
			out.Why = "its edits lie outside the parsed files"
			return out
		}
		if fset.Position(te.Pos).Filename != tf.Name() {
			// cgo's translation, mapped back by //line directives:
			// its offsets are not the user's file's.
			out.Why = "it edits a file the analysis saw through //line directives (cgo's translation), not the file itself"
			return out
		}
		out.Edits = append(out.Edits, Edit{File: tf.Name(), Size: tf.Size(), Start: tf.Offset(te.Pos), End: tf.Offset(end), Text: te.NewText})
	}
	return out
}

// enclosingFunc names the function declaration around pos: "F", "T.M" or
// "(*T).M"; a function literal counts as the declaration it is in, and
// package-level code is "".
func enclosingFunc(files []*ast.File, pos token.Pos) string {
	for _, f := range files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || pos < fd.Pos() || pos > fd.End() {
				continue
			}
			if fd.Recv == nil || len(fd.Recv.List) == 0 {
				return fd.Name.Name
			}
			return recvName(fd.Recv.List[0].Type) + "." + fd.Name.Name
		}
	}
	return ""
}

// recvName renders a receiver type without type parameters: "T", "(*T)".
func recvName(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.StarExpr:
		return "(*" + recvName(t.X) + ")"
	case *ast.ParenExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

// Fixes returns the finding's suggested fixes, in the analyzer's order.
func (f Finding) Fixes() []*Fix {
	if f.Fix == nil {
		return nil
	}
	return append([]*Fix{f.Fix}, f.Alts...)
}
