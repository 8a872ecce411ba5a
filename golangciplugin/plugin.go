// Package golangciplugin is the golangci-lint v2 module plugin of
// staterootlint: it registers the analyzer suite as the custom linter
// "staterootlint".
//
// Build a golangci-lint that includes it with golangci-lint custom and a
// .custom-gcl.yml naming this package (see docs/integrations.md), then enable it in
// .golangci.yml:
//
//	linters:
//	  enable: [staterootlint]
//	  settings:
//	    custom:
//	      staterootlint:
//	        type: module
//	        settings:            # the keys of .staterootlint.yaml
//	          authorities: [example.com/app/paths.ConfigDir]
//	          root-env: [APP_GLOBAL_STATE_ROOT]
//	          user-env: [APP_DEFAULT_OPTS]
//
// The settings are the only configuration the plugin reads: it does not
// look for .staterootlint.yaml, because golangci-lint keys its result cache
// on .golangci.yml's linter settings and would serve stale findings after
// an edit to a file it does not know about. Copy the file's keys under
// settings instead.
package golangciplugin

import (
	"slices"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/fixkind"
)

// Name is the custom linter's name in .golangci.yml.
const Name = "staterootlint"

// settingsSource names the plugin settings in error messages.
const settingsSource = ".golangci.yml (linters.settings.custom.staterootlint.settings)"

// golangci-lint discovers module plugins through this registration; a
// blank import of the package is all a custom build needs.
func init() { register.Plugin(Name, New) }

// Plugin is the staterootlint linter plugin.
type Plugin struct {
	cfg *config.Config
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes the plugin settings from .golangci.yml with the rules of
// .staterootlint.yaml: unknown keys and wrong types are errors.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := config.FromMap(settings, settingsSource)
	if err != nil {
		return nil, err
	}
	return &Plugin{cfg: cfg}, nil
}

// BuildAnalyzers returns the linting suite (analyzers.Linting: every
// analyzer that reports) with the configuration applied to the flags of
// every analyzer it requires (the shared engine included).
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	if _, err := p.cfg.Apply(analyzers.Linting); err != nil {
		return nil, err
	}
	withoutDeclarations.Do(func() {
		for _, a := range analyzers.Linting {
			a.Run = dropDeclarations(a.Run)
		}
	})
	return analyzers.Linting, nil
}

// withoutDeclarations wraps the suite's analyzers once per process (the
// plugin configures the shared suite, as BuildAnalyzers does its flags).
var withoutDeclarations sync.Once

// dropDeclarations wraps an analyzer's run so that its diagnostics carry
// no declaration (internal/fixkind): golangci-lint --fix applies every
// suggested fix of an issue, and only the author knows a product from
// state (staterootlint --fix=declare applies them on request).
func dropDeclarations(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			d.SuggestedFixes = slices.DeleteFunc(slices.Clone(d.SuggestedFixes), func(f analysis.SuggestedFix) bool {
				return fixkind.IsDeclaration(f.Message)
			})
			report(d)
		}
		return run(pass)
	}
}

// GetLoadMode asks for type information: the analyzers match calls by type.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
