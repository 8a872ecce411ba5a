package format

import (
	"bytes"
	"encoding/json"
	"go/token"
	"path/filepath"
	"testing"

	"github.com/staterootlint/staterootlint/internal/driver"
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
