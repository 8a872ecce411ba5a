package report

import (
	"go/parser"
	"go/token"
	"strings"
)

// AnalyzerDoc returns the "# Analyzer <name>" section of the package doc
// comment in src, the text of an analyzer's doc.go (embed it with
// //go:embed doc.go), so the doc is written once and serves both go doc
// and Analyzer.Doc. The heading itself is dropped: the section's first
// line is the "<name>: <title>" line go vet -help prints.
//
// A missing section is not a reason to fail the whole run, so the result
// is then a placeholder that the analyzer's doc test reports.
func AnalyzerDoc(src, name string) string {
	text, ok := lineDoc(src)
	if !ok {
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil || f.Doc == nil {
			return name + ": undocumented"
		}
		text = f.Doc.Text()
	}
	heading := "# Analyzer " + name
	var section []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		switch {
		case line == heading:
			in = true
		case in && strings.HasPrefix(line, "# "):
			in = false
		case in:
			section = append(section, line)
		}
	}
	doc := strings.TrimSpace(strings.Join(section, "\n"))
	if doc == "" {
		return name + ": undocumented"
	}
	return doc
}

// lineDoc returns the text of the package doc comment of src when src is
// the simple case every analyzer's doc.go is: nothing but line comments
// and blank lines before the package clause, the doc comment being the
// line comments right above it, with no directive among them. The text is
// what ast.CommentGroup.Text gives. It runs in every process the analyzers
// are linked into (each go vet unit is one), where parsing the file cost
// more than the rest of the analyzers' start-up; any other src is left to
// the parser (ok false).
func lineDoc(src string) (text string, ok bool) {
	lines := strings.Split(src, "\n")
	clause := -1
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "package "):
			clause = i
		case l == "" || strings.HasPrefix(l, "//"):
			continue
		default:
			return "", false
		}
		break
	}
	start := clause
	for start > 0 && strings.HasPrefix(lines[start-1], "//") {
		start--
	}
	if clause < 0 || start == clause {
		return "", false
	}
	var out []string
	for _, l := range lines[start:clause] {
		body := strings.TrimPrefix(l, "//")
		if body != "" && body[0] != ' ' && body[0] != '\t' {
			return "", false // a directive (//go:embed) or //text: the parser's rules
		}
		body = strings.TrimRight(strings.TrimPrefix(body, " "), " \t")
		if body == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue // leading and repeated empty lines
		}
		out = append(out, body)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return "", false
	}
	return strings.Join(out, "\n") + "\n", true
}
