package consumer

import (
	"flag"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/findingkey"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// Chains renders the chains of one pass's findings.
type Chains struct {
	pass  *analysis.Pass
	files map[string]*token.File // the pass's parsed files by name, built on first use
}

// RegisterChain declares the -chain flag on an analyzer whose findings
// can carry their chain (off by default: golangci-lint shows each step of
// related information as an issue of its own).
func RegisterChain(fs *flag.FlagSet) {
	fs.Bool(flagname.Chain, false, "attach each finding's chain, from where its path starts to the write, as related information (the CLI's -v, JSON and SARIF use it)")
}

// NewChains returns the chain renderer of a pass, or nil (no chains) when
// the analyzer's -chain flag is off.
func NewChains(pass *analysis.Pass) *Chains {
	if f := pass.Analyzer.Flags.Lookup(flagname.Chain); f == nil || f.Value.String() != "true" {
		return nil
	}
	return &Chains{pass: pass}
}

// Chain returns a finding's path from the origin of the value to the
// write, as related information: where the value arose, each call it is
// passed to and each field or variable it is stored into after the
// finding's own position, and the write. Drivers show it as SARIF code
// flows, JSON chains and the text output's -v lines.
//
// A step in a file the pass did not parse (another package's, under a
// driver that type-checks each package on its own) is placed at the
// finding and names its position in its message, as "(at FILE:LINE:COL)":
// see AtSuffix. The file set may hold such a file, made up by the
// importer of export data with only the lines of the declarations it
// read, which a position cannot be mapped into: what it held would
// depend on what the importer read.
func (c *Chains) Chain(f *rootflow.Finding) []analysis.RelatedInformation {
	if c == nil {
		return nil
	}
	if c.files == nil {
		c.files = fileIndex(c.pass)
	}
	files := c.files
	var out []analysis.RelatedInformation
	add := func(p token.Position, msg string) {
		if !p.IsValid() {
			return
		}
		pos := token.NoPos
		if tf := files[p.Filename]; tf != nil && p.Line <= tf.LineCount() {
			if off := tf.Offset(tf.LineStart(p.Line)) + max(p.Column-1, 0); off <= tf.Size() {
				pos = tf.Pos(off)
			}
		}
		if !pos.IsValid() {
			pos, msg = f.Pos, msg+AtSuffix(p)
		}
		out = append(out, analysis.RelatedInformation{Pos: pos, Message: msg})
	}
	add(f.Origin.At, findingkey.PathStarts+f.Origin.Describe())
	via := f.Reach.Via
	if len(via) > 0 {
		via = via[1:] // the first hop is the callee or cell at the finding itself
	}
	for _, h := range via {
		add(h.Pos, "then through "+h.Name)
	}
	if f.Site != rootflow.AtWrite {
		add(f.Reach.At, findingkey.WrittenBy+f.Reach.Op)
	}
	return out
}

// AtSuffix is how Chain names a position its pass cannot point at.
func AtSuffix(p token.Position) string {
	return fmt.Sprintf(" (at %s:%d:%d)", p.Filename, p.Line, p.Column)
}

// fileIndex maps the names of the pass's parsed files to their files.
func fileIndex(pass *analysis.Pass) map[string]*token.File {
	m := map[string]*token.File{}
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil {
			m[tf.Name()] = tf
		}
	}
	return m
}
