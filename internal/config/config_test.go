package config

import (
	"errors"
	"flag"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

const full = `authorities:
  - example.com/app/internal/paths.ConfigDir
  - (*example.com/app/internal/paths.Layout).RepoRoot=repo
sinks:
  - go.etcd.io/bbolt.Open#0
allow:
  temp: true
  cache: false
  user: true
state-dir: .myapp
root-env: [MYAPP_GLOBAL_STATE_ROOT]
user-env: [MYAPP_DEFAULT_OPTS]
tests: false
exclude: ["**/zz_generated*.go"]
generated: skip
`

func TestDecodeFull(t *testing.T) {
	c, err := Decode([]byte(full), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range c.Settings() {
		got = append(got, s.Flag+"="+s.Value)
	}
	want := []string{
		"authorities=example.com/app/internal/paths.ConfigDir,(*example.com/app/internal/paths.Layout).RepoRoot=repo",
		"sinks=go.etcd.io/bbolt.Open#0",
		"allow-temp=true", "allow-cache=false", "allow-user=true",
		"state-dir=.myapp",
		"root-env=MYAPP_GLOBAL_STATE_ROOT",
		"user-env=MYAPP_DEFAULT_OPTS",
		"tests=false",
		"exclude=**/zz_generated*.go",
		"generated=skip",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("settings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := c.Authorities[1].Pos.String(); p != "x.yaml:3" {
		t.Errorf("position of second authority = %s, want x.yaml:3", p)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"authorities:\n  a: b\n", `x.yaml:2: key "authorities": expected a list of strings, got a mapping`},
		{"bogus: 1\n", `x.yaml:1: key "bogus": unknown key; valid keys: authorities, sinks, allow, state-dir, root-env, user-env, tests, exclude, generated, report-unproven, allow-write`},
		{"allow-write: [cwd:app.toml]\n", `x.yaml:1: key "allow-write": expected a mapping of functions`},
		{"allow-write:\n  launch: [cwd:app.toml]\n", `x.yaml:2: key "allow-write": "launch": expected pkg/path.Func, (*pkg/path.T).Method, or "*"`},
		{"allow-write:\n  \"*\": cwd:app.toml\n", `x.yaml:2: key "allow-write": expected a list of strings, got a string`},
		{"allow-write:\n  a.B: [\"cwd:../x\"]\n", `x.yaml:2: key "allow-write": "cwd:../x": the glob must stay below the root`},
		{"allow-write:\n  a.B: [\"/etc/x\"]\n", `x.yaml:2: key "allow-write": "/etc/x": expected KIND:GLOB`},
		{"allow:\n  tmp: true\n", `x.yaml:2: key "allow.tmp": unknown key; valid keys under allow: temp, cache, user`},
		{"allow:\n  temp: yes please\n", `x.yaml:2: key "allow.temp": expected true or false, got a string "yes please"`},
		{"tests: 1\n", `x.yaml:1: key "tests": expected true or false, got a number 1`},
		{"state-dir: [a]\n", `x.yaml:1: key "state-dir": expected a string, got a list`},
		{"sinks: [os.WriteFile]\n", `x.yaml:1: key "sinks": "os.WriteFile": expected pkg/path.Func#N`},
		{"authorities: [notaname]\n", `x.yaml:1: key "authorities": "notaname": expected pkg/path.Func`},
		{"authorities:\n  - a.B\n - c\n", `x.yaml:2: malformed YAML: did not find expected key`},
		{"- a\n", `x.yaml:1: expected a mapping of settings`},
		{"tests: true\ntests: false\n", `x.yaml:2: key "tests": duplicate key`},
		{"state-dir: ..\n", `x.yaml:1: key "state-dir": expected a directory name such as .myapp, got ".."`},
		{"state-dir: .\n", `x.yaml:1: key "state-dir": expected a directory name such as .myapp, got "."`},
		{"tests: true\n---\nbogus: 1\n", `x.yaml:3: a second YAML document: the configuration is one document`},
		{"---\ntests: true\n---\n---\nstate-dir: .x\n", `x.yaml:5: a second YAML document`},
		{"tests: true\n---\n- [\n", `x.yaml:3: malformed YAML`},
		{"generated: hide\n", `x.yaml:1: key "generated": expected report or skip, got "hide"`},
		{"authorities: [\"x.y/xdg.ConfigHome=global:base\"]\n", `x.yaml:1: key "authorities": "x.y/xdg.ConfigHome=global:base": a shared base needs state-dir`},
		{"authorities: [\"x.y/xdg.ConfigHome=global:dir\"]\n", `x.yaml:1: key "authorities": "x.y/xdg.ConfigHome=global:dir": expected pkg/path.Func`},
		{"generated: false\n", `x.yaml:1: key "generated": expected a string, got a boolean false`},
		{"root-env: [XDG_CONFIG_HOME=global:base]\n", `x.yaml:1: key "root-env": "XDG_CONFIG_HOME=global:base": a shared base needs state-dir`},
		{"root-env: [XDG_CONFIG_HOME=global:dir]\n", `x.yaml:1: key "root-env": "XDG_CONFIG_HOME=global:dir": expected a root kind after the variable's name`},
		{"root-env: [XDG_CONFIG_HOME=base]\n", `x.yaml:1: key "root-env": "XDG_CONFIG_HOME=base": expected a root kind`},
		{"root-env: [\"MY APP=global\"]\n", `x.yaml:1: key "root-env": "MY APP=global": expected an environment variable name such as MYAPP_GLOBAL_STATE_ROOT, optionally followed by =KIND`},
		{"user-env: [APP_LOG=global]\n", `x.yaml:1: key "user-env": "APP_LOG=global": expected an environment variable name`},
		{"user-env:\n  - TOOL_*_VERSION\n  - \"TOOL_?\"\n", `x.yaml:3: key "user-env": "TOOL_?": expected an environment variable name such as MYAPP_GLOBAL_STATE_ROOT`},
		{"user-env: [\"*\"]\n", `x.yaml:1: key "user-env": "*": a pattern over variables' names needs a constant part, such as TOOL_*_VERSION`},
		{"root-env: [\"APP_**_HOME=global\"]\n", `x.yaml:1: key "root-env": "APP_**_HOME=global": a * follows another *`},
	} {
		_, err := Decode([]byte(tc.in), "x.yaml")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Decode(%q) = %v, want prefix %q", tc.in, err, tc.want)
		}
		var es Errors
		if !errors.As(err, &es) {
			t.Errorf("Decode(%q) error is %T, want Errors", tc.in, err)
		}
	}
}

// TestEnvPatterns checks that user-env and root-env take patterns over
// variables' names, TOOL_*_VERSION, beside exact names.
func TestEnvPatterns(t *testing.T) {
	cfg, err := Decode([]byte("user-env: [TOOL_*_VERSION, APP_LOG]\nroot-env: [\"APP_*_HOME=global\"]\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.UserEnv) != 2 || cfg.UserEnv[0].Value != "TOOL_*_VERSION" || len(cfg.RootEnv) != 1 || cfg.RootEnv[0].Value != "APP_*_HOME=global" {
		t.Errorf("user-env %v, root-env %v; want the patterns as written", cfg.UserEnv, cfg.RootEnv)
	}
}

func TestManyErrors(t *testing.T) {
	var b strings.Builder
	b.WriteString("root-env:\n")
	for range 2856 {
		b.WriteString("  - not-a-name\n")
	}
	_, err := Decode([]byte(b.String()), "x.yaml")
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != MaxErrors+1 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), MaxErrors+1, strings.Join(lines[:min(len(lines), 15)], "\n"))
	}
	if want := `x.yaml:2: key "root-env": "not-a-name": expected an environment variable name`; !strings.HasPrefix(lines[0], want) {
		t.Errorf("first line %q, want prefix %q", lines[0], want)
	}
	if want := "x.yaml: and 2846 more configuration errors; fix the ones above first"; lines[MaxErrors] != want {
		t.Errorf("last line %q, want %q", lines[MaxErrors], want)
	}
	var es Errors
	if !errors.As(err, &es) || len(es) != 2856 {
		t.Errorf("Errors holds %d errors, want all 2856", len(es))
	}
}

func TestDecodeEmpty(t *testing.T) {
	for _, in := range []string{"", "# nothing\n", "~\n"} {
		c, err := Decode([]byte(in), "x.yaml")
		if err != nil || len(c.Settings()) != 0 {
			t.Errorf("Decode(%q) = %v, %v; want no settings", in, c.Settings(), err)
		}
	}
}

func TestFromMap(t *testing.T) {
	c, err := FromMap(map[string]any{
		"authorities": []any{"example.com/p.F"},
		"allow":       map[string]any{"temp": false},
		"tests":       true,
	}, ".golangci.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !c.TestsEnabled() || *c.AllowTemp || c.Authorities[0].Value != "example.com/p.F" {
		t.Errorf("FromMap decoded %+v", c)
	}
	_, err = FromMap(map[string]any{"authorities": "example.com/p.F"}, ".golangci.yml")
	if err == nil || err.Error() != `.golangci.yml: key "authorities": expected a list of strings, got a string "example.com/p.F"` {
		t.Errorf("FromMap with a string for a list: %v", err)
	}
}

func TestFindAndLoad(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err != nil || p != "" && strings.HasPrefix(p, root) {
		t.Fatalf("Find without a file = %q, %v", p, err)
	}
	file := filepath.Join(root, FileName)
	if err := os.WriteFile(file, []byte("tests: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err != nil || p != file {
		t.Fatalf("Find = %q, %v; want %q", p, err, file)
	}
	c, err := Discover(deep)
	if err != nil || !c.TestsEnabled() || c.Source != file {
		t.Fatalf("Discover = %+v, %v", c, err)
	}
	_, err = Load(deep)
	if err == nil || err.Error() != deep+": is a directory; name the configuration file itself (.staterootlint.yaml)" {
		t.Errorf("Load of a directory: %v", err)
	}
	_, err = Load(filepath.Join(root, "missing.yaml"))
	if err == nil || !strings.Contains(err.Error(), "missing.yaml: no such file") {
		t.Errorf("Load of a missing file: %v", err)
	}
}

func newAnalyzer(name string, requires ...*analysis.Analyzer) (*analysis.Analyzer, *string, *bool) {
	a := &analysis.Analyzer{Name: name, Doc: name, Requires: requires, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	list := a.Flags.String("authorities", "", "")
	b := a.Flags.Bool("allow-temp", true, "")
	return a, list, b
}

func TestApplyClosure(t *testing.T) {
	engine, engineList, engineTemp := newAnalyzer("engine")
	user, userList, _ := newAnalyzer("user", engine)
	other := &analysis.Analyzer{Name: "other", Doc: "other", Flags: *flag.NewFlagSet("other", flag.ContinueOnError)}

	c, err := Decode([]byte("authorities: [a.B, c.D]\nallow: {temp: false}\nstate-dir: .x\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	closure, err := c.Apply([]*analysis.Analyzer{user, other})
	if err != nil {
		t.Fatal(err)
	}
	if len(closure) != 3 || closure[2] != engine {
		t.Errorf("closure = %v", closure)
	}
	if *engineList != "a.B,c.D" || *userList != "a.B,c.D" || *engineTemp {
		t.Errorf("after Apply: engine %q %v, user %q", *engineList, *engineTemp, *userList)
	}
	// A second Apply starts from the defaults again.
	if _, err := (&Config{}).Apply([]*analysis.Analyzer{user}); err != nil {
		t.Fatal(err)
	}
	if *engineList != "" || !*engineTemp {
		t.Errorf("after reset: %q %v", *engineList, *engineTemp)
	}
}

const src = `package p

type T struct{ Field string }

func (*T) PtrMethod() string { return "" }
func (T) ValMethod(a, b string) string { return "" }

type I interface{ Root() string }

func F(path string, data []byte) error { return nil }

var V = "x"

const C = 1
`

func TestResolve(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	lookup := func(path string) *types.Package {
		if path == pkg.Path() {
			return pkg
		}
		return nil
	}
	ok := "authorities:\n- example.com/p.F\n- example.com/p.V\n- (*example.com/p.T).PtrMethod\n- (example.com/p.T).ValMethod=repo\n- (*example.com/p.T).ValMethod\n- (example.com/p.I).Root\n- (example.com/p.T).Field\nsinks:\n- example.com/p.F#0\n- (example.com/p.T).ValMethod#1\n"
	c, err := Decode([]byte(ok), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Resolve(lookup); err != nil {
		t.Errorf("Resolve of valid names: %v", err)
	}

	bad := "authorities:\n- example.com/p.G\n- (example.com/p.T).PtrMethod\n- example.com/q.F\n- example.com/p.C\n- (*example.com/p.I).Root\nsinks:\n- example.com/p.F#2\n- example.com/p.V#0\n"
	c, err = Decode([]byte(bad), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddAuthority("example.com/p.Nope", "--authority"); err != nil {
		t.Fatal(err)
	}
	err = c.Resolve(lookup)
	want := `x.yaml:2: key "authorities": "example.com/p.G": package example.com/p has no function or variable G
x.yaml:3: key "authorities": "(example.com/p.T).PtrMethod": method PtrMethod has a pointer receiver; write (*example.com/p.T).PtrMethod
x.yaml:4: key "authorities": "example.com/q.F": no package example.com/q can be found from the analyzed module (or it does not type-check); check the import path
x.yaml:5: key "authorities": "example.com/p.C": example.com/p.C is a const; expected a function, method or package variable
x.yaml:6: key "authorities": "(*example.com/p.I).Root": example.com/p.I is an interface; write (example.com/p.I).Root without the *
--authority: "example.com/p.Nope": package example.com/p has no function or variable Nope
x.yaml:8: key "sinks": "example.com/p.F#2": path parameter index 2 out of range: example.com/p.F has 2 parameters, so N must be 0..1
x.yaml:9: key "sinks": "example.com/p.V#0": example.com/p.V is a variable; expected a function or method`
	if err == nil || err.Error() != want {
		t.Errorf("Resolve:\n%v\nwant:\n%s", err, want)
	}
}
