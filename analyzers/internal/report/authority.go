package report

import (
	"go/ast"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/internal/flagname"
)

// FlagAuthorities names the flag of the configured authorities, the same
// flag (and config key) the engine reads: the packages that hold them are
// authority packages, like the ones with //staterootlint:authority.
const FlagAuthorities = flagname.Authorities

// AuthorityPackage reports whether the package at pkgPath is an authority
// package: files declare a //staterootlint:authority function, or one of
// the configured authorities ("pkg/path.F", "(*pkg/path.T).M",
// "pkg/path.V", each optionally "=KIND") is in it. Configured sources of
// user-chosen or temporary paths (=user, =temp) do not make their package
// an authority: they resolve no state root.
func AuthorityPackage(files []*ast.File, pkgPath string, configured []string) bool {
	if DeclaresAuthority(files) {
		return true
	}
	for _, a := range configured {
		name, kind, _ := strings.Cut(a, "=")
		if kind == "user" || kind == "temp" {
			continue
		}
		if NamePackage(name) == pkgPath {
			return true
		}
	}
	return false
}

// RootEnvEntry splits a root-env entry, NAME[=KIND[:file|:base]], into
// the variable's name and the kind of root its value is, with the word
// after it: "global" when unstated (XDG_CONFIG_HOME=global:base gives
// "XDG_CONFIG_HOME", "global:base").
func RootEnvEntry(entry string) (name, kind string) {
	name, kind, _ = strings.Cut(strings.TrimSpace(entry), "=")
	if kind == "" {
		kind = "global"
	}
	return name, kind
}

// EnvMatch reports whether a configured variable (a root-env entry's
// name, a user-env entry), a name or a pattern over names whose * stands
// for any text (TOOL_*_VERSION), covers name: a variable's name, or the
// pattern of a name the program builds at run time ("TOOL_" + tool +
// "_VERSION" is TOOL_*_VERSION), each * of which only a * of the
// configured pattern covers.
func EnvMatch(configured, name string) bool {
	if !strings.Contains(configured, "*") {
		return configured == name
	}
	ok, err := path.Match(configured, name)
	return err == nil && ok
}

// RootEnvNames returns the variables' names of the root-env entries.
func RootEnvNames(entries []string) []string {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i], _ = RootEnvEntry(e)
	}
	return names
}

// NamePackage returns the import path of a configured name: "pkg/path"
// for "pkg/path.F", "(*pkg/path.T).M" and "(pkg/path.T).F"; a last
// element with a dotted major version is kept whole ("gopkg.in/yaml.v3"
// for "gopkg.in/yaml.v3.Marshal").
func NamePackage(name string) string {
	name = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(name), "("), "*")
	if i := strings.Index(name, ")"); i >= 0 {
		name = name[:i]
	}
	slash := strings.LastIndex(name, "/")
	last := name[slash+1:]
	if m := dottedMajor().FindString(last); m != "" {
		return name[:slash+len(m)] // gopkg.in/yaml.v3, without the dot after it
	}
	dot := strings.Index(last, ".")
	if dot < 0 {
		return ""
	}
	return name[:slash+1+dot]
}

// dottedMajor matches a last import path element that ends with a major
// version as gopkg.in spells it ("yaml.v3"), and the dot after it.
var dottedMajor = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[^.]+\.v[0-9]+\.`) })

// OwnAuthorities names, for advice in a diagnostic, up to two of the
// configured authorities that resolve state roots (not =user, =temp or
// =cache sources), relative to the module being analyzed
// ("internal/paths.StateDir"): "this program's authority X" or "one of
// this program's authorities X or Y". It returns "" when there are none,
// and the advice should name the stateroots library.
func OwnAuthorities(configured []string, modulePath string) string {
	var names []string
	for _, a := range configured {
		name, kind, _ := strings.Cut(strings.TrimSpace(a), "=")
		if kind == "user" || kind == "temp" || kind == "cache" || name == "" {
			continue
		}
		if modulePath != "" {
			name = strings.Replace(name, modulePath+"/", "", 1)
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "this program's authority " + names[0]
	}
	return "one of this program's authorities " + names[0] + " or " + names[1]
}
