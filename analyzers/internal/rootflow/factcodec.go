package rootflow

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

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

// GobEncode encodes the fact compactly (see factcodec.go). A fact that
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

// GobEncode encodes the fact compactly (see factcodec.go).
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
