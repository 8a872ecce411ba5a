// Package report is the reporting machinery every staterootlint analyzer
// shares: which files are reported at all (tests, excluded globs, and
// generated code when asked to skip it) and which diagnostics the code
// itself silences
// (//staterootlint:ignore REASON and golangci-lint's //nolint).
//
// Analyzers embed a Filter in their configuration, register its flags next
// to their own, and report through a Reporter instead of pass.Report, so
// every analyzer honours the same suppressions the same way.
package report

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"iter"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
)

// Flag names of the reporting configuration. The config file keys, the CLI
// flags, go vet's -<analyzer>.NAME flags and the golangci-lint settings all
// map onto these.
const (
	FlagTests     = "tests"
	FlagExclude   = "exclude"
	FlagGenerated = "generated"
)

// The values of the -generated flag.
const (
	GeneratedReport = "report" // findings in generated files are reported (the default)
	GeneratedSkip   = "skip"   // findings in generated files are dropped
)

// GeneratedValues lists the values of the -generated flag.
var GeneratedValues = []string{GeneratedReport, GeneratedSkip}

// Directive spellings recognised in comments.
const (
	ignoreDirective = "staterootlint:ignore"
	nolintDirective = "nolint"
	// suiteName is the name golangci-lint knows the whole suite by, so
	// //nolint:staterootlint silences every analyzer of the suite.
	suiteName = "staterootlint"
)

// Filter is the reporting configuration every analyzer shares.
type Filter struct {
	// Tests reports diagnostics in _test.go files too.
	Tests bool
	// Exclude lists globs of files whose diagnostics are dropped. They are
	// matched against the slash-separated absolute file name; "**" matches
	// any number of directories, and a pattern that starts with neither "/"
	// nor "**" matches at any depth (it is read as "**/pattern"). A
	// pattern ending in "/" matches everything below that directory.
	Exclude flagvalue.List
	// SkipGenerated drops the diagnostics in generated files (a "// Code
	// generated ... DO NOT EDIT." header). Off by default: a write in
	// generated code is a write. Either way, what flows through generated
	// code counts for the findings elsewhere. A file cgo translates from
	// the user's own is the user's file, not a generated one.
	SkipGenerated bool
}

// Register binds f's fields to fs as the -tests, -exclude and -generated
// flags.
func (f *Filter) Register(fs *flag.FlagSet) {
	fs.BoolVar(&f.Tests, FlagTests, f.Tests, "report findings in _test.go files too")
	fs.Var(&f.Exclude, FlagExclude, "comma-separated file `globs` not to report (** spans directories; a relative glob matches at any depth)")
	fs.Var((*generatedValue)(&f.SkipGenerated), FlagGenerated, "findings in generated files: `report|skip`")
}

// generatedValue is the -generated flag: "report" or "skip".
type generatedValue bool

func (v *generatedValue) String() string {
	if v != nil && bool(*v) {
		return GeneratedSkip
	}
	return GeneratedReport
}

func (v *generatedValue) Set(s string) error {
	switch s {
	case GeneratedReport:
		*v = false
	case GeneratedSkip:
		*v = true
	default:
		return fmt.Errorf("want %s", strings.Join(GeneratedValues, " or "))
	}
	return nil
}

// Validate reports the first malformed Exclude pattern, naming the flag.
// A malformed pattern never matches, so an analyzer that does not call
// Validate still runs; calling it turns the typo into an error.
func (f *Filter) Validate() error {
	for _, p := range f.Exclude {
		for _, seg := range strings.Split(normalizeGlob(p), "/") {
			if _, err := path.Match(seg, ""); err != nil {
				return fmt.Errorf("parse -%s pattern %q: %w", FlagExclude, p, err)
			}
		}
	}
	return nil
}

// Reporter reports the diagnostics of one pass through a Filter and the
// suppression directives of the analyzed files. Build one per pass with
// Filter.Reporter; it is not safe for concurrent use.
type Reporter struct {
	pass          *analysis.Pass
	tests         bool
	exclude       []string
	skipGenerated bool

	syntax map[*token.File]*ast.File // built on first use
	files  map[*token.File]*fileIndex
	names  map[string]bool // user file names: dropped (tests, excluded)?
}

// fileIndex is what the Reporter knows about one parsed file, built the
// first time a diagnostic lands in it.
type fileIndex struct {
	generated  bool
	directives map[int][]*directive // by line of the parsed file
}

// directive is one suppression comment.
type directive struct {
	pos   token.Pos
	alone bool // no code on the directive's line, so it also covers the next
	// all: //nolint or //nolint:all; names: the //nolint:a,b list.
	all   bool
	names []string
	// ignore: //staterootlint:ignore; reason is empty when it is missing.
	ignore   bool
	reason   string
	reported bool // the missing reason was already reported
}

// Reporter returns a Reporter for pass that applies f.
func (f *Filter) Reporter(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, tests: f.Tests, skipGenerated: f.SkipGenerated, files: make(map[*token.File]*fileIndex), names: make(map[string]bool)}
	for _, p := range f.Exclude {
		r.exclude = append(r.exclude, normalizeGlob(p))
	}
	return r
}

// Reportf reports a diagnostic at pos unless it is filtered or suppressed.
func (r *Reporter) Reportf(pos token.Pos, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// Report reports d unless its file is filtered out (a _test.go file while
// Tests is off, an excluded file, a generated one with SkipGenerated) or a
// directive suppresses it: one at the end of its line, or one alone on
// the line above.
//
// Tests and excludes are judged on the file the user wrote, the one the
// diagnostic's position names through //line directives: cgo hands the
// analysis its translation of the user's file, in the build cache.
//
// An //staterootlint:ignore without a reason suppresses nothing and is
// itself reported, once per pass, when a diagnostic meets it: each
// analyzer reports the bare directives it would have been silenced by,
// and a bare directive that silences nothing stays quiet.
func (r *Reporter) Report(d analysis.Diagnostic) {
	tf := r.pass.Fset.File(d.Pos)
	if tf == nil {
		r.pass.Report(d)
		return
	}
	if r.dropName(r.pass.Fset.Position(d.Pos).Filename) {
		return
	}
	idx := r.index(tf)
	if idx.generated && r.skipGenerated {
		return
	}
	line := tf.Line(d.Pos)
	suppressed := false
	for _, l := range []int{line, line - 1} {
		for _, dir := range idx.directives[l] {
			if l != line && !dir.alone {
				continue // a trailing directive covers only its own line
			}
			switch {
			case dir.ignore && dir.reason == "":
				if !dir.reported {
					dir.reported = true
					r.pass.Report(analysis.Diagnostic{
						Pos:     dir.pos,
						Message: "//staterootlint:ignore needs a reason: write //staterootlint:ignore REASON",
					})
				}
			case dir.ignore, dir.all:
				suppressed = true
			default:
				for _, n := range dir.names {
					if n == suiteName || n == r.pass.Analyzer.Name {
						suppressed = true
					}
				}
			}
		}
	}
	if !suppressed {
		r.pass.Report(d)
	}
}

// index returns the index of tf, building it on first use.
func (r *Reporter) index(tf *token.File) *fileIndex {
	if idx, ok := r.files[tf]; ok {
		return idx
	}
	if r.syntax == nil {
		r.syntax = make(map[*token.File]*ast.File, len(r.pass.Files))
		for _, f := range r.pass.Files {
			r.syntax[r.pass.Fset.File(f.FileStart)] = f
		}
	}
	idx := &fileIndex{}
	r.files[tf] = idx
	f := r.syntax[tf]
	if f == nil {
		// Not one of the pass's files (a diagnostic in another file):
		// nothing is known about it, so nothing is suppressed.
		return idx
	}
	idx.generated = Generated(f)
	var code map[int]bool // lines holding code, computed if a directive needs it
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			dir := parseDirective(c)
			if dir == nil {
				continue
			}
			if code == nil {
				code = codeLines(tf, f)
			}
			line := tf.Line(c.Slash)
			dir.alone = !code[line]
			if idx.directives == nil {
				idx.directives = make(map[int][]*directive)
			}
			idx.directives[line] = append(idx.directives[line], dir)
		}
	}
	return idx
}

// dropName reports whether diagnostics in the file named name are
// filtered out: a _test.go file while Tests is off, or an excluded one.
func (r *Reporter) dropName(name string) bool {
	drop, ok := r.names[name]
	if ok {
		return drop
	}
	slashed := filepath.ToSlash(name)
	drop = !r.tests && strings.HasSuffix(slashed, "_test.go")
	for _, p := range r.exclude {
		if ok, _ := matchGlob(p, slashed); ok {
			drop = true
		}
	}
	r.names[name] = drop
	return drop
}

// cgoGenerator is what cmd/cgo writes in the "Code generated" header of
// every file it outputs, its translations of the user's files included.
const cgoGenerator = "by cmd/cgo;"

// Generated reports whether f is generated code: a "// Code generated ...
// DO NOT EDIT." line before the package clause, as ast.IsGenerated, except
// that cgo's header on its translation of a user's file does not count
// (the translation starts with a //line directive naming that file, and
// is what the analysis sees of it); a header the user's file carries does.
func Generated(f *ast.File) bool {
	cgo, line := false, false
	for _, group := range f.Comments {
		for _, c := range group.List {
			if c.Pos() > f.Package {
				return cgo && !line
			}
			if strings.HasPrefix(c.Text, "//line ") {
				line = true
			}
			for l := range strings.SplitSeq(c.Text, "\n") {
				rest, ok := strings.CutPrefix(l, "// Code generated ")
				if !ok {
					continue
				}
				if gen, ok := strings.CutSuffix(rest, " DO NOT EDIT."); ok {
					if gen != cgoGenerator {
						return true
					}
					cgo = true
				}
			}
		}
	}
	return cgo && !line
}

// codeLines returns the lines of f on which a syntax node starts or ends,
// which are the lines a comment on them trails rather than stands alone.
func codeLines(tf *token.File, f *ast.File) map[int]bool {
	lines := make(map[int]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.File, *ast.CommentGroup, *ast.Comment:
			return n != nil
		}
		lines[tf.Line(n.Pos())] = true
		lines[tf.Line(n.End())] = true
		return true
	})
	return lines
}

// parseDirective parses a //staterootlint:ignore or //nolint comment, or
// returns nil. Like golangci-lint, it accepts only the machine-readable
// form: no space between // and the directive.
func parseDirective(c *ast.Comment) *directive {
	text, ok := strings.CutPrefix(c.Text, "//")
	if !ok {
		return nil
	}
	if rest, ok := strings.CutPrefix(text, ignoreDirective); ok {
		if rest != "" && !startsWithSpace(rest) {
			return nil // e.g. //staterootlint:ignored
		}
		return &directive{pos: c.Slash, ignore: true, reason: strings.TrimSpace(rest)}
	}
	if rest, ok := strings.CutPrefix(text, nolintDirective); ok {
		if rest == "" || startsWithSpace(rest) {
			return &directive{pos: c.Slash, all: true}
		}
		list, ok := strings.CutPrefix(rest, ":")
		if !ok {
			return nil // e.g. //nolintx
		}
		if i := strings.IndexAny(list, " \t"); i >= 0 {
			list = list[:i] // drop the "// explanation"
		}
		dir := &directive{pos: c.Slash}
		for _, n := range strings.Split(list, ",") {
			if n = strings.TrimSpace(n); n == "all" {
				dir.all = true
			} else if n != "" {
				dir.names = append(dir.names, n)
			}
		}
		return dir
	}
	return nil
}

func startsWithSpace(s string) bool {
	return s != "" && (s[0] == ' ' || s[0] == '\t')
}

// FuncDirective returns the arguments of the //staterootlint:<name>
// directive lines in doc, all lines' arguments in order, and whether there
// was at least one. Directive lines have no space after the //, like
// //go:generate; "//staterootlint:authority global" yields ["global"].
func FuncDirective(doc *ast.CommentGroup, name string) (args []string, ok bool) {
	if doc == nil {
		return nil, false
	}
	prefix := "//staterootlint:" + name
	for _, c := range doc.List {
		rest, found := strings.CutPrefix(c.Text, prefix)
		if !found || (rest != "" && !startsWithSpace(rest)) {
			continue
		}
		ok = true
		args = append(args, strings.Fields(rest)...)
	}
	return args, ok
}

// DeclaresAuthority reports whether files declare a function or method
// whose doc comment carries //staterootlint:authority: such a package is
// the authority, and may build roots the rest of the program may not.
func DeclaresAuthority(files []*ast.File) bool {
	for range FuncDirectives(files, "authority") {
		return true
	}
	return false
}

// FuncDirectives yields, in source order, each function declared in files
// whose doc comment carries //staterootlint:<name>, with the directive's
// arguments (as FuncDirective returns them).
func FuncDirectives(files []*ast.File, name string) iter.Seq2[*ast.FuncDecl, []string] {
	return func(yield func(*ast.FuncDecl, []string) bool) {
		for _, f := range files {
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Doc == nil {
					continue
				}
				if args, ok := FuncDirective(fd.Doc, name); ok && !yield(fd, args) {
					return
				}
			}
		}
	}
}

// normalizeGlob turns an -exclude pattern into the anchored form matchGlob
// takes.
func normalizeGlob(p string) string {
	p = filepath.ToSlash(strings.TrimSpace(p))
	if strings.HasSuffix(p, "/") {
		p += "**"
	}
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "**") {
		p = "**/" + p
	}
	return p
}

// matchGlob reports whether the slash-separated name matches pattern,
// where a "**" segment matches zero or more segments and any other segment
// is a path.Match pattern.
func matchGlob(pattern, name string) (bool, error) {
	return matchSegments(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchSegments(pat, name []string) (bool, error) {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for len(pat) > 0 && pat[0] == "**" {
				pat = pat[1:]
			}
			if len(pat) == 0 {
				return true, nil
			}
			for i := 0; i <= len(name); i++ {
				if ok, err := matchSegments(pat, name[i:]); ok || err != nil {
					return ok, err
				}
			}
			return false, nil
		}
		if len(name) == 0 {
			return false, nil
		}
		ok, err := path.Match(pat[0], name[0])
		if err != nil || !ok {
			return false, err
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0, nil
}

// MaxQuoted is how many characters of a value a diagnostic quotes at most:
// a message stays one readable line whatever the literal.
const MaxQuoted = 60

// Quote returns s quoted as %q does, cut after MaxQuoted characters with
// "…" marking the cut.
func Quote(s string) string {
	n := 0
	for i := range s {
		if n == MaxQuoted {
			return strconv.Quote(s[:i] + "…")
		}
		n++
	}
	return strconv.Quote(s)
}
