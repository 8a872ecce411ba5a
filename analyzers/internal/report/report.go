// Package report is the reporting machinery every staterootlint analyzer
// shares: which files are reported at all (tests, excluded globs, and
// generated code when asked to skip it), which diagnostics the code
// itself silences (//staterootlint:ignore [ANALYZER,...] REASON and
// golangci-lint's //nolint), which of those directives matched a finding,
// and how an internal fault becomes an error (Recover).
//
// Analyzers embed a Filter in their configuration, register its flags next
// to their own, report through a Reporter instead of pass.Report, and
// return the Reporter's Matched as their result, so every analyzer honours
// the same suppressions the same way and staleignore can tell which
// directives silence nothing.
package report

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"iter"
	"maps"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/internal/flagname"
	"github.com/staterootlint/staterootlint/internal/glob"
)

// Flag names of the reporting configuration. The config file keys, the CLI
// flags, go vet's -<analyzer>.NAME flags and the golangci-lint settings all
// map onto these (internal/flagname).
const (
	FlagTests     = flagname.Tests
	FlagExclude   = flagname.Exclude
	FlagGenerated = flagname.Generated
)

// silenceable lists the analyzers of the suite that report findings, the
// names a //staterootlint:ignore list may give (a test in package
// analyzers keeps it in step with analyzers.All).
var silenceable = []string{"adhocroot", "blastradius", "cwdwrite", "rootenv", "shadowwrite", "unproven"}

// AnalyzerNames returns the names a //staterootlint:ignore list may give:
// the analyzers of the suite that report findings, sorted.
func AnalyzerNames() []string { return slices.Clone(silenceable) }

// Category of the diagnostics about directives themselves (a missing
// reason, an unknown analyzer, a directive that silences nothing).
const CategoryDirective = "directive"

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
		for _, seg := range strings.Split(glob.Exclude(p), "/") {
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

	syntax  map[*token.File]*ast.File // built on first use
	files   map[*token.File]*fileIndex
	names   map[string]bool    // user file names: dropped (tests, excluded)?
	matched map[token.Pos]bool // //staterootlint:ignore directives a diagnostic met
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
	ignore bool
	reason string
	// hasList: the ignore directive names the analyzers it silences: the
	// known ones in list, the others in unknown.
	hasList       bool
	list, unknown []string
	reported      bool // the missing reason was already reported
}

// Reporter returns a Reporter for pass that applies f.
func (f *Filter) Reporter(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, tests: f.Tests, skipGenerated: f.SkipGenerated, files: make(map[*token.File]*fileIndex), names: make(map[string]bool), matched: make(map[token.Pos]bool)}
	for _, p := range f.Exclude {
		r.exclude = append(r.exclude, glob.Exclude(p))
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
// the line above. A //staterootlint:ignore with a list of analyzers
// suppresses only theirs.
//
// Tests and excludes are judged on the file the user wrote, the one the
// diagnostic's position names through //line directives: cgo hands the
// analysis its translation of the user's file, in the build cache.
//
// An //staterootlint:ignore without a reason suppresses nothing and is
// itself reported, once per pass, when a diagnostic meets it: each
// analyzer reports the bare directives it would have been silenced by,
// and a bare directive that silences nothing is left to staleignore.
func (r *Reporter) Report(d analysis.Diagnostic) {
	r.report(d, true, true)
}

// Match is Report without reporting d: the //staterootlint:ignore
// directives d would meet are recorded as matched (staleignore reads
// them), and one missing its reason is still reported. An analyzer whose
// findings are listed only on request (unproven) calls it otherwise, so a
// directive means the same whether they are listed or not.
func (r *Reporter) Match(d analysis.Diagnostic) {
	r.report(d, true, false)
}

// ReportOnDirective reports d, a finding about a directive itself, like
// Report except that no //staterootlint:ignore silences it: a directive
// that matches nothing would otherwise silence the report that says so.
// //nolint still does.
func (r *Reporter) ReportOnDirective(d analysis.Diagnostic) {
	r.report(d, false, true)
}

func (r *Reporter) report(d analysis.Diagnostic, ignores, emit bool) {
	tf := r.pass.Fset.File(d.Pos)
	if tf == nil {
		if emit {
			r.pass.Report(d)
		}
		return
	}
	if r.dropName(r.pass.Fset.Position(d.Pos).Filename) {
		return
	}
	idx := r.index(tf)
	if idx.generated && r.skipGenerated {
		return
	}
	name := r.pass.Analyzer.Name
	line := tf.Line(d.Pos)
	suppressed := false
	for _, l := range []int{line, line - 1} {
		for _, dir := range idx.directives[l] {
			if l != line && !dir.alone {
				continue // a trailing directive covers only its own line
			}
			switch {
			case dir.ignore:
				if !ignores || dir.hasList && !slices.Contains(dir.list, name) {
					continue
				}
				r.matched[dir.pos] = true
				if dir.reason != "" {
					suppressed = true
				} else if !dir.reported {
					dir.reported = true
					list := ""
					if dir.hasList {
						list = strings.Join(slices.Concat(dir.list, dir.unknown), ",") + " "
					}
					r.pass.Report(analysis.Diagnostic{
						Pos:      dir.pos,
						Category: CategoryDirective,
						Message:  "//staterootlint:ignore needs a reason: write //staterootlint:ignore " + list + "REASON",
					})
				}
			case dir.all:
				suppressed = true
			default:
				for _, n := range dir.names {
					if n == suiteName || n == name {
						suppressed = true
					}
				}
			}
		}
	}
	if !suppressed && emit {
		r.pass.Report(d)
	}
}

// Matched is the result of every reporting analyzer: the
// //staterootlint:ignore directives that one of its diagnostics met, by
// position, whether they silenced it or were reported for a missing
// reason. staleignore reads it to find the directives that match nothing.
type Matched struct {
	Directives map[token.Pos]bool
}

// MatchedType is the ResultType of an analyzer that returns a *Matched.
var MatchedType = reflect.TypeOf((*Matched)(nil))

// Matched returns the directives the diagnostics reported so far met.
func (r *Reporter) Matched() *Matched {
	return &Matched{Directives: maps.Clone(r.matched)}
}

// Ignore is a //staterootlint:ignore directive.
type Ignore struct {
	Pos token.Pos
	// Analyzers are the analyzers its list names, in order; nil when it
	// has no list and so silences every analyzer.
	Analyzers []string
	// Unknown are the entries of its list that name no analyzer of the
	// suite (AnalyzerNames).
	Unknown []string
	// Reason is empty when it is missing.
	Reason string
}

// HasList reports whether the directive names the analyzers it silences.
func (ig *Ignore) HasList() bool { return ig.Analyzers != nil || ig.Unknown != nil }

// Ignores returns the //staterootlint:ignore directives of the pass's
// files whose diagnostics are reported (not filtered out), in source
// order.
func (r *Reporter) Ignores() []*Ignore {
	var out []*Ignore
	for _, f := range r.pass.Files {
		tf := r.pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		idx := r.index(tf)
		if idx.generated && r.skipGenerated {
			continue
		}
		for _, line := range slices.Sorted(maps.Keys(idx.directives)) {
			for _, dir := range idx.directives[line] {
				if !dir.ignore || r.dropName(r.pass.Fset.Position(dir.pos).Filename) {
					continue
				}
				ig := &Ignore{Pos: dir.pos, Reason: dir.reason}
				if dir.hasList {
					ig.Analyzers = append([]string{}, dir.list...)
					ig.Unknown = slices.Clone(dir.unknown)
				}
				out = append(out, ig)
			}
		}
	}
	return out
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
		if ok, _ := glob.Match(p, slashed); ok {
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
		dir := &directive{pos: c.Slash, ignore: true, reason: strings.TrimSpace(rest)}
		if list, reason, ok := cutList(dir.reason); ok {
			dir.hasList, dir.reason = true, reason
			for _, n := range list {
				if slices.Contains(silenceable, n) {
					dir.list = append(dir.list, n)
				} else {
					dir.unknown = append(dir.unknown, n)
				}
			}
		}
		return dir
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

// cutList splits the text of an //staterootlint:ignore directive into its
// list of analyzers and its reason; ok is false when the text has no list
// and is all reason. The first word is a list when it is non-empty names
// of lowercase letters and digits joined by commas, at least one of which
// names an analyzer of the suite or is a near miss of one (at most two
// edits away): a misspelled list must be reported, not read as a reason
// that silences every analyzer, while prose ("legacy, removed in v2")
// stays a reason.
func cutList(text string) (list []string, reason string, ok bool) {
	word, reason, _ := strings.Cut(text, " ")
	if i := strings.IndexByte(word, '\t'); i >= 0 {
		word, reason = text[:i], text[i+1:]
	}
	near := false
	for n := range strings.SplitSeq(word, ",") {
		if n == "" || strings.Trim(n, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
			return nil, text, false
		}
		near = near || nearAnalyzer(n)
		list = append(list, n)
	}
	if !near {
		return nil, text, false
	}
	return list, strings.TrimSpace(reason), true
}

// nearAnalyzer reports whether word is the name of an analyzer that a
// list may give, or at most two edits away from one.
func nearAnalyzer(word string) bool {
	for _, n := range silenceable {
		if editDistance(word, n) <= 2 {
			return true
		}
	}
	return false
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
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

// IsAuthority reports whether the package of pass is an authority
// package (AuthorityPackage): the authority may build the roots the rest
// of the program may not, so adhocroot and rootenv leave its package alone.
func IsAuthority(pass *analysis.Pass, configured []string) bool {
	return AuthorityPackage(pass.Files, pass.Pkg.Path(), configured)
}
