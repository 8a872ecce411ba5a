package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestChain checks that a finding's chain, from where its path starts to
// the write, reaches every output: the text format's -v lines, JSON's
// chain and SARIF's codeFlows and relatedLocations.
func TestChain(t *testing.T) {
	abs, _ := filepath.Abs("testdata/chain/main.go")
	args := []string{"-C", "testdata/chain", "--enable", "shadowwrite"}

	code, out, errOut := runCLI(t, analyzers.All, append(args, "-v")...)
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "main.go:6:6: chain.save receives \"state.json\" relative to the working directory for a path it writes (via chain.write → os.WriteFile at main.go:14); pass a path derived from a state root, take it from a flag (such as --output), or, if the command produces it there on purpose, declare it on the command with //staterootlint:allow-write cwd:state.json (shadowwrite)\n" +
		"\tmain.go:10:7: then through chain.write\n" +
		"\tmain.go:14:18: written by os.WriteFile\n"
	if out != want {
		t.Errorf("-v:\n%s\nwant:\n%s", out, want)
	}
	if code, out, _ := runCLI(t, analyzers.All, args...); code != exitFindings || strings.Count(out, "\n") != 1 {
		t.Errorf("without -v, one line per finding: exit %d\n%s", code, out)
	}

	_, out, _ = runCLI(t, analyzers.All, append(args, "--format", "json")...)
	var got struct {
		Diagnostics []struct {
			Chain []jsonStep `json:"chain"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	wantChain := []jsonStep{
		{File: abs, Line: 10, Column: 7, Message: "then through chain.write"},
		{File: abs, Line: 14, Column: 18, Message: "written by os.WriteFile"},
	}
	if len(got.Diagnostics) != 1 || len(got.Diagnostics[0].Chain) != 2 || got.Diagnostics[0].Chain[0] != wantChain[0] || got.Diagnostics[0].Chain[1] != wantChain[1] {
		t.Errorf("json chain: %s\nwant %v", out, wantChain)
	}

	_, out, _ = runCLI(t, analyzers.All, append(args, "--format", "sarif")...)
	var log struct {
		Runs []struct {
			Results []struct {
				RelatedLocations []sarifLocation `json:"relatedLocations"`
				CodeFlows        []sarifCodeFlow `json:"codeFlows"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0].Results[0]
	if len(r.RelatedLocations) != 2 || r.RelatedLocations[1].PhysicalLocation.Region.StartLine != 14 || r.RelatedLocations[1].ID != 2 {
		t.Errorf("sarif relatedLocations: %+v", r.RelatedLocations)
	}
	if len(r.CodeFlows) != 1 || len(r.CodeFlows[0].ThreadFlows[0].Locations) != 2 ||
		r.CodeFlows[0].ThreadFlows[0].Locations[0].Location.Message.Text != "then through chain.write" {
		t.Errorf("sarif codeFlows: %+v", r.CodeFlows)
	}
}
