package rootflow

import (
	"fmt"
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// WriteVerdict is Verdict for a write by op, which names the policies
// that allow an origin for what the write does: os.MkdirAll of an
// ancestor of a root creates nothing MkdirAll of the root would not.
func (cfg *Config) WriteVerdict(a Origin, op string) (allowed bool, why string) {
	if createsNothing(a, writeReq(op, a.At)) {
		return true, "allowed: " + op + " of a directory that exists wherever the program runs creates nothing"
	}
	if ancestorOfRoot(a, writeReq(op, a.At)) {
		return true, "allowed: " + op + " of a state root's ancestor creates nothing " + op + " of the root itself would not"
	}
	return cfg.Verdict(a)
}

// Verdict says whether a write to a path of origin a is allowed under cfg,
// and why, in a sentence for `staterootlint explain`. It is read-only: the
// same judgement the findings make (Config.Allowed), spelled out.
func (cfg *Config) Verdict(a Origin) (allowed bool, why string) {
	switch a.Kind {
	case Rooted:
		switch a.Root {
		case lattice.ExeRoot:
			return true, "declared: the running executable or a file named from it, which the command replaces on purpose (allow-write exe)"
		case lattice.CwdRoot:
			return true, "declared: a file the command writes where the program runs, on purpose (allow-write " + a.Pattern() + ")"
		case lattice.ProjectRoot:
			return false, "not allowed: under the project root, which is the user's; declare it with may-write or allow-write " + a.Pattern()
		}
		if a.Flag(lattice.Inferred) {
			return true, fmt.Sprintf("inferred: a sibling of the file an authority declared without file returns (p + SUFFIX), inside its directory, the %s state root; declare the authority =%s:file to say so", a.Root, a.Root)
		}
		return true, fmt.Sprintf("rooted: under the %s state root (an authority's result or a configured root override)", a.Root)
	case Temp:
		return judged(cfg.AllowTemp, "a temporary directory", FlagAllowTemp)
	case Cache:
		return judged(cfg.AllowCache, "the user cache directory", FlagAllowCache)
	case User:
		return judged(cfg.AllowUser, "a path the user chose (a flag or argument)", FlagAllowUser)
	case DevNull:
		return true, "allowed: a device keeps no state"
	case Empty:
		return true, "allowed: an empty path writes nothing (the call fails or does nothing)"
	case Param:
		return true, fmt.Sprintf("not decided here: each call of %s is checked for what it passes, and reported there if it is not rooted", lattice.ShortName(a.Key))
	case Cell:
		return true, fmt.Sprintf("not decided here: each store into %s is checked for what it stores, and reported there if it is not rooted", lattice.ShortName(a.Key))
	case Env:
		return true, "not decided here: the environment variable its caller names, checked at the call"
	case Func:
		return false, "not rooted: a func value the analysis cannot follow"
	}
	switch a.Cause {
	case CauseLiteral:
		if a.Rel {
			return false, "not rooted: a relative literal lands wherever the tool was started"
		}
		return false, "not rooted: a fixed absolute path is shared by every repository and user"
	case CauseCwd:
		return false, "not rooted: the working directory is not a state root"
	case CauseHome:
		return false, "not rooted: the home and config directories are not state roots; derive the path from an authority, or declare the function that resolves the state directory as one (authorities, or staterootlint init)"
	case CauseEnv:
		return false, "not rooted: an environment variable that is not a configured root override (root-env)"
	case CauseExecutable:
		return false, "not rooted: the executable's directory is not a state root"
	case CauseClimb:
		if a.InferredSibling() {
			return true, fmt.Sprintf("inferred: the directory of the file an authority declared without file returns, or a temporary file in it renamed onto the file, inside the %s state root; declare the authority =%s:file to say so", a.Root, a.Root)
		}
		return false, "not rooted: the path leaves its state root"
	case CauseLimit:
		return false, "not rooted: an analysis bound was hit, so the value is not proven"
	case CauseData:
		return false, "not proven: a path read from data (a file's contents, the network) is unproven by design"
	}
	return false, "not rooted: the analysis cannot follow where the value comes from"
}

func judged(ok bool, what, flag string) (bool, string) {
	if ok {
		return true, "allowed: " + what + " (-" + flag + ")"
	}
	return false, "not allowed: " + what + ", and the configuration sets -" + flag + "=false"
}

func (e *engine) find(pos token.Pos, site Site, op string, a Origin, r Req) {
	id := e.At(pos).String() + "|" + op + "|" + a.Describe() + "|" + a.At.String()
	if e.seen[id] {
		return
	}
	e.seen[id] = true
	e.res.Findings = append(e.res.Findings, &Finding{Pos: pos, Site: site, Op: op, Origin: a, Reach: r})
}

// writeReq is the requirement a write by op at at puts on its path: a
// sink that makes its path as a directory with its parents (os.MkdirAll)
// records it (madeDir).
func writeReq(op string, at token.Position) Req {
	r := Req{Op: op, At: at}
	if knowledge.Is(op, knowledge.MakesParents) {
		r = madeDir(r)
	}
	return r
}

// settled reports whether every origin of v is concrete and allowed
// under requirement r as it is: no symbol left for a caller, a store or
// a call site to decide. An empty v is not settled: nothing is known.
func settled(cfg *Config, v Origins, r Req) bool {
	if len(v) == 0 {
		return false
	}
	for _, a := range v {
		switch a.Kind {
		case Param, Cell, Func, Env:
			return false
		}
		if !cfg.Allowed(a) && !ancestorOfRoot(a, r) && !createsNothing(a, r) {
			return false
		}
	}
	return true
}
