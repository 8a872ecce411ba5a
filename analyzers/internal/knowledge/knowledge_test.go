package knowledge

import (
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guard"
)

// TestTable checks every entry is well formed and listed once.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range All() {
		if msg := f.valid(); msg != "" {
			t.Errorf("%s: %s", f.Name, msg)
		}
		if seen[f.Name] {
			t.Errorf("%s is listed twice", f.Name)
		}
		seen[f.Name] = true
	}
	for _, want := range []struct {
		name string
		role Role
	}{
		{"os.WriteFile", Sink},
		{"os.Create", Sink | Identity},
		{"os.MkdirTemp", Sink | TempMaker},
		{"golang.org/x/sys/unix.Getenv", Getenv},
		{"os.Expand", Outside | Expand},
		{"(*flag.FlagSet).StringVar", FlagBinder},
		{"(github.com/urfave/cli/v3.Args).First", UserChosen},
		{"(testing.TB).Fatal", NoReturn},
		{"io.ReadAll", Contents},
		{"os.Pipe", PipeRead},
		{"(*strings.Builder).String", BufferRead},
		{"(*bytes.Buffer).WriteRune", BufferWrite},
		{"(*text/template.Template).Execute", BufferWrite},
		{"(*strings.Builder).Reset", BufferReset},
		{"(*github.com/junegunn/go-shellwords.Parser).Parse", Split},
	} {
		if !Is(want.name, want.role) {
			t.Errorf("Is(%s, %b) = false", want.name, want.role)
		}
	}
	if Is("os.ReadFile", Sink) {
		t.Error("os.ReadFile is not a sink")
	}
}

// guardAbsent are the os writes the run-time guard deliberately has no
// method for, and why.
var guardAbsent = map[string]string{
	"CopyFS": "copies a whole tree; a program under the guard copies with its WriteFile and MkdirAll",
}

// TestSinksHaveGuardMethods ties the linter's sinks in package os to the
// run-time guard: each has a *guard.Guard method of the same name and
// parameters, or is listed in guardAbsent with the reason.
func TestSinksHaveGuardMethods(t *testing.T) {
	g := reflect.TypeOf((*guard.Guard)(nil))
	osPkg, err := importer.ForCompiler(token.NewFileSet(), "source", nil).Import("os")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range All() {
		name, ok := strings.CutPrefix(f.Name, "os.")
		if !f.Has(Sink) || !ok {
			continue
		}
		m, ok := g.MethodByName(name)
		if _, absent := guardAbsent[name]; absent {
			if ok {
				t.Errorf("guard.Guard has %s, but guardAbsent lists it as deliberately absent", name)
			}
			continue
		}
		if !ok {
			t.Errorf("the linter knows %s, but guard.Guard has no %s method (add it, or list it in guardAbsent with the reason)", f.Name, name)
			continue
		}
		sig := osPkg.Scope().Lookup(name).Type().String()
		if got, want := m.Type.NumIn()-1, strings.Count(paramList(sig), ",")+1; got != want {
			t.Errorf("guard.Guard.%s takes %d parameters, %s takes %d", name, got, f.Name, want)
		}
	}
}

// paramList returns the parameter list of a signature's string form.
func paramList(sig string) string {
	sig = strings.TrimPrefix(sig, "func")
	return sig[1:strings.Index(sig, ")")]
}

// TestWriteFlags checks the flag mask read from package os against the
// platform the test runs on.
func TestWriteFlags(t *testing.T) {
	osPkg, err := importer.ForCompiler(token.NewFileSet(), "source", nil).Import("os")
	if err != nil {
		t.Fatal(err)
	}
	want := int64(os.O_WRONLY | os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_APPEND)
	if got := WriteFlags(osPkg); got != want {
		t.Errorf("WriteFlags(os) = %#x, want %#x", got, want)
	}
	if got := WriteFlags(nil); got != want {
		t.Errorf("WriteFlags(nil) = %#x, want %#x", got, want)
	}
	if WriteFlags(osPkg)&int64(os.O_RDONLY|os.O_EXCL|os.O_SYNC) == int64(os.O_EXCL|os.O_SYNC) {
		t.Error("O_EXCL and O_SYNC alone do not make an open write")
	}
}

// TestArgIndices checks, for the standard library's entries, that the
// argument indices an entry names (Arg, Buffer.Buf, Buffer.Data) are
// parameters of the function, receiver first, and that a buffer's data
// and a Format's format are where the signature has them.
func TestArgIndices(t *testing.T) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	pkgs := map[string]*types.Package{}
	for _, f := range All() {
		if f.Arg == 0 && !f.Has(BufferWrite) {
			continue
		}
		sig := stdSignature(t, imp, pkgs, f.Name)
		if sig == nil {
			continue // not the standard library's
		}
		n := sig.Params().Len()
		if sig.Recv() != nil {
			n++
		}
		for _, i := range []int{f.Arg, f.Buffer.Buf, f.Buffer.Data} {
			if i >= n {
				t.Errorf("%s: argument %d out of range (%d arguments, receiver first)", f.Name, i, n)
			}
		}
		if f.Buffer.Format && !sig.Variadic() {
			t.Errorf("%s: a Format buffer write whose function is not variadic", f.Name)
		}
	}
}

// stdSignature returns the signature of the standard library function or
// method named as the table names it, or nil for other packages'.
func stdSignature(t *testing.T, imp types.Importer, pkgs map[string]*types.Package, name string) *types.Signature {
	recv, rest := "", name
	if strings.HasPrefix(rest, "(") {
		r, m, _ := strings.Cut(rest[1:], ").")
		recv, rest = strings.TrimPrefix(r, "*"), m
	}
	path, member := "", rest
	if recv != "" {
		i := strings.LastIndex(recv, ".")
		path, recv = recv[:i], recv[i+1:]
	} else {
		i := strings.LastIndex(rest, ".")
		path, member = rest[:i], rest[i+1:]
	}
	if strings.Contains(strings.Split(path, "/")[0], ".") {
		return nil
	}
	pkg, ok := pkgs[path]
	if !ok {
		var err error
		if pkg, err = imp.Import(path); err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		pkgs[path] = pkg
	}
	if recv == "" {
		fn, _ := pkg.Scope().Lookup(member).(*types.Func)
		if fn == nil {
			t.Fatalf("%s: no function %s in %s", name, member, path)
		}
		return fn.Signature()
	}
	tn := pkg.Scope().Lookup(recv)
	if tn == nil {
		t.Fatalf("%s: no type %s in %s", name, recv, path)
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, member)
	fn, _ := obj.(*types.Func)
	if fn == nil {
		t.Fatalf("%s: no method %s", name, member)
	}
	return fn.Signature()
}

// TestFold checks the string functions' Fold against the functions
// themselves, through the table.
func TestFold(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		i    int
		want []string
	}{
		{"strings.TrimPrefix", []string{"./cache", "./"}, 0, []string{"cache"}},
		{"strings.CutPrefix", []string{"~/x", "~/"}, 0, []string{"x"}},
		{"strings.Cut", []string{"http://h:1", "://"}, 0, []string{"http"}},
		{"strings.Cut", []string{"http://h:1", "://"}, 1, []string{"h:1"}},
		{"strings.Split", []string{"a,b", ","}, 0, []string{"a", "b"}},
		{"strings.SplitN", []string{"a/b/c", "/", "2"}, 0, []string{"a", "b/c"}},
		{"strings.SplitN", []string{"a/b", "/", "x"}, 0, nil},
		{"strings.SplitAfter", []string{"a/b", "/"}, 0, []string{"a/", "b"}},
		{"strings.Fields", []string{" a  b "}, 0, []string{"a", "b"}},
		{"strings.Trim", []string{"/x/", "/"}, 0, []string{"x"}},
		{"strings.TrimLeft", []string{"//x", "/"}, 0, []string{"x"}},
		{"strings.ReplaceAll", []string{"a.b.c", ".", "/"}, 0, []string{"a/b/c"}},
		{"strings.Replace", []string{"a.b.c", ".", "/", "1"}, 0, []string{"a/b.c"}},
	} {
		f, ok := Lookup(c.name)
		if !ok || f.Fold == nil {
			t.Errorf("%s: no Fold in the table", c.name)
			continue
		}
		if got := f.Fold(c.args, c.i); !slices.Equal(got, c.want) {
			t.Errorf("%s%q result %d = %q, want %q", c.name, c.args, c.i, got, c.want)
		}
	}
}
