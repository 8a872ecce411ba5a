package probe

import (
	"fmt"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/internal/config"
)

// maxNotProposed bounds the "not proposed" comments.
const maxNotProposed = 8

// Text renders p as a configuration file, a comment above each entry
// saying why, and, when p is Checked, a last line saying how many
// findings remain with it.
func (p *Proposal) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s proposed by 'staterootlint init %s'.\n", config.FileName, strings.Join(p.Patterns, " "))
	b.WriteString("# Each entry says why; review them before committing the file.\n")
	switch {
	case len(p.Authorities) == 0 && len(p.Apps) > 0:
		b.WriteString("# The program resolves its roots with the stateroots library, whose functions\n")
		b.WriteString("# carry //staterootlint:authority: no authorities entry is needed.\n")
	case len(p.Authorities) == 0:
		b.WriteString("# No function, method or variable of the program or its dependencies resolves\n")
		b.WriteString("# a state directory from the home, config or cache directory and an override\n")
		b.WriteString("# variable: derive the state paths from the stateroots library, or mark your\n")
		b.WriteString("# resolver with //staterootlint:authority.\n")
	default:
		b.WriteString("authorities:\n")
	}
	declared := map[string]bool{}
	for _, a := range p.Authorities {
		where := ""
		if a.Module != "" {
			where = " (in the dependency " + a.Module + ")"
		}
		what := fmt.Sprintf("resolves a directory from %s", a.Sources())
		kind := a.Kind()
		switch {
		case a.Base:
			what = fmt.Sprintf("resolves a base many programs share from %s: the root is the state-dir name below it", a.Sources())
			kind += ":base"
		case runtimeDir(a.Candidate):
			what = fmt.Sprintf("resolves a runtime directory from %s: sockets and pids, temporary, not state", a.Sources())
		case a.File && !a.User:
			what = fmt.Sprintf("resolves a file from %s: the root is the file's directory", a.Sources())
			kind += ":file"
		}
		effect := "as an authority it removes " + plural(a.Removes, "finding", "findings")
		if a.Through != "" {
			effect = a.Through
		}
		switch {
		case a.setting != "":
			what = a.setting + ": the user's value, as a flag's default is"
			effect = "as a user-chosen path it removes " + plural(a.Removes, "finding", "findings")
		case a.flagBound != "":
			what = a.flagBound + ": a user-chosen path"
			effect = "as a user-chosen path it removes " + plural(a.Removes, "finding", "findings")
		case a.Finder:
			what = "returns a file it finds existing in a directory or a parent: the user's file"
			effect = "as a user-chosen path it removes " + plural(a.Removes, "finding", "findings")
		case a.User:
			what = "returns the value the user gave a flag (the flag value prints itself at " + a.FlagSites() + ")"
			effect = "as a user-chosen path it removes " + plural(a.Removes, "finding", "findings")
		}
		if a.Shape != "function" {
			what = "(" + a.Shape + ") " + what
		}
		if a.SiblingOf != "" {
			effect += ", and it is a sibling of " + a.SiblingOf
		}
		if a.CopyOf != "" {
			effect += ", and it is a copy of " + a.CopyOf + " (the same name and sources in another package): the same root"
		}
		fmt.Fprintf(&b, "  # %s%s at %s %s; %s\n", a.Short, where, a.At, what, effect)
		if a.overBase {
			b.WriteString("  # (built on bases many programs share that another module resolves, from the XDG variables or below the home directory)\n")
		}
		if a.ownStruct != "" {
			fmt.Fprintf(&b, "  # (it fills a struct of bases many programs share: the program joins its own name, %s, below them, in its resolvers over the struct and in the defaults it fills from it)\n", a.ownStruct)
		}
		if a.overResolvers {
			b.WriteString("  # (hands out what its package's resolvers returned, kept in a variable: the rest of the program reaches them through it)\n")
		}
		if len(a.Wrappers) > 0 {
			fmt.Fprintf(&b, "  # (the program reaches it through %s)\n", strings.Join(a.Wrappers, ", "))
		}
		if a.promoted() {
			var short []string
			for _, n := range a.Via {
				short = append(short, lattice.ShortName(n))
			}
			fmt.Fprintf(&b, "  # (unexported: declared as what the program calls that returns it, %s)\n", strings.Join(short, ", "))
		}
		for _, n := range a.Names() {
			k := kind
			if a.promoted() && a.ViaFile(n) && !strings.Contains(k, ":") {
				// A helper that joins the caller's name: a file in
				// the root.
				k += ":file"
			}
			if !declared[n] {
				declared[n] = true
				fmt.Fprintf(&b, "  - %s=%s\n", n, k)
			}
		}
	}
	list := func(key string, es []Entry, trailer string) {
		if len(es) == 0 {
			return
		}
		b.WriteString(key + ":\n")
		for _, e := range es {
			fmt.Fprintf(&b, "  # %s%s\n  - %s\n", e.Why, trailer, e.Value)
		}
	}
	list("root-env", p.RootEnv, ": only the authority may read it")
	list("user-env", p.UserEnv, "")
	if p.StateDir.Value != "" {
		fmt.Fprintf(&b, "# %s: a literal naming it elsewhere is an ad hoc root\nstate-dir: %s\n", p.StateDir.Why, p.StateDir.Value)
	}
	b.WriteString("# test files write fixtures and t.TempDir, not state\ntests: false\n")
	b.WriteString("# generated code is fixed in its generator, not in the generated files\ngenerated: skip\n")
	list("exclude", p.Exclude, "")
	writeCwdFiles(&b, p.CwdFiles)
	if len(p.NotProposed) > 0 {
		b.WriteString("# Not proposed:\n")
		for i, n := range p.NotProposed {
			if i == maxNotProposed {
				fmt.Fprintf(&b, "#   and %d more\n", len(p.NotProposed)-maxNotProposed)
				break
			}
			if n.At == "" {
				fmt.Fprintf(&b, "#   %s: %s\n", n.Name, n.Why)
				continue
			}
			fmt.Fprintf(&b, "#   %s at %s %s\n", n.Name, n.At, n.Why)
		}
	}
	for _, n := range p.Suspects {
		fmt.Fprintf(&b, "# Suspect: %s %s; its findings are kept\n", n.Name, n.Why)
	}
	if p.Checked {
		fmt.Fprintf(&b, "# With this file: %s (without it: %d); %s only with this file", plural(p.After, "finding", "findings"), p.Before, plural(len(p.Added), "appears", "appear"))
		if len(p.Added) == 0 {
			b.WriteString(".\n")
		} else {
			b.WriteString(" (caused by the file: review the entries involved):\n")
			for _, a := range p.Added {
				fmt.Fprintf(&b, "#   %s\n", a)
			}
		}
	}
	return b.String()
}

// Diff lists how a configuration file differs from a proposal, key by
// key (authorities, root-env, user-env, state-dir, exclude): "+ KEY:
// VALUE" for what the proposal has and the file lacks, "- KEY: VALUE"
// for the reverse.
func Diff(file, proposal *config.Config) []string {
	var out []string
	set := func(es []config.Entry) []string {
		var s []string
		for _, e := range es {
			s = append(s, e.Value)
		}
		slices.Sort(s)
		return slices.Compact(s)
	}
	one := func(p *string) []string {
		if p == nil || *p == "" {
			return nil
		}
		return []string{*p}
	}
	for _, k := range []struct {
		key        string
		file, prop []string
	}{
		{"authorities", set(file.Authorities), set(proposal.Authorities)},
		{"root-env", set(file.RootEnv), set(proposal.RootEnv)},
		{"user-env", set(file.UserEnv), set(proposal.UserEnv)},
		{"state-dir", one(file.StateDir), one(proposal.StateDir)},
		{"exclude", set(file.Exclude), set(proposal.Exclude)},
	} {
		for _, v := range k.prop {
			if !slices.Contains(k.file, v) {
				out = append(out, "+ "+k.key+": "+v)
			}
		}
		for _, v := range k.file {
			if !slices.Contains(k.prop, v) {
				out = append(out, "- "+k.key+": "+v)
			}
		}
	}
	return out
}
