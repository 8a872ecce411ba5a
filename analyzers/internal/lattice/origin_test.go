package lattice

import (
	"go/token"
	"testing"
)

var at = token.Position{Filename: "/src/a.go", Line: 3, Column: 1}

func TestUnion(t *testing.T) {
	repo := Origin{Kind: Rooted, Root: "repo"}
	logs := Origin{Kind: Rooted, Root: "repo", Path: "logs"}
	tmp := Origin{Kind: Temp}
	lit := Literal("x.json", at)
	for _, c := range []struct {
		name string
		in   []Origins
		want string
	}{
		{"bottom", nil, "{}"},
		{"one", []Origins{{repo}}, "{repo}"},
		{"sorted by kind, then fields", []Origins{{tmp, lit}, {repo, logs}}, `{repo, repo:logs, temp, outside(literal "x.json")}`},
		{"duplicates once", []Origins{{repo, tmp}, {repo, tmp}, {tmp}}, "{repo, temp}"},
		{"empty sets add nothing", []Origins{{}, {repo}, nil}, "{repo}"},
	} {
		if got := Union(c.in...).String(); got != c.want {
			t.Errorf("%s: union = %s, want %s", c.name, got, c.want)
		}
	}
}

func TestNormalizeWidens(t *testing.T) {
	var v Origins
	for _, p := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"} {
		v = append(v, Origin{Kind: Rooted, Root: "repo", Path: p})
	}
	if got := Normalize(v).String(); got != "{repo:**}" {
		t.Errorf("13 patterns below one root: %s, want them widened to {repo:**}", got)
	}
	var lits Origins
	for _, p := range []string{"/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h", "/i", "/j", "/k", "/l", "/m"} {
		lits = append(lits, Literal(p, token.Position{}))
	}
	lits = append(lits, Origin{Kind: Temp})
	got := Normalize(lits)
	if len(got) != 2 || got[0].Kind != Temp || got[1].Kind != Bad {
		t.Errorf("13 outside literals and a temp: %s, want the temp and one outside origin", got)
	}
}

func TestAppend(t *testing.T) {
	repo := Origin{Kind: Rooted, Root: "repo"}
	param := Origin{Kind: Param, Index: 0}
	for _, c := range []struct {
		name string
		got  Origin
		want string
	}{
		{"join below a root", repo.AppendPath("logs/run.log", at), "repo:logs/run.log"},
		{"cleaned", repo.AppendPath("a/./b/../c", at), "repo:a/c"},
		{"climbing out is outside", repo.AppendPath("../x", at), "outside(climb)"},
		{"join onto empty is the literal", Origin{Kind: Empty}.AppendPath("x", at), `outside(literal "x")`},
		{"separator pending", repo.AppendRaw("/", at).AppendRaw("db", at), "repo:db"},
		{"sibling of a root", repo.AppendRaw(".bak", at), "outside(climb)"},
		{"raw onto a parameter", param.AppendRaw(".tmp", at), "param0+.tmp"},
		{"raw then join", param.AppendRaw(".d", at).AppendPath("x", at), "param0+.d/x"},
		{"literal grows", Literal("state", at).AppendRaw(".json", at), `outside(literal "state.json")`},
		{"extend raw onto a root's child", Origin{Kind: Rooted, Root: "repo", Path: "db"}.Extend(".tmp", true, at), "repo:db.tmp"},
		{"extend raw onto a root is a sibling", repo.Extend(".tmp", true, at), "outside(climb)"},
		{"extend joins", repo.Extend("a/b", false, at), "repo:a/b"},
		{"temp keeps its pattern", Origin{Kind: Temp}.AppendPath("x-*", at), "temp:x-*"},
	} {
		if got := c.got.String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestLiteral(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"/dev/null", "devnull"},
		{"/dev/tty", "devnull"},
		{"/tmp/x", "temp"},
		{"/etc/app.conf", `outside(literal "/etc/app.conf")`},
		{"state.json", `outside(literal "state.json")`},
	} {
		if got := Literal(c.in, at).String(); got != c.want {
			t.Errorf("Literal(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	if !Literal("state.json", at).Rel || Literal("/etc/x", at).Rel {
		t.Error("a relative literal is relative to the working directory, an absolute one is not")
	}
}

func TestCleanPattern(t *testing.T) {
	deep := "a/b/c/d/e/f/g/h/i/j/k/l/m/n"
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{".", ""},
		{"/x/", "x"},
		{"a//b/./c", "a/b/c"},
		{"a/../../b", "../b"},
		{deep, "a/b/c/d/e/f/g/h/i/j/k/**"},
		{"**/**", "**"},
		{"a/**/**/**/b", "a/**/b"},
	} {
		if got := CleanPattern(c.in); got != c.want {
			t.Errorf("CleanPattern(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPattern(t *testing.T) {
	for _, c := range []struct {
		in   Origin
		want string
	}{
		{Origin{Kind: Rooted, Root: "global", Path: "cache/*.json"}, "global:cache/*.json"},
		{Origin{Kind: Temp}, "temp"},
		{Origin{Kind: User, Path: "out"}, "user:out"},
		{Origin{Kind: Rooted, Root: "repo", Path: ElemsSegment(1) + "/x"}, "repo:*/x"},
		{Literal("state.json", at), `cwd:"state.json" relative to the working directory`},
		{Literal("/etc/x", at), "unknown"},
	} {
		if got := c.in.Pattern(); got != c.want {
			t.Errorf("Pattern(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestShortName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"github.com/x/y/stateroots.Join", "stateroots.Join"},
		{"(*github.com/x/store.DB).Save", "(*store.DB).Save"},
		{"(github.com/x/cli/v3.Args).First", "(cli.Args).First"},
		{"github.com/charmbracelet/gum/v2.main", "gum.main"},
		{"(*github.com/charmbracelet/bubbletea/v2.Program).Run", "(*bubbletea.Program).Run"},
		{"gopkg.in/yaml.v3.Marshal", "yaml.Marshal"},
		{"(*gopkg.in/yaml.v3.Node).Decode", "(*yaml.Node).Decode"},
		{"github.com/x/v2.Config.Dir", "x.Config.Dir"},
		{"v2.F", "v2.F"}, // a one-element path has no element before it
		{"os.WriteFile", "os.WriteFile"},
		{"github.com/x/app.main$1", "app.main$1"},
		{"example.com/app.struct{}.dir@cmd/app/main.go:12", "app.struct{}.dir@cmd/app/main.go:12"},
	} {
		if got := ShortName(c.in); got != c.want {
			t.Errorf("ShortName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestShortNameIn(t *testing.T) {
	names := map[string]string{
		"github.com/charmbracelet/bubbletea/v2": "tea",
		"github.com/charmbracelet/gum":          "main",
		"gopkg.in/yaml.v3":                      "yaml",
	}
	name := func(path string) string { return names[path] }
	for _, c := range []struct{ in, want string }{
		{"(*github.com/charmbracelet/bubbletea/v2.Program).Run", "(*tea.Program).Run"},
		{"github.com/charmbracelet/bubbletea/v2.NewProgram", "tea.NewProgram"},
		{"github.com/charmbracelet/gum.main", "main.main"},
		{"(gopkg.in/yaml.v3.Node).Kind", "(yaml.Node).Kind"},
		{"github.com/x/other.F", "other.F"}, // a package name does not know
	} {
		if got := ShortNameIn(c.in, name); got != c.want {
			t.Errorf("ShortNameIn(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCurrentDirPrefix(t *testing.T) {
	for s, want := range map[string]bool{".": false, "./": true, "././": true, "": false, "./a": false, "..": false, "../": false, ".x": false, "./.": false} {
		if got := CurrentDirPrefix(s); got != want {
			t.Errorf("CurrentDirPrefix(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestMayNameFile: a root an authority declared without file returns
// keeps its file's own siblings inside, by inference (SPEC §4.1): text
// appended without a separator, the directory above it and a name there
// the analysis cannot see; a fixed name in that directory, or a name
// joined below the root first, is not inferred.
func TestMayNameFile(t *testing.T) {
	p := Origin{Kind: Rooted, Root: "global"}
	p.SetFlag(MayNameFile, true)
	if b := p.AppendRaw(".bak", at); b.Kind != Rooted || b.Path != "*.bak" || !b.Flag(Inferred) {
		t.Errorf(`p + ".bak" = %v; want global:*.bak, inferred`, b)
	}
	dir := p.AppendPath("..", at)
	if !dir.InferredSibling() {
		t.Errorf(`Join(p, "..") = %v; want the file's directory, inferred`, dir)
	}
	if tmp := dir.AppendPath("*", at); !tmp.InferredSibling() {
		t.Errorf("a name the analysis cannot see in Dir(p) = %v; want inferred", tmp)
	}
	if fixed := dir.AppendPath("x.lock", at); fixed.InferredSibling() || fixed.Kind != Bad {
		t.Errorf(`Join(Dir(p), "x.lock") = %v; want outside`, fixed)
	}
	if below := p.AppendPath("logs", at).AppendRaw(".0", at); below.Flag(Inferred) || below.Path != "logs.0" {
		t.Errorf(`Join(p, "logs") + ".0" = %v; want global:logs.0, not inferred`, below)
	}
	plain := Origin{Kind: Rooted, Root: "global"}
	if b := plain.AppendRaw(".bak", at); b.Kind != Bad {
		t.Errorf(`a directory root + ".bak" = %v; want its sibling, outside`, b)
	}
	if b, ok := dir.AsInferred(); !ok || b.Kind != Rooted || b.Path != "" || !b.Flag(Inferred) {
		t.Errorf("AsInferred(Dir(p)) = %v, %v; want the root, inferred", b, ok)
	}
}
