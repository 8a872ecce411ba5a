package probe

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestRepoDotDirOf(t *testing.T) {
	for _, c := range []struct {
		lit, below string
		rel        bool
		want       string
	}{
		{".task", "remote", true, ".task"},
		{".git", "app/hooks", true, ".git/app"},
		{".git/app", "", true, ".git/app"},
		{"./.app", "", true, ".app"},
		{".git", "", true, ""},       // the git directory itself is no program's
		{".config", "app", true, ""}, // an XDG parent
		{"build", "out", true, ""},   // not a dot-directory
		{".app", "", false, ""},      // absolute: not under the repository
		{"..", "x", true, ""},
	} {
		if got := repoDotDirOf(c.lit, c.below, c.rel); got != c.want {
			t.Errorf("repoDotDirOf(%q, %q, %v) = %q, want %q", c.lit, c.below, c.rel, got, c.want)
		}
	}
}

func TestResolverShapedAndKind(t *testing.T) {
	for _, c := range []struct {
		add      []string
		resolver bool
		kind     string
	}{
		{[]string{"os.UserHomeDir"}, false, "global"},
		{[]string{"os/user.User.HomeDir"}, false, "global"},
		{[]string{"$HOME"}, false, "global"},
		{[]string{"$HOME", "$APP_HOME"}, true, "global"},
		{[]string{"os.UserConfigDir"}, true, "global"},
		{[]string{"$XDG_CACHE_HOME", "os.UserCacheDir"}, true, "cache"},
		{[]string{"$XDG_CACHE_HOME", "os.UserHomeDir"}, true, "global"},
		{[]string{"$LocalAppData"}, true, "global"},
		{[]string{"<repo>/.task"}, true, "repo"},
	} {
		cand := &Candidate{}
		for _, s := range c.add {
			cand.add(s)
		}
		if got := resolverShaped(cand); got != c.resolver {
			t.Errorf("%v: resolver %v, want %v", c.add, got, c.resolver)
		}
		if got := cand.Kind(); got != c.kind {
			t.Errorf("%v: kind %q, want %q", c.add, got, c.kind)
		}
	}
}

func TestReturnsPath(t *testing.T) {
	for src, want := range map[string]bool{
		"func f() string":                         true,
		"func f() (string, error)":                true,
		"func f() (exists bool, path string)":     true,
		"func f() []string":                       true,
		"func f() (Dir, error)":                   true,
		"func f() (bool, error)":                  false,
		"func f() (n int, err error)":             false,
		"func f()":                                false,
		"func f() []byte":                         false,
		"func f() (ok bool, size int64, e error)": false,
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\n"+src+" { panic(0) }\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := returnsPath(f.Decls[0].(*ast.FuncDecl)); got != want {
			t.Errorf("returnsPath(%s) = %v, want %v", src, got, want)
		}
	}
}

func TestBuildsPath(t *testing.T) {
	for body, want := range map[string]bool{
		`return filepath.Join(s.root, "tmp")`:                         true,
		`return fmt.Sprintf("%s/x", s.root)`:                          true,
		`return s.root + "/x"`:                                        true,
		`if h := os.Getenv("H"); h != "" { return h }; return s.root`: false,
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\nfunc (s *S) f() string { "+body+" }\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := buildsPath(f.Decls[0].(*ast.FuncDecl)); got != want {
			t.Errorf("buildsPath(%s) = %v, want %v", body, got, want)
		}
	}
}

func TestSplitMethod(t *testing.T) {
	for name, want := range map[string][2]string{
		"(*example.com/kit/v2.Context).String": {"Context", "String"},
		"(example.com/kit.Level).String":       {"Level", "String"},
		"example.com/kit.Lookup":               {"", ""},
	} {
		typ, method, ok := splitMethod(name)
		if typ != want[0] || method != want[1] || ok != (want[0] != "") {
			t.Errorf("splitMethod(%q) = %q, %q, %v; want %q, %q", name, typ, method, ok, want[0], want[1])
		}
	}
}
