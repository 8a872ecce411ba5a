package rootflow

import (
	"go/token"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// dashStdoutRule is the recipe's example (doc.go, "Adding an idiom
// rule"), kept as a test-only rule so the recipe stays true: the registry
// and on/off tests run it like a registered one. It decides that "-"
// passed to a helper that returns its parameter as a path is standard
// output, as many CLIs spell it, not a file relative to the working
// directory.
//
// Unsound where the helper does not special-case "-" and opens a file of
// that name.
type dashStdoutRule struct{}

func (dashStdoutRule) Name() string { return "dash-stdout" }

func (dashStdoutRule) BindArg(_ hook.Context, _ Origin, arg Origins, _ []ssa.Value, _ token.Position) Origins {
	return arg.Map(func(a Origin) Origins {
		if a.Kind == Bad && a.Lit == "-" && a.Path == "" {
			return Origins{{Kind: DevNull}}
		}
		return Origins{a}
	})
}

func TestRecipeExampleRule(t *testing.T) {
	example := []hook.Rule{dashStdoutRule{}}
	checkRules(t, example, ".")
	cfg := DefaultConfig()
	cfg.rulesExtra = example
	runOnOff(t, dashStdoutRule{}, cfg)
}
