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
		{[]string{"$XDG_CACHE_HOME", "os.UserHomeDir"}, true, "cache"},
		{[]string{"$APP_CACHE_DIR", "os.UserHomeDir"}, true, "cache"},
		{[]string{"$XDG_CACHE_HOME", "$XDG_CONFIG_HOME"}, true, "global"},
		{[]string{"$APP_HOME", "os.UserHomeDir"}, true, "global"},
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

// TestFindsExisting: a loop returning a joined path when it exists is a
// finder; one returning it when it does not exist yet is not.
func TestFindsExisting(t *testing.T) {
	src := `package p
func exists(p string) bool { _, err := os.Stat(p); return err == nil }
func up(dir string, names ...string) string {
	for _, d := range parents(dir) {
		for _, n := range names {
			p := filepath.Join(d, n)
			if exists(p) {
				return p
			}
		}
	}
	return ""
}
func stat(dirs []string) string {
	for _, d := range dirs {
		p := filepath.Join(d, ".x")
		if _, err := os.Lstat(p); err == nil {
			return p
		}
	}
	return ""
}
func fresh(dir string) string {
	for i := 0; ; i++ {
		p := filepath.Join(dir, "b")
		if _, err := os.Stat(p); os.IsNotExist(err) {
			return p
		}
	}
}
func notExists(dirs []string) string {
	for _, d := range dirs {
		p := filepath.Join(d, ".x")
		if !exists(p) {
			return p
		}
	}
	return ""
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	helpers := statHelpers(f)
	want := map[string]bool{"exists": false, "up": true, "stat": true, "fresh": false, "notExists": false}
	for _, d := range f.Decls {
		fd := d.(*ast.FuncDecl)
		if got := findsExisting(fd, helpers); got != want[fd.Name.Name] {
			t.Errorf("findsExisting(%s) = %v, want %v", fd.Name.Name, got, want[fd.Name.Name])
		}
	}
}
