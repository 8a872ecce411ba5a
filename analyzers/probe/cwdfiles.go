package probe

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// CwdFile is a fixed name the program writes relative to the working
// directory: either a command's product (a scaffold's app.toml, a support
// bundle), which the command may declare with allow-write, or state kept
// where the program happens to run, which belongs under a root. init
// cannot tell which: it lists each as a commented candidate with its
// evidence and declares none.
type CwdFile struct {
	// Pattern is the allowance pattern that would declare it,
	// "cwd:app.toml".
	Pattern string
	// Func is the full name of the function the write is reported in,
	// the one an allowance names; At is where ("cmd/launch.go:42").
	Func, At string
	// ReadBack is where the same package reads the name back
	// ("config.go:17"), or "": a file the program reads again is more
	// likely state than a product.
	ReadBack string
	// Commands are the program's commands whose call graphs reach the
	// write (inventory --by-command), sorted; Every says every command
	// of the program does: a file written whatever the user asks for is
	// more likely state than a product.
	Commands []string
	Every    bool
	// Unfollowed are, when no command is found reaching the write, the
	// commands whose own entry makes a call the analysis cannot follow
	// (an action it cannot resolve to a function, a func value): any of
	// them may reach it.
	Unfollowed []string
	// Of is how many commands the program has (the inventory's), for
	// a write none of them is found reaching.
	Of int
}

// commandWrites are the commands of the program that reach each write,
// from the inventory's per-command rows; all holds every command.
type commandWrites struct {
	rows []commandRow
	all  map[string]bool
	// unfollowed are the commands with a call at their entry the
	// analysis cannot follow (an unproven row with no chain).
	unfollowed map[string]bool
}

// commandRow is a per-command row of the inventory: the write's
// position, the functions from the command's to the write's (local
// names, "profile", "(*T).M"), and what the row says of its path.
type commandRow struct {
	command, at     string
	funcs           []string
	pattern, detail string
}

// collect takes in one package's inventory result.
func (w *commandWrites) collect(_ string, r any) {
	res, ok := r.(*inventory.Result)
	if !ok || res == nil {
		return
	}
	for _, a := range res.Artifacts {
		if a.Command == "" {
			continue
		}
		if w.all == nil {
			w.all = map[string]bool{}
		}
		w.all[a.Command] = true
		if a.Kind == inventory.KindCommand {
			continue
		}
		if a.Kind == inventory.KindUnproven && a.Op == "" && len(a.Chain) == 0 {
			if w.unfollowed == nil {
				w.unfollowed = map[string]bool{}
			}
			w.unfollowed[a.Command] = true
		}
		row := commandRow{command: a.Command, at: a.At, pattern: a.Pattern, detail: a.Detail}
		for _, f := range append([]string{a.Func}, a.Chain...) {
			row.funcs = append(row.funcs, localName(f))
		}
		w.rows = append(w.rows, row)
	}
}

// attach gives each candidate the commands that reach its write: the
// rows of its position, and, where the finding is at a call that passes
// the path on (a helper writes it, in the package or another), the rows
// whose chain goes through the candidate's function and whose path is
// the candidate's (the same name, a name below it, or the executable).
func (w *commandWrites) attach(fs []CwdFile) []CwdFile {
	for i := range fs {
		f := &fs[i]
		fn := localName(f.Func)
		// The row's pattern quotes the name written, or a file below it
		// (a library writing pages into the directory it is given:
		// "www/docs/cmd/*.md").
		name := strconv.Quote(strings.TrimPrefix(f.Pattern, "cwd:"))
		dir := strings.TrimSuffix(name, `"`) + "/"
		var cmds []string
		for _, r := range w.rows {
			same := r.at == f.At
			if !same && slices.Contains(r.funcs, fn) {
				if f.Pattern == exePattern {
					same = strings.Contains(r.detail, "executable")
				} else {
					same = strings.Contains(r.pattern, name) || strings.Contains(r.pattern, dir)
				}
			}
			if same && !slices.Contains(cmds, r.command) {
				cmds = append(cmds, r.command)
			}
		}
		slices.Sort(cmds)
		f.Commands = cmds
		f.Every = len(cmds) > 1 && len(cmds) == len(w.all)
		if len(cmds) == 0 {
			f.Unfollowed = slices.Sorted(maps.Keys(w.unfollowed))
			f.Of = len(w.all)
		}
	}
	return fs
}

// localName is a function's name without its package: "profile" of
// "main.profile" or "example.com/app.profile", "(*T).M" of
// "(*example.com/app/pkg.T).M" or "(*pkg.T).M".
func localName(name string) string {
	if strings.HasPrefix(name, "(") {
		end := strings.Index(name, ")")
		if end < 0 {
			return name
		}
		recv, star := name[1:end], ""
		if r, ok := strings.CutPrefix(recv, "*"); ok {
			recv, star = r, "*"
		}
		return "(" + star + recv[strings.LastIndex(recv, ".")+1:] + ")" + name[end+1:]
	}
	name = name[strings.LastIndex(name, "/")+1:]
	return name[strings.Index(name, ".")+1:]
}

// cwdFiles returns the fixed names the package writes relative to the
// working directory, one per pattern and function.
func cwdFiles(pass *analysis.Pass, res *rootflow.Result) []CwdFile {
	var out []CwdFile
	var reads map[string]token.Pos
	for _, f := range res.Findings {
		pattern, ok := rootflow.CwdPattern(f.Origin)
		if !ok && f.Origin.ExeSibling() {
			// The running executable, or a file named from it: a
			// command that replaces the binary declares exe.
			pattern, ok = exePattern, true
		}
		if !ok || !fixedName(pattern) {
			continue
		}
		fn := enclosingFunc(pass, f.Pos)
		if fn == "" {
			continue
		}
		if reads == nil {
			reads = readNames(pass)
		}
		c := CwdFile{Pattern: pattern, Func: fn, At: rootflow.ShortPos(pass.Fset.Position(f.Pos))}
		if pos, ok := reads[strings.TrimPrefix(pattern, "cwd:")]; ok && pattern != exePattern {
			c.ReadBack = rootflow.ShortPos(pass.Fset.Position(pos))
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b CwdFile) int { return cmp.Or(cmp.Compare(a.Func, b.Func), cmp.Compare(a.Pattern, b.Pattern)) })
	return slices.CompactFunc(out, func(a, b CwdFile) bool { return a.Func == b.Func && a.Pattern == b.Pattern })
}

// fixedName reports whether a cwd: pattern fixes some part of the name
// ("cwd:cpu-*.pprof", "cwd:app.toml"): "cwd:*", a temporary file's name
// or one the program reads from elsewhere, would allow any file there,
// and is no candidate; nor are "-" and "~" (stdout, the home).
func fixedName(pattern string) bool {
	name, ok := strings.CutPrefix(pattern, "cwd:")
	if !ok {
		return true
	}
	// stdout's "-" and the home's "~": values a program prints to or
	// expands, never a file it keeps where it runs.
	first, _, _ := strings.Cut(name, "/")
	return strings.Trim(name, "*/") != "" && first != "-" && first != "~"
}

// enclosingFunc returns the full name of the function declaration that
// holds pos (a closure counts as its declaration's), or "".
func enclosingFunc(pass *analysis.Pass, pos token.Pos) string {
	for _, f := range pass.Files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					return obj.FullName()
				}
			}
		}
	}
	return ""
}

// readNames maps each constant path the package passes to a function
// that reads a file (os.ReadFile and the knowledge table's other readers
// of contents, os.Open, os.Stat), or to a function of the package that
// passes that parameter to one (a helper checking the file's lines), to
// the first such call.
func readNames(pass *analysis.Pass) map[string]token.Pos {
	reader := func(call *ast.CallExpr) bool {
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		return ok && (knowledge.Is(fn.FullName(), knowledge.Contents) || slices.Contains(readers, fn.FullName()))
	}
	helpers := readingHelpers(pass, reader)
	out := map[string]token.Pos{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			args := []int{0}
			if !reader(call) {
				fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
				if args = helpers[fn]; len(args) == 0 {
					return true
				}
			}
			for _, i := range args {
				if i >= len(call.Args) {
					continue
				}
				if tv, ok := pass.TypesInfo.Types[call.Args[i]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					name := path.Clean(filepath.ToSlash(constant.StringVal(tv.Value)))
					if _, seen := out[name]; !seen {
						out[name] = call.Pos()
					}
				}
			}
			return true
		})
	}
	return out
}

// readingHelpers returns the functions of the package that pass one of
// their parameters, as it is, as the path of a call reader accepts, and
// the indices of those parameters. One level: a helper of a helper is
// not followed.
func readingHelpers(pass *analysis.Pass, reader func(*ast.CallExpr) bool) map[*types.Func][]int {
	out := map[*types.Func][]int{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			params := fn.Type().(*types.Signature).Params()
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 || !reader(call) {
					return true
				}
				id, ok := call.Args[0].(*ast.Ident)
				if !ok {
					return true
				}
				for i := range params.Len() {
					if pass.TypesInfo.Uses[id] == params.At(i) && !slices.Contains(out[fn], i) {
						out[fn] = append(out[fn], i)
					}
				}
				return true
			})
		}
	}
	return out
}

// exePattern is the allowance pattern of the running executable and
// the files named from it.
const exePattern = "exe"

// readers are the functions that open or look at a file by name whose
// role in the knowledge table is not to read its contents.
var readers = []string{"os.Open", "os.Stat", "os.Lstat"}

// sortedCwdFiles sorts the candidates of every package by pattern, then
// function.
func sortedCwdFiles(fs []CwdFile) []CwdFile {
	slices.SortFunc(fs, func(a, b CwdFile) int { return cmp.Or(cmp.Compare(a.Pattern, b.Pattern), cmp.Compare(a.Func, b.Func)) })
	return fs
}

// maxCwdFiles bounds the candidates the file lists.
const maxCwdFiles = 20

// writeCwdFiles renders the candidates as commented allow-write entries,
// each with its evidence.
func writeCwdFiles(b *strings.Builder, fs []CwdFile) {
	if len(fs) == 0 {
		return
	}
	b.WriteString("# Fixed names written relative to the working directory, and the running\n")
	b.WriteString("# executable. A file a command writes there on purpose (its product, a\n")
	b.WriteString("# self-update) is declared on the command; state kept there (a cache, a\n")
	b.WriteString("# lock, a log) belongs under a state root instead:\n")
	b.WriteString("# allow-write:\n")
	for i, f := range fs {
		if i == maxCwdFiles {
			fmt.Fprintf(b, "#   and %d more\n", len(fs)-maxCwdFiles)
			break
		}
		read := "; not read back"
		if f.ReadBack != "" {
			read = "; read back at " + f.ReadBack + ": state?"
		}
		what := "written at " + f.At
		if f.Pattern == exePattern {
			what, read = "the running executable or a file named from it, written at "+f.At, ""
		}
		by := ""
		switch {
		case f.Every:
			by = " by every command: state?"
		case len(f.Commands) > 0:
			by = " by " + plural(len(f.Commands), "command", "commands") + " (" + strings.Join(f.Commands, ", ") + ")"
		case len(f.Unfollowed) > 0:
			by = " by no command the analysis follows to it (it does not follow the calls of " + strings.Join(f.Unfollowed, ", ") + ")"
		case f.Of > 0:
			by = " by none of the program's " + plural(f.Of, "command", "commands") + " (another program's, or dead code?)"
		default:
			by = " (no command recognised: //staterootlint:command NAME on a function names one)"
		}
		fmt.Fprintf(b, "#   %q: [%q]  # %s%s%s\n", f.Func, f.Pattern, what, by, read)
	}
}
