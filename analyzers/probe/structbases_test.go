package probe

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestProgramName(t *testing.T) {
	for module, want := range map[string]string{
		"github.com/example/tool/v2": "tool",
		"example.com/tool":           "tool",
		"example.com/v2tool":         "v2tool",
	} {
		if got := programName(module); got != want {
			t.Errorf("programName(%q) = %q, want %q", module, got, want)
		}
	}
}

// TestDefaultsJoin checks the name a function joins right below a
// field of a struct of bases inside a composite literal of defaults.
func TestDefaultsJoin(t *testing.T) {
	const src = `package p

const ownRel = relPath("tool")

func literal(bds *Spec) Settings {
	return Settings{Cache: filepath.Join(bds.CacheHome, "tool")}
}

func constant(bds *Spec) Settings {
	return Settings{Cache: absPath(bds.CacheHome).Join(ownRel)}
}

func outside(bds *Spec) string {
	return filepath.Join(bds.CacheHome, "tool")
}

func two(bds *Spec) Settings {
	return Settings{Cache: filepath.Join(bds.CacheHome, "tool"), Data: filepath.Join(bds.DataHome, "other")}
}

func notBase(bds *Spec) Settings {
	return Settings{Cache: filepath.Join(bds.Other, "tool")}
}

func fileBelow(bds *Spec) Settings {
	return Settings{Log: filepath.Join(bds.CacheHome, "tool.log")}
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := constNames([]*ast.File{f})
	fields := []string{"CacheHome", "DataHome"}
	want := map[string]string{"literal": "tool", "constant": "tool", "outside": "", "two": "", "notBase": "", "fileBelow": ""}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if got := defaultsJoin(fd.Body, "bds", fields, consts); got != want[fd.Name.Name] {
			t.Errorf("defaultsJoin(%s) = %q, want %q", fd.Name.Name, got, want[fd.Name.Name])
		}
	}
}
