package driver

import (
	"context"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// withOutside extends lookup, which finds the analyzed packages and their
// dependencies, to every package the module can import: a configuration
// names the authorities of the whole program, and a run on a subset of
// its packages (pre-commit, an editor) must accept one that lives in a
// package the subset does not import, as go vet does. Such a package is
// loaded on its own, from source (a configured name may be unexported);
// a path that does not name a package is still nil, and so still an
// error of the configuration.
func withOutside(ctx context.Context, opts *Options, lookup func(string) *types.Package) func(string) *types.Package {
	loaded := map[string]*types.Package{}
	return func(path string) *types.Package {
		if p := lookup(path); p != nil {
			return p
		}
		if p, ok := loaded[path]; ok {
			return p
		}
		loaded[path] = loadOutside(ctx, opts, path)
		return loaded[path]
	}
}

// loadOutside type-checks the package path from source, its imports from
// export data; nil when it cannot be found or does not type-check.
func loadOutside(ctx context.Context, opts *Options, path string) *types.Package {
	pkgs, err := packages.Load(&packages.Config{
		Context:    ctx,
		Mode:       packages.LoadSyntax,
		Dir:        opts.Dir,
		BuildFlags: opts.BuildFlags,
	}, path)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 || pkgs[0].Types == nil {
		return nil
	}
	return pkgs[0].Types
}
