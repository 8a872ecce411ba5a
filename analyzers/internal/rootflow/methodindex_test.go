package rootflow

import (
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// TestPointerMethods checks that the method index's names of a type's
// pointer methods, read off the type when it embeds nothing, are those
// of types.NewMethodSet, for every shape of declared type.
func TestPointerMethods(t *testing.T) {
	fset := token.NewFileSet()
	dep := checkSource(t, fset, "example.com/dep", `package dep

type Inner struct{}

func (Inner) Open() error   { return nil }
func (*Inner) Close() error { return nil }
func (Inner) hidden()       {}
`, nil).Pkg
	pass := checkSource(t, fset, "example.com/p", `package p

import (
	"bytes"
	"example.com/dep"
	"io"
)

type Plain struct{ dir string }

func (Plain) Dir() string   { return "" }
func (*Plain) Save() error  { return nil }
func (p *Plain) write() int { return 0 }

type Empty struct{}

type Blank struct{}

func (Blank) _()       {}
func (Blank) Name() string { return "" }

type Embeds struct {
	dep.Inner
	n int
}

func (Embeds) Extra() {}

type EmbedsPtr struct{ *bytes.Buffer }

type EmbedsIface struct{ io.Writer }

type Shadows struct{ dep.Inner }

func (Shadows) Open() error { return nil }

type Defined Plain

func (Defined) Mine() {}

type Slice []string

func (Slice) Len() int { return 0 }

type Func func(string) error

func (f Func) Call(s string) error { return f(s) }

type Ptr *Plain

type Deep struct{ Embeds }
`, map[string]*types.Package{"example.com/dep": dep})
	var named int
	for _, p := range append([]*types.Package{pass.Pkg, dep}, pass.Pkg.Imports()...) {
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
				continue
			}
			named++
			got, want := pointerMethods(n), methodSetNames(n)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s.%s: pointerMethods = %v, the method set of its pointer has %v", p.Path(), name, got, want)
			}
		}
	}
	if named < 20 {
		t.Fatalf("checked %d types, want the fixture's and those of bytes and io", named)
	}
}
