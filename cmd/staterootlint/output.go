package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/staterootlint/staterootlint/internal/driver"
	"golang.org/x/tools/go/analysis"
)

func (c *cli) print(req checkRequest, findings []finding) error {
	switch req.format {
	case "json":
		return printJSON(c.stdout, findings)
	case "sarif":
		return printSARIF(c.stdout, req.roots, findings, repoRoot(req.dir))
	default:
		return printText(c.stdout, req.dir, findings, req.verbose)
	}
}

// printText prints "path:line:col: message (analyzer)", paths relative to
// dir (the working directory, or -C's DIR, as go -C prints them); verbose, each finding's chain follows it, one indented step a line.
func printText(w io.Writer, dir string, findings []finding, verbose bool) error {
	for _, f := range findings {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s (%s)\n", relPath(dir, f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Message, f.Analyzer); err != nil {
			return err
		}
		if !verbose {
			continue
		}
		for _, s := range f.Chain {
			if _, err := fmt.Fprintf(w, "\t%s:%d:%d: %s\n", relPath(dir, s.Pos.Filename), s.Pos.Line, s.Pos.Column, s.Message); err != nil {
				return err
			}
		}
	}
	return nil
}

// relPath returns file relative to dir when file is inside dir, else file.
func relPath(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return file
}

// jsonDiagnostic is the fixed JSON shape of one finding.
type jsonDiagnostic struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
	Category string `json:"category"`
	// Chain is the path from the origin of the written path to the
	// write: where it starts, the calls and stores between, the write.
	Chain []jsonStep `json:"chain,omitempty"`
}

// jsonStep is one step of a finding's chain.
type jsonStep struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

func printJSON(w io.Writer, findings []finding) error {
	out := struct {
		Diagnostics []jsonDiagnostic `json:"diagnostics"`
	}{Diagnostics: []jsonDiagnostic{}}
	for _, f := range findings {
		out.Diagnostics = append(out.Diagnostics, jsonDiagnostic{
			Analyzer: f.Analyzer,
			File:     f.Pos.Filename,
			Line:     f.Pos.Line,
			Column:   f.Pos.Column,
			Message:  f.Message,
			Category: f.Category,
			Chain:    jsonChain(f.Chain),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func jsonChain(chain []driver.Step) []jsonStep {
	var out []jsonStep
	for _, s := range chain {
		out = append(out, jsonStep{File: s.Pos.Filename, Line: s.Pos.Line, Column: s.Pos.Column, Message: s.Message})
	}
	return out
}

// repoRoot returns the repository root for SARIF URIs: the nearest
// directory up from dir holding .git (what code scanning resolves URIs
// against), else the nearest holding go.mod, else dir.
func repoRoot(dir string) string {
	for _, marker := range []string{".git", "go.mod"} {
		for d := dir; ; {
			if _, err := os.Stat(filepath.Join(d, marker)); err == nil {
				return d
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	return dir
}

// SARIF 2.1.0, the subset GitHub code scanning reads.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult               `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		Name             string       `json:"name,omitempty"`
		ShortDescription sarifMessage `json:"shortDescription"`
		FullDescription  sarifMessage `json:"fullDescription"`
		Help             sarifMessage `json:"help"`
		HelpURI          string       `json:"helpUri,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
		// RelatedLocations and CodeFlows carry the chain from the origin
		// of the written path to the write, so code-scanning UIs show
		// every hop.
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
		CodeFlows        []sarifCodeFlow `json:"codeFlows,omitempty"`
		// Properties carries the finding's category. The rule stays the
		// analyzer: code scanning keys alerts on rules, and an alert
		// should not become a new one when a category is refined.
		Properties *sarifProperties `json:"properties,omitempty"`
	}
	sarifProperties struct {
		Category string `json:"category"`
	}
	sarifLocation struct {
		ID               int           `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifMessage `json:"message,omitempty"`
	}
	sarifCodeFlow struct {
		ThreadFlows []sarifThreadFlow `json:"threadFlows"`
	}
	sarifThreadFlow struct {
		Locations []sarifFlowLocation `json:"locations"`
	}
	sarifFlowLocation struct {
		Location sarifLocation `json:"location"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           sarifRegion      `json:"region"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

const srcRoot = "%SRCROOT%"

func printSARIF(w io.Writer, roots []*analysis.Analyzer, findings []finding, root string) error {
	driver := sarifDriver{
		Name:           progname,
		Version:        strings.TrimPrefix(strings.Fields(versionString())[1], "v"),
		InformationURI: "https://github.com/staterootlint/staterootlint",
		Rules:          []sarifRule{},
	}
	index := map[string]int{}
	addRule := func(name, doc string) int {
		if i, ok := index[name]; ok {
			return i
		}
		short, _, _ := strings.Cut(strings.TrimSpace(doc), "\n")
		index[name] = len(driver.Rules)
		driver.Rules = append(driver.Rules, sarifRule{
			ID:               name,
			Name:             name,
			ShortDescription: sarifMessage{Text: short},
			FullDescription:  sarifMessage{Text: strings.TrimSpace(doc)},
			Help:             sarifMessage{Text: strings.TrimSpace(doc)},
		})
		return index[name]
	}
	for _, a := range roots {
		addRule(a.Name, a.Doc)
	}
	artifact := func(file string) sarifArtifactLoc {
		if rel, err := filepath.Rel(root, file); err == nil && filepath.IsLocal(rel) {
			return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: srcRoot}
		}
		return sarifArtifactLoc{URI: fileURI(file)}
	}
	results := []sarifResult{}
	for _, f := range findings {
		loc := artifact(f.Pos.Filename)
		var props *sarifProperties
		if f.Category != "" {
			props = &sarifProperties{Category: f.Category}
		}
		results = append(results, sarifResult{
			Properties: props,
			RuleID:     f.Analyzer,
			RuleIndex:  addRule(f.Analyzer, f.Analyzer),
			Level:      "error",
			Message:    sarifMessage{Text: f.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: loc,
				Region:           sarifRegion{StartLine: f.Pos.Line, StartColumn: f.Pos.Column},
			}}},
		})
		if len(f.Chain) == 0 {
			continue
		}
		r := &results[len(results)-1]
		var flow sarifThreadFlow
		for i, s := range f.Chain {
			l := sarifLocation{
				PhysicalLocation: sarifPhysical{ArtifactLocation: artifact(s.Pos.Filename), Region: sarifRegion{StartLine: s.Pos.Line, StartColumn: s.Pos.Column}},
				Message:          &sarifMessage{Text: s.Message},
			}
			flow.Locations = append(flow.Locations, sarifFlowLocation{Location: l})
			l.ID = i + 1
			r.RelatedLocations = append(r.RelatedLocations, l)
		}
		r.CodeFlows = []sarifCodeFlow{{ThreadFlows: []sarifThreadFlow{flow}}}
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:               sarifTool{Driver: driver},
			OriginalURIBaseIDs: map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(root) + "/"}},
			Results:            results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
