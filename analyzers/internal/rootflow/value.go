package rootflow

import (
	"go/token"
	"go/types"
	"strings"

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

// AuthorityFile is the word after an authority's kind
// (//staterootlint:authority global file, =global:file) that says its
// result names a file inside the root, not the root itself.
const AuthorityFile = "file"

// authorityResult is what a call of an authority of kind returns. An
// authority whose one parameter is ...string takes path elements
// (DataPath("plugins", name)) and joins them below its root, so a call
// that passes elements it can see returns that pattern below the root:
// the directory of the result is the root or below, not its parent. An
// authority with other parameters (FindProjectRoot(start, markers...))
// returns its root whatever it is passed. Unsound for an authority whose
// one parameter is ...string and that does not join it below its root; a
// call whose elements it cannot see (elem... passed on) returns the root
// itself, as before.
func authorityResult(kind string, common *ssa.CallCommon, args []ssa.Value, at token.Position) Origins {
	a := authorityOrigin(kind)
	sig := common.Signature()
	if a.Kind != Rooted || !sig.Variadic() || sig.Params().Len() != 1 || len(args) == 0 {
		return Origins{a}
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if b, ok := last.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return Origins{a}
	}
	elems, ok := varargs(args[len(args)-1])
	if !ok || len(elems) == 0 {
		return Origins{a}
	}
	return Origins{a.AppendPath(elemsPattern(elems), at)}
}
