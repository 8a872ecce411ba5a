package docs_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The documentation's command lines are run: every line of a fenced block
// in README.md and docs/*.md that invokes staterootlint (as
// `staterootlint ...`, `go run ./cmd/staterootlint ...` or
// `go vet -vettool ...`, with or without a `$ ` prompt) runs on a copy of
// the example app, and must exit as the text says and print what it shows.
// A line that cannot run there is either rewritten by commandRuns (a
// synopsis's placeholders) or marked in the markdown, on the line before
// its block, with
//
//	<!-- not run: REASON -->
//
// Any other line fails the test, named with its file and line.

// commandRun says how to run a documented command line that does not run
// as written, or what it must do where the text does not say.
type commandRun struct {
	// run replaces the line (a synopsis's placeholders filled in for the
	// example app); "" runs the line as written.
	run string
	// dir is where it runs, relative to the work copy (which holds
	// examples/); "" keeps the directory the block's cd lines leave.
	dir string
	// exit is the exit code the text implies (findings 1, clean 0,
	// configuration error 78), used when the line does not state it.
	exit int
	// want is a fact of the output (stdout then stderr) that shows the
	// command did what the text says.
	want string
}

// commandRuns holds the documented command lines, as written after any
// prompt and before their comment, that need a directory, a rewrite or
// an expected exit code the line itself does not give.
var commandRuns = map[string]commandRun{
	// The synopsis in README.md and configuration.md, filled in for the
	// example app, run where a user would: in its module.
	"staterootlint [flags] [packages]":   {run: "staterootlint ./...", dir: "examples", exit: 1, want: `legacy.go:21:21: os.WriteFile writes "px-debug.log"`},
	"staterootlint help [ANALYZER]":      {run: "staterootlint help shadowwrite", dir: "examples", exit: 0, want: "shadowwrite: "},
	"staterootlint inventory [packages]": {run: "staterootlint inventory ./...", dir: "examples", exit: 0, want: "| `cache:outputs/*.txt` | cache |"},
	"staterootlint init [packages]":      {run: "staterootlint init ./...", dir: "examples", exit: 0, want: "state-dir: .px"},
	"staterootlint explain FILE:LINE":    {run: "staterootlint explain internal/legacy/legacy.go:21", dir: "examples", exit: 0, want: "legacy.go:21:21: os.WriteFile writes a path with 1 origin"},
	"staterootlint version":              {dir: "examples", exit: 0, want: "staterootlint "},
	"go vet -vettool=PATH [packages]":    {run: "go vet -vettool=$(command -v staterootlint) ./...", dir: "examples", exit: 1, want: "legacy.go:21:21: os.WriteFile writes"},

	// README.md: the quick start and the first screenful, from the
	// repository root (the work copy stands for it).
	"go run ./cmd/staterootlint -C examples ./...":                  {exit: 1},
	"go run ./cmd/staterootlint inventory -C examples --by-command": {exit: 0},
	"go run ./cmd/staterootlint -C examples --diff ./...":           {exit: 0},

	// docs/analyzers.md: the inventory from the repository root.
	"staterootlint inventory -C examples":              {exit: 0, want: "| `repo:logs/*.log` | repo |"},
	"staterootlint inventory -C examples --by-command": {exit: 0},

	// docs/configuration.md: the baseline block states its exit codes;
	// explain prints what it shows.
	"staterootlint explain internal/legacy/legacy.go:35":  {exit: 0},
	"staterootlint explain internal/runner/runner.go:146": {exit: 0},
	"staterootlint explain internal/runlog/runlog.go:27":  {exit: 0},

	// docs/integrations.md: go vet on the example app, which has findings.
	"go vet -vettool=$(command -v staterootlint) ./...": {dir: "examples", exit: 1, want: "legacy.go:21:21: os.WriteFile writes"},
	"go vet -vettool=$(command -v staterootlint) -rootflow.allow-temp=false -rootflow.root-env=APP_ROOT -rootenv.root-env=APP_ROOT ./...": {
		dir: "examples", exit: 1, want: "os.MkdirTemp writes a temporary path, which the configuration does not allow (-allow-temp)",
	},
}

// docCommand is a command line of a fenced block.
type docCommand struct {
	file   string // relative to the repository root
	line   int
	cmd    string   // the command, without prompt and comment
	note   string   // what follows it on the line: a comment or a synopsis's description
	dir    string   // where the block's cd lines leave it, relative to the work copy
	output []string // the lines a "$ " prompt shows after it
	shown  bool     // a "$ " prompt line: what follows is its output
	skip   string   // the reason of a <!-- not run: ... --> before the block
}

func (c docCommand) String() string { return fmt.Sprintf("%s:%d: %s", c.file, c.line, c.cmd) }

var (
	// invocation matches a line that runs staterootlint, after an
	// optional `cd DIR && `.
	invocation = regexp.MustCompile(`^(?:cd (\S+) && )?((?:(?:staterootlint|go run \./cmd/staterootlint)(?:\s|$)|go vet -vettool[=\s]).*)$`)
	// cdLine is a line of its own that changes the block's directory.
	cdLine = regexp.MustCompile(`^cd (\S+)$`)
	// noteSep separates a command from its comment or description: a
	// shell comment, or two spaces or more (a synopsis's columns).
	noteSep = regexp.MustCompile(`\s+#\s|\s{2,}`)
	// notRun is the marker that exempts the next block's lines.
	notRun = regexp.MustCompile(`^<!-- not run: (.+) -->$`)
	// statedExit is an exit code a line's comment states.
	statedExit = regexp.MustCompile(`\bexit (\d+)\b`)
	// statedRecords is a count of findings a baseline line's comment states.
	statedRecords = regexp.MustCompile(`\brecords the (\d+) findings\b`)
)

// docCommands returns the command lines of the fenced blocks of a markdown
// file, path relative to the repository root.
func docCommands(t *testing.T, root, path string) []docCommand {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []docCommand
	skip := ""
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "```") {
			if m := notRun.FindStringSubmatch(l); m != nil {
				skip = m[1]
			} else if l != "" {
				skip = ""
			}
			continue
		}
		// A block: lines i+1 up to the closing fence.
		end := i + 1
		for end < len(lines) && strings.TrimSpace(lines[end]) != "```" {
			end++
		}
		body := lines[i+1 : end]
		prompted := false
		for _, b := range body {
			if strings.HasPrefix(strings.TrimSpace(b), "$ ") {
				prompted = true
			}
		}
		dir := ""
		var last *docCommand
		for j, b := range body {
			text := strings.TrimSpace(b)
			isPrompt := strings.HasPrefix(text, "$ ")
			if prompted && !isPrompt {
				if last != nil {
					last.output = append(last.output, strings.TrimRight(b, " \t"))
				}
				continue
			}
			last = nil
			text = strings.TrimPrefix(text, "$ ")
			if m := cdLine.FindStringSubmatch(text); m != nil {
				dir = filepath.Join(dir, m[1])
				continue
			}
			m := invocation.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			if m[1] != "" {
				dir = filepath.Join(dir, m[1])
			}
			cmd, note := m[2], ""
			if loc := noteSep.FindStringIndex(cmd); loc != nil {
				cmd, note = cmd[:loc[0]], strings.TrimSpace(cmd[loc[0]:])
			}
			out = append(out, docCommand{file: path, line: i + 2 + j, cmd: cmd, note: note, dir: dir, shown: isPrompt, skip: skip})
			if isPrompt {
				last = &out[len(out)-1]
			}
		}
		i, skip = end, ""
	}
	return out
}

// TestDocCommands runs the documentation's command lines on a copy of
// the example app (see commandRuns).
func TestDocCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds staterootlint and runs it on the example app; skipped under -short")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	mds, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mds {
		files = append(files, filepath.Join("docs", filepath.Base(m)))
	}

	bin := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "staterootlint"), "../cmd/staterootlint").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/staterootlint: %v\n%s", err, out)
	}

	ran := 0
	used := map[string]bool{}
	for _, file := range files {
		cmds := docCommands(t, root, file)
		if len(cmds) == 0 {
			continue
		}
		work := exampleCopy(t, root)
		for _, c := range cmds {
			if c.skip != "" {
				t.Logf("%s: not run: %s", c, c.skip)
				continue
			}
			spec, ok := commandRuns[c.cmd]
			used[c.cmd] = ok
			ran++
			checkCommand(t, c, spec, ok, work, bin)
		}
	}
	if ran < 15 {
		t.Errorf("ran %d documented command lines; want the README's and the docs' (did the parser stop finding them?)", ran)
	}
	for k := range commandRuns {
		if !used[k] {
			t.Errorf("commandRuns has %q, which no documentation shows any more; remove it", k)
		}
	}
}

// checkCommand runs one documented command line in the work copy and
// checks its exit code, the output it shows and what its comment states.
func checkCommand(t *testing.T, c docCommand, spec commandRun, known bool, work, bin string) {
	t.Helper()
	want := -1
	if known {
		want = spec.exit
	}
	if m := statedExit.FindStringSubmatch(c.note); m != nil {
		stated, _ := strconv.Atoi(m[1])
		if known && stated != spec.exit {
			t.Errorf("%s: the text says exit %d, commandRuns says %d; make them agree", c, stated, spec.exit)
		}
		want = stated
	}
	if want < 0 {
		t.Errorf("%s: neither run by the test nor marked: add it to commandRuns in docs/commands_test.go (with the exit code the text implies), state its exit in a comment, or put <!-- not run: REASON --> before its block", c)
		return
	}
	line := c.cmd
	if spec.run != "" {
		line = spec.run
	}
	// The binary built once stands for go run ./cmd/staterootlint.
	line = strings.Replace(line, "go run ./cmd/staterootlint", "staterootlint", 1)
	dir := c.dir
	if spec.dir != "" {
		dir = spec.dir
	}
	cmd := exec.Command("bash", "-c", line)
	cmd.Dir = filepath.Join(work, dir)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GOWORK=off", "GOFLAGS=-mod=mod", "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%s: run %q: %v", c, line, err)
		}
		code = exit.ExitCode()
	}
	printed := stdout.String() + stderr.String()
	t.Logf("%s: ran %q in %s: exit %d", c, line, filepath.Join("examples-copy", dir), code)
	if code != want {
		t.Errorf("%s: exit %d, the text says %d\n%s", c, code, want, printed)
	}
	if spec.want != "" && !strings.Contains(printed, spec.want) {
		t.Errorf("%s: output lacks %q\n%s", c, spec.want, printed)
	}
	if m := statedRecords.FindStringSubmatch(c.note); m != nil {
		if wantRec := "recorded " + m[1] + " findings"; !strings.Contains(printed, wantRec) {
			t.Errorf("%s: the text says it records %s findings; the output:\n%s", c, m[1], printed)
		}
	}
	if c.shown {
		if err := matchShown(c.output, printed); err != nil {
			t.Errorf("%s: the output shown is not what it prints: %v\nprinted:\n%s", c, err, printed)
		}
	}
}

// elided is a line of shown output that stands for lines left out: any
// number of them, or exactly N with "(N more)".
var elided = regexp.MustCompile(`^…(?:.*\((\d+) more\))?`)

// matchShown checks that the output a block shows after a prompt is what
// the command prints: line for line (trailing blanks aside), except that
// a line starting with "…" stands for lines left out.
func matchShown(shown []string, printed string) error {
	for len(shown) > 0 && strings.TrimSpace(shown[len(shown)-1]) == "" {
		shown = shown[:len(shown)-1]
	}
	if len(shown) == 0 {
		return nil
	}
	var re strings.Builder
	re.WriteString(`\A`)
	for _, l := range shown {
		if m := elided.FindStringSubmatch(l); m != nil {
			if m[1] != "" {
				re.WriteString(`(?:[^\n]*\n){` + m[1] + `}`)
			} else {
				re.WriteString(`(?:[^\n]*\n)*?`)
			}
			continue
		}
		re.WriteString(regexp.QuoteMeta(l) + `\n`)
	}
	re.WriteString(`\z`)
	var norm []string
	for _, l := range strings.Split(strings.TrimRight(printed, "\n"), "\n") {
		norm = append(norm, strings.TrimRight(l, " \t"))
	}
	got := strings.Join(norm, "\n") + "\n"
	if regexp.MustCompile(re.String()).MatchString(got) {
		return nil
	}
	// Name the first shown line that is not printed, to say what to fix.
	for _, l := range shown {
		if elided.MatchString(l) || l == "" {
			continue
		}
		if !strings.Contains(got, l+"\n") {
			return fmt.Errorf("it does not print %q", l)
		}
	}
	return errors.New("the lines are printed, but not in that order or not all of them (a left-out stretch needs a line starting with …)")
}

// exampleCopy copies examples/ into a temporary directory, as examples/
// there, with its replace directive pointing at this repository: the work
// copy stands for the repository root.
func exampleCopy(t *testing.T, root string) string {
	t.Helper()
	work := t.TempDir()
	dst := filepath.Join(work, "examples")
	if err := os.CopyFS(dst, os.DirFS(filepath.Join(root, "examples"))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "mod", "edit", "-replace=github.com/staterootlint/staterootlint="+root)
	cmd.Dir = dst
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod edit in the copy of examples: %v\n%s", err, out)
	}
	return work
}

// TestMatchShown pins what an excerpt may leave out: "…" any number of
// lines, "… (N more)" exactly N, nothing else.
func TestMatchShown(t *testing.T) {
	printed := "a\nb\nc\nd\n"
	for _, tc := range []struct {
		shown []string
		ok    bool
	}{
		{[]string{"a", "b", "c", "d"}, true},
		{[]string{"a", "b", "c", "d", ""}, true},
		{[]string{"a", "b", "c"}, false}, // a line left out without "…"
		{[]string{"a", "…", "d"}, true},
		{[]string{"a", "… (2 more)", "d"}, true},
		{[]string{"a", "… (3 more)", "d"}, false},
		{[]string{"…", "c", "d"}, true},
		{[]string{"a", "…"}, true},
		{[]string{"b", "a", "…"}, false},
		{[]string{"a", "x", "…"}, false},
	} {
		if err := matchShown(tc.shown, printed); (err == nil) != tc.ok {
			t.Errorf("matchShown(%q, %q) = %v, want ok %v", tc.shown, printed, err, tc.ok)
		}
	}
}

// TestDocCommandsParse pins how a block's lines become commands: prompts,
// output, cd, comments, synopsis columns and the not-run marker.
func TestDocCommandsParse(t *testing.T) {
	dir := t.TempDir()
	md := "text\n\n" +
		"```sh\ncd examples\nstaterootlint ./...   # once: exit 1\ngo test ./...\n```\n\n" +
		"```\n$ cd examples && staterootlint explain a.go:3\nout 1\nout 2\n$ staterootlint version\n```\n\n" +
		"<!-- not run: another program -->\n```\ngo vet -vettool=$(command -v staterootlint) ./...\n```\n\n" +
		"```\nstaterootlint help [ANALYZER]        print the help\n```\n"
	if err := os.WriteFile(filepath.Join(dir, "x.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	got := docCommands(t, dir, "x.md")
	var lines []string
	for _, c := range got {
		lines = append(lines, fmt.Sprintf("%d %q note=%q dir=%q shown=%v out=%q skip=%q", c.line, c.cmd, c.note, c.dir, c.shown, c.output, c.skip))
	}
	want := []string{
		`5 "staterootlint ./..." note="# once: exit 1" dir="examples" shown=false out=[] skip=""`,
		`10 "staterootlint explain a.go:3" note="" dir="examples" shown=true out=["out 1" "out 2"] skip=""`,
		`13 "staterootlint version" note="" dir="examples" shown=true out=[] skip=""`,
		`18 "go vet -vettool=$(command -v staterootlint) ./..." note="" dir="" shown=false out=[] skip="another program"`,
		`22 "staterootlint help [ANALYZER]" note="print the help" dir="" shown=false out=[] skip=""`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("parsed:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
