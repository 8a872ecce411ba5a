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
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil || f.Doc == nil {
		return name + ": undocumented"
	}
	heading := "# Analyzer " + name
	var section []string
	in := false
	for _, line := range strings.Split(f.Doc.Text(), "\n") {
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
