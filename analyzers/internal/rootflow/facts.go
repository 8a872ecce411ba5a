package rootflow

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"go/token"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
)

// ShortPos renders a position for messages: "cmd/log/command.go:12",
// relative to the root of the module that holds the file, or
// "command.go:12" where that is not known; "" when it is not valid
// (code.ShortPos).
func ShortPos(p token.Position) string { return code.ShortPos(p) }

// FuncFact summarizes a function for its callers in other packages.
type FuncFact struct {
	// Authority is the root kind when the function is an authority by
	// directive; its string results are state roots.
	Authority string
	// Results holds, per result index, the origins of the result in terms
	// of the function's parameters (Param origins) and concrete origins;
	// nil for results that do not carry paths.
	Results []Origins
	// Reqs are the parameters (index, receiver first) whose values reach
	// writes, sorted by index. (Facts hold slices, not maps: their
	// encoding must be deterministic.)
	Reqs []ParamReq
	// Writes holds the writes the function reaches, directly or through
	// its callees, with their origins in terms of its parameters: what
	// blastradius checks a may-write radius against.
	Writes []Reach
	// AbsCheck says the function is an IsAbs of its one path parameter
	// (a wrapper of filepath.IsAbs, abswrap.go).
	AbsCheck bool
	// ParamCalls are the calls of its func-typed parameters with paths
	// (sinkvalue.go).
	ParamCalls []ParamCall
	// FieldReqs are the fields of the objects its parameters point to
	// whose values reach writes (ctors.go), sorted.
	FieldReqs []FieldReq
	// Fields are, per result that is a new object, what the function
	// stores into its fields in terms of its parameters (ctors.go).
	Fields []ResultField
	// EnvReads are the arguments (the receiver not counted) that name an
	// environment variable the function reads, an env helper such as
	// envOr(name, def) (envhelpers.go), sorted.
	EnvReads []int

	// encoded holds a decoded fact's encoding until its fields are first
	// read (Loaded).
	encoded *encodedFuncFact
}

// FieldReq is a requirement on field Cell of the object parameter Index
// points to.
type FieldReq struct {
	Index int
	Cell  string
	// Through, when set, is the field of the parameter's object that
	// holds the object whose field Cell is required (r.Config.Name).
	Through string
	Req     Req
}

// ResultField is what a constructor stores into field Cell of the object
// it returns as result Result.
type ResultField struct {
	Result int
	Cell   string
	Value  Origins
}

// AFact marks FuncFact as an analysis fact.
func (*FuncFact) AFact() {}

// String renders the fact for fixtures (// want fn:"..."):
// "authority=repo", "results=[param0/logs]; requires=[0→os.WriteFile]",
// "field requires=[0.store.Store.dir→os.WriteFile]" (the field of the
// object parameter 0 points to), "fields=[0.store.Store.dir={param0}]"
// (what the function stores into the object it returns as result 0).
func (f *FuncFact) String() string {
	f, err := f.Loaded()
	if err != nil {
		return err.Error()
	}
	var parts []string
	if f.Authority != "" {
		parts = append(parts, "authority="+f.Authority)
	}
	if f.Results != nil {
		parts = append(parts, "results="+list(f.Results, Origins.String))
	}
	parts = appendList(parts, "requires", f.Reqs, func(r ParamReq) string { return strconv.Itoa(r.Index) + "→" + r.Req.String() })
	parts = appendList(parts, "writes", f.Writes, Reach.String)
	if f.AbsCheck {
		parts = append(parts, "abscheck")
	}
	parts = appendList(parts, "field requires", f.FieldReqs, func(r FieldReq) string {
		return strconv.Itoa(r.Index) + "." + lattice.ShortName(r.Cell) + "→" + r.Req.String()
	})
	parts = appendList(parts, "fields", f.Fields, func(r ResultField) string {
		return strconv.Itoa(r.Result) + "." + lattice.ShortName(r.Cell) + "=" + r.Value.String()
	})
	parts = appendList(parts, "calls", f.ParamCalls, ParamCall.String)
	parts = appendList(parts, "reads env", f.EnvReads, strconv.Itoa)
	return strings.Join(parts, "; ")
}

// list renders the elements of s with str as "[a, b]".
func list[T any](s []T, str func(T) string) string {
	out := make([]string, len(s))
	for i, e := range s {
		out[i] = str(e)
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// appendList appends "name=[a, b]" to parts when s is not empty.
func appendList[T any](parts []string, name string, s []T, str func(T) string) []string {
	if len(s) == 0 {
		return parts
	}
	return append(parts, name+"="+list(s, str))
}

// String renders a reach: "os.WriteFile(param0/x.json)", or the unproven
// call's description.
func (r Reach) String() string {
	if r.Op == "" {
		return "unproven: " + r.Unproven
	}
	return r.Op + "(" + r.Path.String() + ")"
}

// Reach is a write reached from a function, with the path's origins and
// the call chain from the function to the write.
//
// A Reach with an empty Op is unproven: a call the analysis cannot resolve
// (an interface method or func value) that is passed a path, described by
// Unproven.
type Reach struct {
	Op       string
	At       token.Position
	Path     Origins
	Chain    []Hop
	Unproven string
	// Allowed are the patterns of the allowances (allow-write) that
	// cover the write, kept while its path is still symbolic: the caller
	// that makes it concrete declares what they match, as the lint's
	// requirement does (lattice.ReqAllowed).
	Allowed []string
}

// ParamReq is a requirement on parameter Index of function Key.
type ParamReq struct {
	Key   string // empty in a FuncFact: the function the fact is about
	Index int
	Req   Req
}

// CellStores is what a package stores into a cell.
type CellStores struct {
	Key   string
	Value Origins
}

// CellReq is a requirement on a cell.
type CellReq struct {
	Key string
	Req Req
}

// PackageFact records what a package contributes to cells (fields and
// package variables, possibly of other packages) and the requirements it
// discovered on other packages' cells and functions.
type PackageFact struct {
	// Stores maps a cell key to the union of the values this package
	// stores into it (flag bindings count as user-chosen stores).
	Stores []CellStores
	// CellReqs are cells whose values reach writes.
	CellReqs []CellReq
	// FuncReqs are requirements this package found on parameters of
	// functions declared elsewhere (through cells they store into).
	FuncReqs []ParamReq
	// Closures are the results of the package's function literals that
	// leave it as values (returned, stored), for calls elsewhere.
	Closures []ClosureResults
}

// AFact marks PackageFact as an analysis fact.
func (*PackageFact) AFact() {}

// String renders the fact for fixtures (// want package:"..."):
// "stores=[cell=origins]; cell requires=[cell→os.WriteFile]; requires=[f#0→...]".
func (f *PackageFact) String() string {
	var parts []string
	parts = appendList(parts, "stores", f.Stores, func(s CellStores) string { return lattice.ShortName(s.Key) + "=" + s.Value.String() })
	parts = appendList(parts, "cell requires", f.CellReqs, func(r CellReq) string { return lattice.ShortName(r.Key) + "→" + r.Req.String() })
	parts = appendList(parts, "requires", f.FuncReqs, func(r ParamReq) string {
		return lattice.ShortName(r.Key) + "#" + strconv.Itoa(r.Index) + "→" + r.Req.String()
	})
	parts = appendList(parts, "closures", f.Closures, func(c ClosureResults) string {
		return lattice.ShortName(c.Key) + "=" + list(c.Results, Origins.String)
	})
	return strings.Join(parts, "; ")
}

// Function literals across packages: a function that returns a closure
// (a recorder's run function) hands its callers a Func origin naming a
// function literal, which has no object to attach a fact to. The package
// fact carries the results of such literals instead, so a call through
// the value in another package has a summary to read.

// ClosureResults is the summary of a function literal for other packages:
// its key (pkg.F$1) and its results, as a FuncFact's.
type ClosureResults struct {
	Key     string
	Results []Origins
}

// The facts' encoding.
//
// Every driver gob-encodes facts, and under go vet each package's facts
// are decoded by its importers and encoded again with theirs, through
// every level of imports. Encoded field by field, a fact repeats each
// file name (every position has one), function key and hop name as often
// as it occurs. So FuncFact and PackageFact encode themselves (gob uses
// GobEncode): a version byte, the fingerprint of the fact's Go type, the
// fact's distinct strings once, then its values in field order, strings
// as indices into that table and numbers as varints. The table belongs to
// the one fact: facts are re-exported one by one, so a table kept
// elsewhere would dangle.
//
// Decoding gives what gob would: an empty slice decodes as nil,
// unexported fields are left out. A fact of another version or layout is
// an error, never misread.

// factCodecVersion is the encoding's version: the first byte.
const factCodecVersion = 1

// GobEncode encodes the fact compactly (factEncoder, below). A fact that
// was decoded and never read is re-encoded as it came.
func (f *FuncFact) GobEncode() ([]byte, error) {
	if f.encoded != nil {
		return f.encoded.data, nil
	}
	return encodeFact(f)
}

// GobDecode checks that data is of this encoding's version and the fact
// type's layout, and keeps it: its fields are decoded on first use
// (Loaded). Under go vet a package's importers receive the facts of
// everything below them and read few of them, so most are re-exported
// as they came.
func (f *FuncFact) GobDecode(data []byte) error {
	if err := checkFactHeader(data, reflect.TypeFor[FuncFact]()); err != nil {
		return fmt.Errorf("decode %T: %w", f, err)
	}
	// gob reuses its buffer for the next message: keep a copy.
	*f = FuncFact{encoded: &encodedFuncFact{data: bytes.Clone(data)}}
	return nil
}

// encodedFuncFact is a FuncFact kept in its encoding until first read. It
// is shared by the copies of the fact a pass hands out, and decoded once.
type encodedFuncFact struct {
	data []byte
	once sync.Once
	fact *FuncFact
	err  error
}

// Loaded returns the fact with its fields filled in: f itself, or, for a
// fact an analysis pass handed over still encoded (ImportObjectFact,
// AllObjectFacts), its decoding, made once and shared by every copy.
// Read an imported fact's fields only through Loaded. The error says the
// encoding is damaged (cut short, bytes left over, a bad string index).
func (f *FuncFact) Loaded() (*FuncFact, error) {
	l := f.encoded
	if l == nil {
		return f, nil
	}
	l.once.Do(func() {
		l.fact = new(FuncFact)
		if l.err = decodeFact(l.data, l.fact); l.err != nil {
			l.fact = nil
		}
	})
	return l.fact, l.err
}

// GobEncode encodes the fact compactly (factEncoder, below).
func (f *PackageFact) GobEncode() ([]byte, error) { return encodeFact(f) }

// GobDecode decodes what GobEncode encoded.
func (f *PackageFact) GobDecode(data []byte) error { return decodeFact(data, f) }

// fingerprint hashes the layout of a struct type: its fields' names and
// kinds, recursively. A fact encoded by a binary whose types differ does
// not decode.
func fingerprint(t reflect.Type) [8]byte {
	var b strings.Builder
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		b.WriteString(t.Kind().String())
		switch t.Kind() {
		case reflect.Slice, reflect.Array:
			if t.Kind() == reflect.Array {
				fmt.Fprintf(&b, "%d", t.Len())
			}
			b.WriteByte('[')
			walk(t.Elem())
			b.WriteByte(']')
		case reflect.Struct:
			b.WriteByte('{')
			for i := range t.NumField() {
				if sf := t.Field(i); sf.IsExported() {
					b.WriteString(sf.Name + " ")
					walk(sf.Type)
					b.WriteByte(';')
				}
			}
			b.WriteByte('}')
		}
	}
	walk(t)
	sum := sha256.Sum256([]byte(b.String()))
	return [8]byte(sum[:8])
}

// fingerprints holds the fingerprint of each fact type, computed on first
// use: every go vet unit is a process of its own, and most (the standard
// library's) never encode or decode a fact.
var fingerprints = sync.OnceValue(func() map[reflect.Type][8]byte {
	return map[reflect.Type][8]byte{
		reflect.TypeFor[FuncFact]():    fingerprint(reflect.TypeFor[FuncFact]()),
		reflect.TypeFor[PackageFact](): fingerprint(reflect.TypeFor[PackageFact]()),
	}
})

// factEncoder collects a fact's strings and encodes its values.
type factEncoder struct {
	index map[string]uint64
	table []string
	body  []byte
}

func encodeFact(fact any) ([]byte, error) {
	v := reflect.ValueOf(fact).Elem()
	e := &factEncoder{index: map[string]uint64{}}
	if err := e.value(v); err != nil {
		return nil, fmt.Errorf("encode %T: %w", fact, err)
	}
	fp := fingerprints()[v.Type()]
	out := make([]byte, 0, 16+len(e.body)+16*len(e.table))
	out = append(out, factCodecVersion)
	out = append(out, fp[:]...)
	out = binary.AppendUvarint(out, uint64(len(e.table)))
	for _, s := range e.table {
		out = binary.AppendUvarint(out, uint64(len(s)))
		out = append(out, s...)
	}
	return append(out, e.body...), nil
}

func (e *factEncoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		i, ok := e.index[s]
		if !ok {
			i = uint64(len(e.table))
			e.index[s] = i
			e.table = append(e.table, s)
		}
		e.body = binary.AppendUvarint(e.body, i)
	case reflect.Bool:
		b := byte(0)
		if v.Bool() {
			b = 1
		}
		e.body = append(e.body, b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.body = binary.AppendVarint(e.body, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		e.body = binary.AppendUvarint(e.body, v.Uint())
	case reflect.Slice:
		e.body = binary.AppendUvarint(e.body, uint64(v.Len()))
		for i := range v.Len() {
			if err := e.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			if err := e.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if err := e.value(v.Field(i)); err != nil {
					return err
				}
			}
		}
	default:
		return fmt.Errorf("a fact cannot hold a %s (%s)", v.Kind(), v.Type())
	}
	return nil
}

// factDecoder reads what factEncoder wrote.
type factDecoder struct {
	table []string
	data  []byte
}

var errFactTruncated = errors.New("truncated")

// checkFactHeader checks that data begins with this encoding's version
// and the fingerprint of fact type t.
func checkFactHeader(data []byte, t reflect.Type) error {
	if len(data) < 9 || data[0] != factCodecVersion {
		return fmt.Errorf("not encoding version %d", factCodecVersion)
	}
	if fp := fingerprints()[t]; string(data[1:9]) != string(fp[:]) {
		return errors.New("encoded by a build whose fact types differ")
	}
	return nil
}

func decodeFact(data []byte, fact any) error {
	v := reflect.ValueOf(fact).Elem()
	if err := checkFactHeader(data, v.Type()); err != nil {
		return fmt.Errorf("decode %T: %w", fact, err)
	}
	d := &factDecoder{data: data[9:]}
	n, err := d.uvarint()
	if err != nil || n > uint64(len(d.data)) {
		return fmt.Errorf("decode %T: bad string table", fact)
	}
	d.table = make([]string, n)
	for i := range d.table {
		l, err := d.uvarint()
		if err != nil || l > uint64(len(d.data)) {
			return fmt.Errorf("decode %T: bad string table", fact)
		}
		d.table[i], d.data = string(d.data[:l]), d.data[l:]
	}
	v.SetZero()
	if err := d.value(v); err != nil {
		return fmt.Errorf("decode %T: %w", fact, err)
	}
	if len(d.data) != 0 {
		return fmt.Errorf("decode %T: %d bytes left over", fact, len(d.data))
	}
	return nil
}

func (d *factDecoder) uvarint() (uint64, error) {
	x, n := binary.Uvarint(d.data)
	if n <= 0 {
		return 0, errFactTruncated
	}
	d.data = d.data[n:]
	return x, nil
}

func (d *factDecoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.String:
		i, err := d.uvarint()
		if err != nil {
			return err
		}
		if i >= uint64(len(d.table)) {
			return fmt.Errorf("string %d of %d", i, len(d.table))
		}
		v.SetString(d.table[i])
	case reflect.Bool:
		if len(d.data) == 0 {
			return errFactTruncated
		}
		v.SetBool(d.data[0] != 0)
		d.data = d.data[1:]
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, n := binary.Varint(d.data)
		if n <= 0 {
			return errFactTruncated
		}
		d.data = d.data[n:]
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		x, err := d.uvarint()
		if err != nil {
			return err
		}
		v.SetUint(x)
	case reflect.Slice:
		n, err := d.uvarint()
		if err != nil {
			return err
		}
		if n == 0 {
			return nil // nil, as gob decodes an empty slice
		}
		if n > uint64(len(d.data)) { // every element takes a byte at least
			return errFactTruncated
		}
		s := reflect.MakeSlice(v.Type(), int(n), int(n))
		for i := range int(n) {
			if err := d.value(s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			if err := d.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if err := d.value(v.Field(i)); err != nil {
					return err
				}
			}
		}
	default:
		return fmt.Errorf("a fact cannot hold a %s (%s)", v.Kind(), v.Type())
	}
	return nil
}

// Sinks passed as function values. A function that calls one of its
// func-typed parameters with a path (materialize(dir, os.WriteFile)
// calling write(Join(dir, "x"), ...)) writes that path when the argument
// bound to the parameter is a write sink, or a function whose parameter
// reaches a write. The function cannot tell which: its ParamCalls record
// each such call, with the origins of its arguments in terms of the
// function's parameters, and every call that binds the parameter decides.
// Where the bound value is a sink (passed directly, or read from a field
// or variable holding it), its path arguments are checked at that call as
// the sink's; where it is a function with requirements, the arguments
// those requirements name are. A function that hands its func parameter
// on to another such function calls it in effect: it inherits the call,
// with the arguments rewritten in its own terms. ParamCalls travel in the
// FuncFact, so the helper and the call that binds it may be in different
// packages.

// ParamCall is a call, in a function, of its func-typed parameter Func
// (SSA index, receiver first).
type ParamCall struct {
	Func int
	// Args holds the origins of the call's path arguments in terms of the
	// function's parameters, nil for the arguments that carry no path.
	Args []Origins
	// Consts holds the call's constant integer arguments (an open flag).
	Consts []ConstArg
	At     token.Position // the call
}

// ConstArg is a constant integer argument of a call.
type ConstArg struct {
	Index int
	Value int64
}

// String renders a call for facts: "param5(param2/*/trampoline.js)".
func (c ParamCall) String() string {
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		if a != nil {
			args[i] = a.String()
		} else {
			args[i] = "_"
		}
	}
	return "param" + strconv.Itoa(c.Func) + "(" + strings.Join(args, ", ") + ")"
}
