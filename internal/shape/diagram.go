package shape

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// The markers around the diagram in a contract document. The begin
// marker may say "by-command": the diagram then shows the commands too.
const (
	BeginMarker = "<!-- staterootlint:diagram -->"
	EndMarker   = "<!-- staterootlint:diagram end -->"
	byCommand   = "by-command"
)

// Diagram is where a document keeps its diagram: the bytes between the
// line after the begin marker and the end marker's line.
type Diagram struct {
	Start, End int  // byte offsets of the fenced diagram
	Line       int  // the begin marker's line
	ByCommand  bool // the begin marker asks for the commands too
}

// MarkersError says a document has no diagram markers, or broken ones.
type MarkersError struct {
	Line int // 0 when the document has no begin marker
	Msg  string
}

func (e *MarkersError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// markersHelp says how to add the markers.
const markersHelp = "add the lines " + BeginMarker + " (or <!-- staterootlint:diagram by-command --> to show the commands too) and " + EndMarker + " where the diagram goes"

// FindDiagram finds the diagram markers of a document.
func FindDiagram(doc []byte) (Diagram, error) {
	var d Diagram
	found := false
	off := 0
	for i, line := range bytes.SplitAfter(doc, []byte("\n")) {
		text := strings.TrimSpace(string(line))
		next := off + len(line)
		switch {
		case strings.HasPrefix(text, "<!-- staterootlint:diagram") && text != EndMarker:
			if found {
				return Diagram{}, &MarkersError{Line: i + 1, Msg: fmt.Sprintf("a second diagram begins before the one at line %d ends; end it with %s", d.Line, EndMarker)}
			}
			arg := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(text, "<!-- staterootlint:diagram"), "-->"))
			if arg != "" && arg != byCommand {
				return Diagram{}, &MarkersError{Line: i + 1, Msg: fmt.Sprintf("unknown diagram option %q; valid: %s", arg, byCommand)}
			}
			found, d.Line, d.ByCommand, d.Start = true, i+1, arg == byCommand, next
		case text == EndMarker:
			if !found {
				return Diagram{}, &MarkersError{Line: i + 1, Msg: "the diagram's end marker has no begin marker; " + markersHelp}
			}
			d.End = off
			return d, nil
		}
		off = next
	}
	if found {
		return Diagram{}, &MarkersError{Line: d.Line, Msg: "the diagram has no end marker; add the line " + EndMarker + " after it"}
	}
	return Diagram{}, &MarkersError{Msg: "no diagram markers; " + markersHelp}
}

// Fenced returns a Mermaid diagram as the fenced block kept between the
// markers.
func Fenced(mermaid string) string {
	return "```mermaid\n" + mermaid + "```\n"
}

// Replace returns doc with its diagram replaced by the fenced diagram.
func (d Diagram) Replace(doc []byte, mermaid string) []byte {
	out := append([]byte(nil), doc[:d.Start]...)
	out = append(out, Fenced(mermaid)...)
	return append(out, doc[d.End:]...)
}

// Current reports whether doc's diagram is the fenced diagram.
func (d Diagram) Current(doc []byte, mermaid string) bool {
	return string(doc[d.Start:d.End]) == Fenced(mermaid)
}

// Mermaid renders the diagram d's markers ask for from the artifacts:
// with the commands when the begin marker says by-command.
func (d Diagram) Mermaid(arts []inventory.Artifact) string {
	var b strings.Builder
	WriteMermaid(&b, Build(arts), diagramCommands(d.ByCommand, arts))
	return b.String()
}

// Document is a contract document and the diagram its markers hold.
type Document struct {
	Path    string
	Doc     []byte
	Diagram Diagram
}

// ReadDocument reads a contract document and finds its diagram. An
// unreadable file is os.ReadFile's error (fs.ErrNotExist when there is
// none); missing or broken markers are a *MarkersError.
func ReadDocument(path string) (*Document, error) {
	doc, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d, err := FindDiagram(doc)
	if err != nil {
		return nil, err
	}
	return &Document{Path: path, Doc: doc, Diagram: d}, nil
}

// Current reports whether the document's diagram is the one the
// artifacts give.
func (d *Document) Current(arts []inventory.Artifact) bool {
	return d.Diagram.Current(d.Doc, d.Diagram.Mermaid(arts))
}

// Update rewrites the document's diagram from the artifacts, keeping the
// file's permissions, unless it is current. It reports whether it wrote
// the file; an error is the file system's.
func (d *Document) Update(arts []inventory.Artifact) (bool, error) {
	m := d.Diagram.Mermaid(arts)
	if d.Diagram.Current(d.Doc, m) {
		return false, nil
	}
	fi, err := os.Stat(d.Path)
	if err != nil {
		return false, err
	}
	if err := os.WriteFile(d.Path, d.Diagram.Replace(d.Doc, m), fi.Mode().Perm()); err != nil {
		return false, err
	}
	return true, nil
}
