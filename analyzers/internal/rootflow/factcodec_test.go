package rootflow_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// quiet is an analysistest.Testing that ignores the fixtures' // want
// comments: TestFactCodec wants the facts of fixtures written for other
// analyzers.
type quiet struct{ testing.TB }

func (quiet) Errorf(string, ...any) {}

// TestFactCodec encodes every fact the engine exports on the fixtures
// through gob (which calls the facts' GobEncode) and decodes it: the
// result must be the fact as gob decodes plain values (empty slices nil).
// A fact of another encoding version or type layout, cut short or with
// bytes left over must be refused, never misread.
func TestFactCodec(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	gob.Register(new(rootflow.FuncFact))
	gob.Register(new(rootflow.PackageFact))
	var facts []analysis.Fact
	for _, r := range analysistest.Run(quiet{t}, testdata, rootflow.New(rootflow.DefaultConfig()), "rootflow/...", "shadowwrite/...") {
		for _, fs := range r.Facts {
			facts = append(facts, fs...)
		}
	}
	var funcs, pkgs, writes, positions int
	for _, f := range facts {
		switch f := f.(type) {
		case *rootflow.FuncFact:
			funcs++
			writes += len(f.Writes)
			for _, w := range f.Writes {
				if w.At.IsValid() {
					positions++
				}
			}
		case *rootflow.PackageFact:
			pkgs++
		}
	}
	if funcs < 50 || pkgs < 10 || writes < 20 || positions == 0 {
		t.Fatalf("the fixtures export %d function facts (%d writes, %d with positions) and %d package facts: too few to test the encoding", funcs, writes, positions, pkgs)
	}

	for _, f := range facts {
		var buf bytes.Buffer
		in := []analysis.Fact{f}
		if err := gob.NewEncoder(&buf).Encode(in); err != nil {
			t.Fatalf("encode %v: %v", f, err)
		}
		var out []analysis.Fact
		if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
			t.Fatalf("decode %v: %v", f, err)
		}
		if len(out) != 1 {
			t.Fatalf("round trip of %T: %d facts", f, len(out))
		}
		got := out[0]
		if ff, ok := got.(*rootflow.FuncFact); ok {
			// Kept encoded, it re-encodes as it came, without decoding.
			again, err := ff.GobEncode()
			if err != nil || !bytes.Equal(again, encoded(t, f)) {
				t.Errorf("a decoded %T re-encodes otherwise (%v)", f, err)
			}
			if got, err = ff.Loaded(); err != nil {
				t.Fatalf("load %v: %v", f, err)
			}
		}
		want := reflect.New(reflect.TypeOf(f).Elem())
		want.Elem().Set(reflect.ValueOf(f).Elem())
		nilEmpty(want.Elem())
		if !reflect.DeepEqual(got, want.Interface()) {
			t.Errorf("round trip of %T:\n%#v\nwant\n%#v", f, got, want.Interface())
		}
	}

	// Damaged encodings.
	var sample *rootflow.FuncFact
	for _, f := range facts {
		if ff, ok := f.(*rootflow.FuncFact); ok && len(ff.Writes) > 0 {
			sample = ff
			break
		}
	}
	data, err := sample.GobEncode()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		what string
		data []byte
	}{
		{"another version", append([]byte{data[0] + 1}, data[1:]...)},
		{"another layout", append(append([]byte{data[0]}, bytes.Repeat([]byte{0}, 8)...), data[9:]...)},
		{"cut short", data[:len(data)-1]},
		{"cut in the table", data[:12]},
		{"bytes left over", append(bytes.Clone(data), 0)},
		{"empty", nil},
	} {
		// The version and layout are checked as the fact is decoded,
		// the rest as it is first read.
		f := new(rootflow.FuncFact)
		if err := f.GobDecode(tc.data); err == nil {
			if _, err := f.Loaded(); err == nil {
				t.Errorf("%s: decoded without an error", tc.what)
			}
		}
	}
	f := new(rootflow.FuncFact)
	if err := f.GobDecode(data); err != nil {
		t.Errorf("the sample itself: %v", err)
	} else if _, err := f.Loaded(); err != nil {
		t.Errorf("the sample itself: %v", err)
	}
}

// encoded returns f's encoding.
func encoded(t *testing.T, f analysis.Fact) []byte {
	t.Helper()
	data, err := f.(interface{ GobEncode() ([]byte, error) }).GobEncode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// nilEmpty makes the empty slices under v nil, as gob decodes them. It
// copies the slices it changes below, so the fact itself is left alone.
func nilEmpty(v reflect.Value) {
	switch v.Kind() {
	case reflect.Slice:
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		v.Set(c)
		for i := range v.Len() {
			nilEmpty(v.Index(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			nilEmpty(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				nilEmpty(v.Field(i))
			}
		}
	case reflect.Bool, reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
	default:
		panic(fmt.Sprintf("a fact holds a %s", v.Kind()))
	}
}
