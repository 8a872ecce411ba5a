package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestEnclosingFunc(t *testing.T) {
	src := `package p

var v = func() int { return 1 }()

func F() { _ = func() {} }

type T[K any] struct{}

func (t *T[K]) M() {}

func (T[K]) N() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	at := func(substr string) token.Pos {
		return f.FileStart + token.Pos(strings.Index(src, substr))
	}
	for substr, want := range map[string]string{"return 1": "", "func() {}": "F", "struct{}": "", "M() {}": "(*T).M", "N() {}": "T.N"} {
		if got := enclosingFunc([]*ast.File{f}, at(substr)); got != want {
			t.Errorf("enclosingFunc at %q = %q, want %q", substr, got, want)
		}
	}
}
