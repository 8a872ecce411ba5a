package main

import (
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/flagname"
)

// step is one step of a finding's chain: where the path starts, each call
// and store it goes through, the write.
type step struct {
	pos     token.Position
	message string
}

// atSuffix matches the position the analyzers append to a step whose file
// their pass could not point at (consumer.AtSuffix).
var atSuffix = regexp.MustCompile(` \(at (.+):(\d+):(\d+)\)$`)

// chainOf turns a diagnostic's related information into its chain.
func chainOf(fset *token.FileSet, related []analysis.RelatedInformation) []step {
	var out []step
	for _, r := range related {
		s := step{pos: fset.Position(r.Pos), message: r.Message}
		if m := atSuffix.FindStringSubmatch(r.Message); m != nil {
			line, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			s.pos = token.Position{Filename: m[1], Line: line, Column: col}
			s.message = strings.TrimSuffix(r.Message, m[0])
		}
		out = append(out, s)
	}
	return out
}

// enableChains turns on the chains of the analyzers that can attach them
// (shadowwrite, cwdwrite): the CLI prints them with -v, in JSON and in
// SARIF. (They are off by default for the other drivers: golangci-lint
// shows each step as an issue of its own.)
func enableChains(roots []*analysis.Analyzer) {
	for _, a := range roots {
		if f := a.Flags.Lookup(flagname.Chain); f != nil {
			_ = f.Value.Set("true")
		}
	}
}
