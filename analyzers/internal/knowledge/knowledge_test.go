package knowledge

import (
	"go/importer"
	"go/token"
	"os"
	"reflect"
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
