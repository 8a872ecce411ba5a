package rootflow

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// authorityOrigin is the origin of a value an authority returns. Its kind
// names a state root ("repo", "global", ...), except "user" and "temp":
// a configured source of user-chosen or temporary paths (a CLI library's
// flag accessor the engine does not know, a project's temp-dir helper).
func authorityOrigin(kind string) Origin {
	kind, word, _ := strings.Cut(kind, ":")
	if word == AuthorityFile && kind != "user" && kind != "temp" {
		// A file inside the root (a settings file): its directory is the
		// root, its siblings are inside it.
		return Origin{Kind: Rooted, Root: kind, Path: "*"}
	}
	switch kind {
	case "user":
		return Origin{Kind: User}
	case "temp":
		return Origin{Kind: Temp}
	}
	return Origin{Kind: Rooted, Root: kind}
}

// The words after an authority's kind (//staterootlint:authority global
// file, =global:base).
const (
	// AuthorityFile says the authority's result names a file inside the
	// root, not the root itself.
	AuthorityFile = "file"
	// AuthorityBase says the authority's result is a base many programs
	// share ($XDG_CONFIG_HOME, ~/.config): the program's root is the
	// state-dir name below it, without its leading dot.
	AuthorityBase = "base"
)

// authorityValue is the origin of the value of the authority key of kind
// (a function's result, a variable's or field's value), read at at: a
// shared base is the directory above the program's root, named by the
// configured state-dir (lattice.Parent); any other kind is
// authorityOrigin's.
func (ix *index) authorityValue(key, kind string, at token.Position) Origin {
	root, word, _ := strings.Cut(kind, ":")
	if word == "" && mayNameFile(key) {
		a := authorityOrigin(kind)
		a.SetFlag(lattice.MayNameFile, a.Kind == Rooted)
		return a
	}
	if word != AuthorityBase || root == "user" || root == "temp" {
		return authorityOrigin(kind)
	}
	why := "the shared base " + lattice.ShortName(key)
	var names []string
	for _, d := range ix.cfg.StateDir {
		if n := strings.TrimPrefix(d, "."); n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		why += " (state-dir is not set, so this program's directory in it is not known: set state-dir)"
	}
	return lattice.Parent(root, names, why, at)
}

// mayNameFile reports whether the authority key, declared without the
// word file, may still return a file inside its root (SPEC §4.1): a
// program's function, variable or field may, and its file's own
// siblings are then inferred inside (lattice.MayNameFile). The stateroots
// library's roots are directories, and so is a root override read from
// the environment ("$NAME").
func mayNameFile(key string) bool {
	pkg := report.NamePackage(key)
	return !strings.HasPrefix(key, "$") && pkg != "" && !strings.HasSuffix(pkg, librarySuffix)
}

// authorityResult is what a call of an authority whose value is a returns. An
// authority whose one parameter is ...string takes path elements
// (DataPath("plugins", name)) and joins them below its root, so a call
// that passes elements it can see returns that pattern below the root:
// the directory of the result is the root or below, not its parent. An
// authority with other parameters (FindProjectRoot(start, markers...))
// returns its root whatever it is passed. Unsound for an authority whose
// one parameter is ...string and that does not join it below its root; a
// call whose elements it cannot see (elem... passed on) returns the root
// itself, as before.
func authorityResult(a Origin, common *ssa.CallCommon, args []ssa.Value, at token.Position) Origins {
	sig := common.Signature()
	if a.Kind != Rooted && !(a.Kind == Bad && a.Cause == CauseClimb) || !sig.Variadic() || sig.Params().Len() != 1 || len(args) == 0 {
		return Origins{a}
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if b, ok := last.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return Origins{a}
	}
	elems, ok := code.Varargs(args[len(args)-1])
	if !ok || len(elems) == 0 {
		return Origins{a}
	}
	return Origins{a.AppendPath(code.ElemsPattern(elems), at)}
}
