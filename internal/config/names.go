package config

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/internal/flagname"
)

const (
	authorityForms = "expected pkg/path.Func, (*pkg/path.T).Method, (pkg/path.I).Method or pkg/path.Var, optionally followed by =KIND, =KIND:file (the result names a file inside the root) or =KIND:base (a base many programs share, such as $XDG_CONFIG_HOME: the root is the state-dir name below it)"
	sinkForms      = "expected pkg/path.Func#N or (*pkg/path.T).Method#N, N being the index of the path parameter"
)

// name is a parsed authority or sink name.
type name struct {
	pkg    string // package path
	typ    string // receiver type name, for methods
	ptr    bool   // pointer receiver: (*pkg.T).M
	member string // function, method or variable name
	index  int    // sinks: the path parameter index
}

func (n name) String() string {
	switch {
	case n.typ == "":
		return n.pkg + "." + n.member
	case n.ptr:
		return "(*" + n.pkg + "." + n.typ + ")." + n.member
	default:
		return "(" + n.pkg + "." + n.typ + ")." + n.member
	}
}

// parseName parses "pkg.F", "(*pkg.T).M" or "(pkg.T).M"; it returns ok=false
// when s has none of those forms.
func parseName(s string) (name, bool) {
	var n name
	if rest, found := strings.CutPrefix(s, "("); found {
		inner, member, found := strings.Cut(rest, ").")
		if !found {
			return n, false
		}
		inner, n.ptr = strings.CutPrefix(inner, "*")
		dot := strings.LastIndex(inner, ".")
		if dot < 0 {
			return n, false
		}
		n.pkg, n.typ, n.member = inner[:dot], inner[dot+1:], member
		if !token.IsIdentifier(n.typ) {
			return n, false
		}
	} else {
		dot := strings.LastIndex(s, ".")
		if dot < 0 {
			return n, false
		}
		n.pkg, n.member = s[:dot], s[dot+1:]
	}
	if n.pkg == "" || strings.ContainsAny(n.pkg, " \t()*#=,") || strings.HasSuffix(n.pkg, "/") || !token.IsIdentifier(n.member) {
		return n, false
	}
	return n, true
}

// parseAuthority splits off the optional "=KIND" suffix.
func parseAuthority(s string) (name, string, bool) {
	base, kind, hasKind := strings.Cut(s, "=")
	if hasKind && !isKind(kind) {
		return name{}, "", false
	}
	n, ok := parseName(base)
	return n, kind, ok
}

func isKind(s string) bool {
	s, word, hasWord := strings.Cut(s, ":")
	if hasWord && word != "file" && word != "base" || s == "" || s == "file" || s == "base" {
		return false // file and base are words after a kind, not kinds
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// parseSink splits off the mandatory "#N" suffix.
func parseSink(s string) (name, bool) {
	base, idx, found := strings.Cut(s, "#")
	if !found {
		return name{}, false
	}
	i, err := strconv.Atoi(idx)
	if err != nil || i < 0 {
		return name{}, false
	}
	n, ok := parseName(base)
	n.index = i
	return n, ok
}

func checkAuthoritySyntax(s string) string {
	if _, _, ok := parseAuthority(s); !ok {
		return authorityForms
	}
	return ""
}

func checkSinkSyntax(s string) string {
	if _, ok := parseSink(s); !ok {
		return sinkForms
	}
	return ""
}

// Resolve checks that every authority and sink names an object that exists.
// lookup returns the type-checked package with the given path (among the
// analyzed packages and their dependencies, or any other the module can
// import: a configuration holds for any subset of the packages), or nil.
// The result lists every unresolvable name, or is nil.
func (c *Config) Resolve(lookup func(path string) *types.Package) error {
	var errs Errors
	for _, e := range c.Authorities {
		n, _, _ := parseAuthority(e.Value)
		if msg := resolve(n, lookup, false); msg != "" {
			errs = append(errs, &Error{Pos: e.Pos, Key: flagname.Authorities, Msg: fmt.Sprintf("%q: %s", e.Value, msg)})
		}
	}
	for _, e := range c.Sinks {
		n, _ := parseSink(e.Value)
		if msg := resolve(n, lookup, true); msg != "" {
			errs = append(errs, &Error{Pos: e.Pos, Key: flagname.Sinks, Msg: fmt.Sprintf("%q: %s", e.Value, msg)})
		}
	}
	for _, e := range c.AllowWrite {
		fn, _, _ := strings.Cut(e.Value, "=")
		if fn == flagname.AllowWriteAll {
			continue
		}
		n, _ := parseName(fn)
		if msg := resolve(n, lookup, false); msg != "" {
			errs = append(errs, &Error{Pos: e.Pos, Key: flagname.AllowWrite, Msg: fmt.Sprintf("%q: %s", fn, msg)})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// resolve returns "" when n names an object in the loaded code, else what
// is wrong and what was expected.
func resolve(n name, lookup func(string) *types.Package, sink bool) string {
	pkg := lookup(n.pkg)
	if pkg == nil {
		return fmt.Sprintf("no package %s can be found from the analyzed module (or it does not type-check); check the import path", n.pkg)
	}
	if n.typ == "" {
		obj := pkg.Scope().Lookup(n.member)
		switch obj := obj.(type) {
		case nil:
			return fmt.Sprintf("package %s has no function or variable %s", n.pkg, n.member)
		case *types.Func:
			return checkSinkIndex(n, obj, sink)
		case *types.Var:
			if sink {
				return fmt.Sprintf("%s is a variable; expected a function or method", n)
			}
			return ""
		default:
			kind := "a " + strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", obj), "*types."))
			if sink {
				return fmt.Sprintf("%s is %s; expected a function or method", n, kind)
			}
			return fmt.Sprintf("%s is %s; expected a function, method or package variable", n, kind)
		}
	}
	tn, ok := pkg.Scope().Lookup(n.typ).(*types.TypeName)
	if !ok {
		return fmt.Sprintf("package %s has no type %s", n.pkg, n.typ)
	}
	var recv types.Type = tn.Type()
	if n.ptr {
		if types.IsInterface(recv) {
			return fmt.Sprintf("%s.%s is an interface; write (%s.%s).%s without the *", n.pkg, n.typ, n.pkg, n.typ, n.member)
		}
		recv = types.NewPointer(recv)
	}
	obj, _, _ := types.LookupFieldOrMethod(recv, false, pkg, n.member)
	switch obj := obj.(type) {
	case *types.Func:
		return checkSinkIndex(n, obj, sink)
	case *types.Var:
		if sink {
			return fmt.Sprintf("%s is a field; expected a method", n)
		}
		return ""
	}
	if !n.ptr {
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, n.member); obj != nil {
			return fmt.Sprintf("method %s has a pointer receiver; write (*%s.%s).%s", n.member, n.pkg, n.typ, n.member)
		}
	}
	return fmt.Sprintf("type %s.%s has no method %s", n.pkg, n.typ, n.member)
}

func checkSinkIndex(n name, fn *types.Func, sink bool) string {
	if !sink {
		return ""
	}
	params := fn.Signature().Params()
	if n.index >= params.Len() {
		if params.Len() == 0 {
			return fmt.Sprintf("%s has no parameters; expected a function taking the path", n)
		}
		return fmt.Sprintf("path parameter index %d out of range: %s has %d parameters, so N must be 0..%d", n.index, n, params.Len(), params.Len()-1)
	}
	return ""
}
