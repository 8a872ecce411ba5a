package format

import (
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/findingkey"
)

// RepoRoot returns the repository root for SARIF URIs: the nearest
// directory up from dir holding .git (what code scanning resolves URIs
// against), else the nearest holding go.mod, else dir.
func RepoRoot(dir string) string {
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

// The SARIF 2.1.0 objects WriteSARIF writes: the subset GitHub code
// scanning reads.
type (
	// SARIFLog is a SARIF log: one run.
	SARIFLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []SARIFRun `json:"runs"`
	}
	// SARIFRun is the run: the tool and its results.
	SARIFRun struct {
		Tool               SARIFTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]SARIFArtifactLoc `json:"originalUriBaseIds,omitempty"`
		Results            []SARIFResult               `json:"results"`
	}
	// SARIFTool names the tool of a run.
	SARIFTool struct {
		Driver SARIFDriver `json:"driver"`
	}
	// SARIFDriver is the tool component: the program and its rules.
	SARIFDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []SARIFRule `json:"rules"`
	}
	// SARIFRule is an analyzer, described by its documentation.
	SARIFRule struct {
		ID               string       `json:"id"`
		Name             string       `json:"name,omitempty"`
		ShortDescription SARIFMessage `json:"shortDescription"`
		FullDescription  SARIFMessage `json:"fullDescription"`
		Help             SARIFMessage `json:"help"`
		HelpURI          string       `json:"helpUri,omitempty"`
	}
	// SARIFMessage is a text.
	SARIFMessage struct {
		Text string `json:"text"`
	}
	// SARIFResult is one finding.
	SARIFResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   SARIFMessage    `json:"message"`
		Locations []SARIFLocation `json:"locations"`
		// RelatedLocations and CodeFlows carry the chain from the origin
		// of the written path to the write, so code-scanning UIs show
		// every hop.
		RelatedLocations []SARIFLocation `json:"relatedLocations,omitempty"`
		CodeFlows        []SARIFCodeFlow `json:"codeFlows,omitempty"`
		// Properties carries the finding's category. The rule stays the
		// analyzer: code scanning keys alerts on rules, and an alert
		// should not become a new one when a category is refined.
		Properties *SARIFProperties `json:"properties,omitempty"`
		// Fixes are the finding's suggested fixes, as changes to files
		// (a rewrite, then a declaration: internal/fixkind).
		Fixes []SARIFFix `json:"fixes,omitempty"`
	}
	// SARIFFix is a suggested fix: its description and its edits.
	SARIFFix struct {
		Description     SARIFMessage          `json:"description"`
		ArtifactChanges []SARIFArtifactChange `json:"artifactChanges"`
	}
	// SARIFArtifactChange is a fix's edits of one file.
	SARIFArtifactChange struct {
		ArtifactLocation SARIFArtifactLoc   `json:"artifactLocation"`
		Replacements     []SARIFReplacement `json:"replacements"`
	}
	// SARIFReplacement replaces a region of bytes with a text.
	SARIFReplacement struct {
		DeletedRegion   SARIFByteRegion `json:"deletedRegion"`
		InsertedContent *SARIFMessage   `json:"insertedContent,omitempty"`
	}
	// SARIFByteRegion is a range of bytes of a file.
	SARIFByteRegion struct {
		ByteOffset int `json:"byteOffset"`
		ByteLength int `json:"byteLength"`
	}
	// SARIFProperties are a result's own properties.
	SARIFProperties struct {
		Category string `json:"category"`
	}
	// SARIFLocation is a position in a file, with a message in a chain.
	SARIFLocation struct {
		ID               int           `json:"id,omitempty"`
		PhysicalLocation SARIFPhysical `json:"physicalLocation"`
		Message          *SARIFMessage `json:"message,omitempty"`
	}
	// SARIFCodeFlow is a finding's chain as a code flow.
	SARIFCodeFlow struct {
		ThreadFlows []SARIFThreadFlow `json:"threadFlows"`
	}
	// SARIFThreadFlow is the steps of a code flow.
	SARIFThreadFlow struct {
		Locations []SARIFFlowLocation `json:"locations"`
	}
	// SARIFFlowLocation is one step of a thread flow.
	SARIFFlowLocation struct {
		Location SARIFLocation `json:"location"`
	}
	// SARIFPhysical is a file and a region of it.
	SARIFPhysical struct {
		ArtifactLocation SARIFArtifactLoc `json:"artifactLocation"`
		Region           SARIFRegion      `json:"region"`
	}
	// SARIFArtifactLoc is a file's URI, relative to a base id or absolute.
	SARIFArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	// SARIFRegion is a line and column.
	SARIFRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

// SrcRoot is the base id of the URIs relative to the repository root.
const SrcRoot = "%SRCROOT%"

// WriteSARIF writes the findings as a SARIF 2.1.0 log of one run by
// tool (whose Rules it fills): a rule per analyzer of roots, and per
// other analyzer a finding names; each result with its finding's chain
// as related locations and a code flow. URIs are relative to root (the
// repository root, RepoRoot) under SrcRoot when inside it.
func WriteSARIF(w io.Writer, tool SARIFDriver, roots []*analysis.Analyzer, findings []driver.Finding, root string) error {
	tool.Rules = []SARIFRule{}
	index := map[string]int{}
	addRule := func(name, doc string) int {
		if i, ok := index[name]; ok {
			return i
		}
		short, _, _ := strings.Cut(strings.TrimSpace(doc), "\n")
		index[name] = len(tool.Rules)
		tool.Rules = append(tool.Rules, SARIFRule{
			ID:               name,
			Name:             name,
			ShortDescription: SARIFMessage{Text: short},
			FullDescription:  SARIFMessage{Text: strings.TrimSpace(doc)},
			Help:             SARIFMessage{Text: strings.TrimSpace(doc)},
		})
		return index[name]
	}
	for _, a := range roots {
		addRule(a.Name, a.Doc)
	}
	artifact := func(file string) SARIFArtifactLoc {
		if rel, err := filepath.Rel(root, file); err == nil && filepath.IsLocal(rel) {
			return SARIFArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: SrcRoot}
		}
		return SARIFArtifactLoc{URI: fileURI(file)}
	}
	results := []SARIFResult{}
	for _, f := range findings {
		loc := artifact(f.Pos.Filename)
		var props *SARIFProperties
		if f.Category != "" {
			props = &SARIFProperties{Category: f.Category}
		}
		results = append(results, SARIFResult{
			Properties: props,
			RuleID:     f.Analyzer,
			RuleIndex:  addRule(f.Analyzer, f.Analyzer),
			Level:      "error",
			Message:    SARIFMessage{Text: f.Message},
			Locations: []SARIFLocation{{PhysicalLocation: SARIFPhysical{
				ArtifactLocation: loc,
				Region:           SARIFRegion{StartLine: f.Pos.Line, StartColumn: f.Pos.Column},
			}}},
			Fixes: sarifFixes(f, artifact),
		})
		if len(f.Chain) == 0 {
			continue
		}
		r := &results[len(results)-1]
		// A finding whose path may come from several origins carries
		// their chains one after another: a code flow each, and all their
		// steps as the one result's related locations.
		var flow SARIFThreadFlow
		for i, s := range f.Chain {
			if strings.HasPrefix(s.Message, findingkey.PathStarts) && len(flow.Locations) > 0 {
				r.CodeFlows = append(r.CodeFlows, SARIFCodeFlow{ThreadFlows: []SARIFThreadFlow{flow}})
				flow = SARIFThreadFlow{}
			}
			l := SARIFLocation{
				PhysicalLocation: SARIFPhysical{ArtifactLocation: artifact(s.Pos.Filename), Region: SARIFRegion{StartLine: s.Pos.Line, StartColumn: s.Pos.Column}},
				Message:          &SARIFMessage{Text: s.Message},
			}
			flow.Locations = append(flow.Locations, SARIFFlowLocation{Location: l})
			l.ID = i + 1
			r.RelatedLocations = append(r.RelatedLocations, l)
		}
		r.CodeFlows = append(r.CodeFlows, SARIFCodeFlow{ThreadFlows: []SARIFThreadFlow{flow}})
	}
	log := SARIFLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []SARIFRun{{
			Tool:               SARIFTool{Driver: tool},
			OriginalURIBaseIDs: map[string]SARIFArtifactLoc{SrcRoot: {URI: fileURI(root) + "/"}},
			Results:            results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// sarifFixes renders the fixes of f that can be applied.
func sarifFixes(f driver.Finding, artifact func(string) SARIFArtifactLoc) []SARIFFix {
	var out []SARIFFix
	for _, fix := range f.Fixes() {
		if fix.Why != "" || len(fix.Edits) == 0 {
			continue
		}
		var changes []SARIFArtifactChange
		byFile := map[string]int{}
		for _, e := range fix.Edits {
			i, ok := byFile[e.File]
			if !ok {
				i = len(changes)
				byFile[e.File] = i
				changes = append(changes, SARIFArtifactChange{ArtifactLocation: artifact(e.File)})
			}
			r := SARIFReplacement{DeletedRegion: SARIFByteRegion{ByteOffset: e.Start, ByteLength: e.End - e.Start}}
			if len(e.Text) > 0 {
				r.InsertedContent = &SARIFMessage{Text: string(e.Text)}
			}
			changes[i].Replacements = append(changes[i].Replacements, r)
		}
		out = append(out, SARIFFix{Description: SARIFMessage{Text: fix.Message}, ArtifactChanges: changes})
	}
	return out
}

// fileURI is path as a file: URI.
func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
