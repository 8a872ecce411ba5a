package format

import (
	"bytes"
	"encoding/json"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/findingkey"
)

var sample = []driver.Finding{{
	Analyzer: "shadowwrite",
	Pos:      token.Position{Filename: filepath.FromSlash("/src/app/main.go"), Line: 14, Column: 18},
	Message:  `os.WriteFile writes "state.json" relative to the working directory`,
	Category: "cwd",
	Chain: []driver.Step{
		{Pos: token.Position{Filename: filepath.FromSlash("/src/app/main.go"), Line: 10, Column: 7}, Message: "then through app.write"},
		{Pos: token.Position{Filename: filepath.FromSlash("/elsewhere/x.go"), Line: 3, Column: 1}, Message: "written by os.WriteFile"},
	},
}}

// TestWriteText names files relative to the directory when inside it,
// and prints the chain only when verbose.
func TestWriteText(t *testing.T) {
	dir := filepath.FromSlash("/src/app")
	var b bytes.Buffer
	if err := WriteText(&b, dir, sample, false); err != nil {
		t.Fatal(err)
	}
	line := "main.go:14:18: os.WriteFile writes \"state.json\" relative to the working directory (shadowwrite)\n"
	if b.String() != line {
		t.Errorf("WriteText = %q, want %q", b.String(), line)
	}
	b.Reset()
	if err := WriteText(&b, dir, sample, true); err != nil {
		t.Fatal(err)
	}
	want := line + "\tmain.go:10:7: then through app.write\n\t" + filepath.FromSlash("/elsewhere/x.go") + ":3:1: written by os.WriteFile\n"
	if b.String() != want {
		t.Errorf("WriteText verbose = %q, want %q", b.String(), want)
	}
}

// TestWriteJSON keeps the fixed shape: an empty list, not null, without
// findings; each finding's chain with it.
func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, nil); err != nil || b.String() != "{\n  \"diagnostics\": []\n}\n" {
		t.Errorf("WriteJSON(nil) = %q, %v", b.String(), err)
	}
	b.Reset()
	if err := WriteJSON(&b, sample); err != nil {
		t.Fatal(err)
	}
	var got struct{ Diagnostics []Diagnostic }
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Category != "cwd" || len(got.Diagnostics[0].Chain) != 2 || got.Diagnostics[0].Chain[1].Message != "written by os.WriteFile" {
		t.Errorf("WriteJSON: %s", b.String())
	}
}

// TestSARIFFixes: a finding's fixes are SARIF fixes, each an artifact
// change of byte regions, the rewrite before the declaration.
func TestSARIFFixes(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "a.go")
	f := driver.Finding{
		Analyzer: "shadowwrite",
		Pos:      token.Position{Filename: file, Line: 3, Column: 2},
		Message:  "os.WriteFile writes a path under the home directory",
		Fix:      &driver.Fix{Message: "Derive the path from paths.Root()", Edits: []driver.Edit{{File: file, Start: 10, End: 14, Text: []byte("root")}}},
		Alts:     []*driver.Fix{{Message: "Declare cwd:x on f with //staterootlint:allow-write", Declare: true, Edits: []driver.Edit{{File: file, Start: 5, End: 5, Text: []byte("//x\n")}}}},
	}
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, SARIFDriver{Name: "staterootlint"}, nil, []driver.Finding{f}, root); err != nil {
		t.Fatal(err)
	}
	var log SARIFLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	fixes := log.Runs[0].Results[0].Fixes
	if len(fixes) != 2 || fixes[0].Description.Text != "Derive the path from paths.Root()" || !strings.HasPrefix(fixes[1].Description.Text, "Declare ") {
		t.Fatalf("fixes: %+v", fixes)
	}
	ch := fixes[0].ArtifactChanges[0]
	r := ch.Replacements[0]
	if ch.ArtifactLocation.URI != "a.go" || ch.ArtifactLocation.URIBaseID != SrcRoot || r.DeletedRegion != (SARIFByteRegion{ByteOffset: 10, ByteLength: 4}) || r.InsertedContent == nil || r.InsertedContent.Text != "root" {
		t.Errorf("change: %+v", ch)
	}
}

// TestWriteSARIFOrigins: a finding whose path may come from two origins
// is one result, with both chains as related locations and a code flow
// each.
func TestWriteSARIFOrigins(t *testing.T) {
	at := func(line int) token.Position {
		return token.Position{Filename: filepath.FromSlash("/src/app/main.go"), Line: line, Column: 2}
	}
	f := driver.Finding{
		Analyzer: "shadowwrite",
		Pos:      at(22),
		Message:  "os.WriteFile writes a path from the environment variable APP_DATA (main.go:14) or a path under the home directory from os.UserHomeDir (main.go:17), outside every state root",
		Category: "env",
		Chain: []driver.Step{
			{Pos: at(14), Message: findingkey.PathStarts + "a path from the environment variable APP_DATA"},
			{Pos: at(17), Message: findingkey.PathStarts + "a path under the home directory from os.UserHomeDir"},
			{Pos: at(19), Message: "then through app.dataDir"},
		},
	}
	var b bytes.Buffer
	if err := WriteSARIF(&b, SARIFDriver{Name: "staterootlint"}, nil, []driver.Finding{f}, filepath.FromSlash("/src/app")); err != nil {
		t.Fatal(err)
	}
	var log SARIFLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rs := log.Runs[0].Results
	if len(rs) != 1 || len(rs[0].RelatedLocations) != 3 || len(rs[0].CodeFlows) != 2 ||
		len(rs[0].CodeFlows[0].ThreadFlows[0].Locations) != 1 || len(rs[0].CodeFlows[1].ThreadFlows[0].Locations) != 2 {
		t.Errorf("WriteSARIF: want one result, 3 related locations, flows of 1 and 2 steps; got %s", b.String())
	}
}
