package rootflow

import (
	"go/token"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// What the engine knows about library functions lives in package
// knowledge, which every analyzer reads; this file adapts it.

// sinkSpec describes a write sink: the table's entry plus the path
// indices the configuration adds.
type sinkSpec struct {
	paths       []int // indices, in the SSA argument list (receiver first), of written paths
	flag        int   // index of an os.OpenFile-style flag argument, or -1
	emptyIsTemp bool  // an empty directory argument means os.TempDir
	extra       []int // configured path indices (-sinks): Go parameters, receiver not counted
}

// builtinSinks returns the sinks of the knowledge table.
func builtinSinks() map[string]sinkSpec {
	m := map[string]sinkSpec{}
	for _, f := range knowledge.All() {
		if f.Has(knowledge.Sink) {
			m[f.Name] = sinkSpec{paths: f.Sink.Paths, flag: f.Sink.Flag, emptyIsTemp: f.Sink.EmptyIsTemp}
		}
	}
	return m
}

// Cause says what kind of origin outside every root an origin is: the
// category of its diagnostics, and what rules such as "a default that
// stands in for the user's choice" look at.
type Cause = knowledge.Cause

// The causes of an origin outside every root.
const (
	CauseUnproven   = knowledge.CauseUnproven
	CauseLiteral    = knowledge.CauseLiteral
	CauseCwd        = knowledge.CauseCwd
	CauseHome       = knowledge.CauseHome
	CauseEnv        = knowledge.CauseEnv
	CauseExecutable = knowledge.CauseExecutable
	CauseClimb      = knowledge.CauseClimb
	CauseLimit      = knowledge.CauseLimit
	CauseData       = knowledge.CauseData
)

// trimmedPrefix is v with the prefix argument cut off its front, as
// strings.TrimPrefix does, where v's origin is a literal whose text says
// what is cut: the literal's rest when the prefix is part of it, what
// followed the literal when the prefix is all of it (a value the analysis
// cannot follow unless nothing followed), the literal unchanged when the
// prefix does not start it. A prefix that reaches past the literal, or is
// not a constant, may cut anything: unproven. Other origins are left as
// they are, to partOf (calls.go), which decides what a part of them is.
func (ix *index) trimmedPrefix(v Origins, prefix ssa.Value, pos token.Pos) Origins {
	p, isConst := code.ConstString(prefix)
	return v.Map(func(a Origin) Origins {
		if a.Kind != Bad || a.Lit == "" || isConst && p == "" {
			return Origins{a}
		}
		// The literal's text is known up to its first "*" (a value the
		// concatenation appended).
		known, _, _ := strings.Cut(a.Lit, "*")
		switch {
		case !isConst:
			return ix.bad(pos, "a literal with a prefix the analysis cannot follow cut off (strings.TrimPrefix)")
		case strings.HasPrefix(known, p) && len(known) > len(p):
			a.Lit = a.Lit[len(p):]
			a.Rel = !strings.HasPrefix(a.Lit, "/")
			return Origins{a}
		case p == a.Lit && a.Path == "":
			return Origins{{Kind: Empty}}
		case strings.HasPrefix(p, known):
			return ix.bad(pos, "what followed the literal %q once strings.TrimPrefix cut it off", known)
		}
		return Origins{a}
	})
}
