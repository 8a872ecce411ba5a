package rootflow

import (
	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// The engine's values and requirements are the lattices of package
// lattice; these names keep the engine's code short.
type (
	// Kind classifies where a path value comes from (lattice.Kind).
	Kind = lattice.Kind
	// Origin is one possible origin of a value (lattice.Origin).
	Origin = lattice.Origin
	// Origins is the set of possible origins of a value (lattice.Origins).
	Origins = lattice.Origins
	// Req is a requirement on a symbol (lattice.Req).
	Req = lattice.Req
	// Hop is one step between a value and its write (lattice.Hop).
	Hop = lattice.Hop
)

// The kinds of origin (lattice.Kind).
const (
	Rooted  = lattice.Rooted
	Temp    = lattice.Temp
	Cache   = lattice.Cache
	User    = lattice.User
	DevNull = lattice.DevNull
	Empty   = lattice.Empty
	Param   = lattice.Param
	Cell    = lattice.Cell
	Func    = lattice.Func
	Env     = lattice.Env
	Bad     = lattice.Bad
)

// ProjectRoot is the root kind of the project root itself
// (lattice.ProjectRoot).
const ProjectRoot = lattice.ProjectRoot

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
