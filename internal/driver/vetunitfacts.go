package driver

import (
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"go/types"
	"io"
	"log"
	"os"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// Facts between go vet units (see vetunit.go).
//
// What an analyzer sees is what unitchecker shows it: the facts of its
// direct imports (their package facts and facts about their objects),
// and, of the packages further below, only facts about objects that are
// not package-level functions, variables or constants (methods, fields,
// types); unitchecker re-exports only those from one unit to the next.
// So a unit's facts are kept in two halves: the direct half (its package
// facts, and facts about its package-level functions, variables and
// constants), read by its direct importers only; and the re-exported
// half, read by every package above it.
//
// A unit's vetx file holds a section per package: its own, with both
// halves, then the re-exported half of every package below it, copied as
// it is from its imports' vetx files. Nothing is decoded until an
// analyzer asks: ImportObjectFact finds the object's section by its
// package and the fact by the object's objectpath; AllObjectFacts
// resolves every fact of the sections whose package the unit can see
// (unitchecker's import map), as unitchecker does for all of them.
//
// The file: vetxOwnMagic, then per section the package path, the direct
// half and the re-exported half, each as a uvarint length and its bytes.
// A half is compressed (DEFLATE, fastest level): copied into every unit
// above its package, the halves made task v3.53.1's go vet run write 187
// MB of vetx files into the build cache and read 549 MB back, 9 times
// what they take compressed; a unit inflates only the halves it reads
// from. Inflated, a half is the number of fact types and their names
// (uvarint lengths), then per fact the object's objectpath ("" for a
// package fact), the index of its type, and its encoding (GobEncode where
// the fact has it, else gob).

// vetxOwnMagic begins a vetx file written by this driver; a version in
// its last byte. unitchecker's begin "vetx".
const vetxOwnMagic = "srlvetx2"

// appendVetxHeader appends the magic of a vetx file with no section.
func appendVetxHeader(buf []byte) []byte { return append(buf, vetxOwnMagic...) }

// vetxSection is one package's facts in a vetx file.
type vetxSection struct {
	path     string
	direct   []byte // the direct half: only the package's own vetx file has it
	reexport []byte
}

func appendVetxSection(buf []byte, s vetxSection) []byte {
	buf = appendBytes(buf, []byte(s.path))
	buf = appendBytes(buf, s.direct)
	return appendBytes(buf, s.reexport)
}

func appendBytes(buf, b []byte) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(b)))
	return append(buf, b...)
}

// parseVetx splits a vetx file into its sections (sharing data).
func parseVetx(data []byte) ([]vetxSection, error) {
	if !bytes.HasPrefix(data, []byte(vetxOwnMagic)) {
		return nil, errors.New("not a vetx file of this driver (written by unitchecker or another staterootlint?); run go clean -cache and go vet again")
	}
	r := byteReader{data: data[len(vetxOwnMagic):]}
	var sections []vetxSection
	for len(r.data) > 0 {
		path, direct, reexport := r.bytes(), r.bytes(), r.bytes()
		if r.err != nil {
			return nil, r.err
		}
		sections = append(sections, vetxSection{string(path), direct, reexport})
	}
	return sections, nil
}

// byteReader reads uvarints and length-prefixed bytes; the first error
// sticks.
type byteReader struct {
	data []byte
	err  error
}

func (r *byteReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.err = errors.New("vetx file cut short")
		return 0
	}
	r.data = r.data[n:]
	return v
}

func (r *byteReader) bytes() []byte {
	n := r.uvarint()
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.data)) {
		r.err = errors.New("vetx file cut short")
		return nil
	}
	b := r.data[:n:n]
	r.data = r.data[n:]
	return b
}

// factCodec encodes and decodes the facts of the analyzers, by type name.
type factCodec struct {
	byName map[string]reflect.Type
}

func newFactCodec(analyzers []*analysis.Analyzer) *factCodec {
	c := &factCodec{byName: map[string]reflect.Type{}}
	seen := map[*analysis.Analyzer]bool{}
	var add func(a *analysis.Analyzer)
	add = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, f := range a.FactTypes {
			c.byName[factTypeName(reflect.TypeOf(f))] = reflect.TypeOf(f)
		}
		for _, req := range a.Requires {
			add(req)
		}
	}
	for _, a := range analyzers {
		add(a)
	}
	return c
}

// factTypeName names a fact type (a pointer to a named type).
func factTypeName(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		return "*" + t.Elem().PkgPath() + "." + t.Elem().Name()
	}
	return t.PkgPath() + "." + t.Name()
}

func (c *factCodec) encode(fact analysis.Fact) ([]byte, error) {
	if g, ok := fact.(gob.GobEncoder); ok {
		return g.GobEncode()
	}
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(fact)
	return buf.Bytes(), err
}

func (c *factCodec) decode(t reflect.Type, data []byte) (analysis.Fact, error) {
	fact, ok := reflect.New(t.Elem()).Interface().(analysis.Fact)
	if !ok {
		return nil, fmt.Errorf("%v is not a fact type", t)
	}
	if g, ok := fact.(gob.GobDecoder); ok {
		return fact, g.GobDecode(data)
	}
	return fact, gob.NewDecoder(bytes.NewReader(data)).Decode(fact)
}

// encodeHalf encodes facts as a half of a section.
func (c *factCodec) encodeHalf(facts []gobFact) ([]byte, error) {
	if len(facts) == 0 {
		return nil, nil
	}
	slices.SortFunc(facts, func(a, b gobFact) int {
		return cmp.Or(cmp.Compare(a.Object, b.Object), cmp.Compare(factTypeName(reflect.TypeOf(a.Fact)), factTypeName(reflect.TypeOf(b.Fact))))
	})
	index := map[reflect.Type]int{}
	var names []string
	for _, f := range facts {
		t := reflect.TypeOf(f.Fact)
		if _, ok := index[t]; !ok {
			index[t] = len(names)
			names = append(names, factTypeName(t))
		}
	}
	buf := binary.AppendUvarint(nil, uint64(len(names)))
	for _, n := range names {
		buf = appendBytes(buf, []byte(n))
	}
	for _, f := range facts {
		data, err := c.encode(f.Fact)
		if err != nil {
			return nil, fmt.Errorf("encode %T fact: %w", f.Fact, err)
		}
		buf = appendBytes(buf, []byte(f.Object))
		buf = binary.AppendUvarint(buf, uint64(index[reflect.TypeOf(f.Fact)]))
		buf = appendBytes(buf, data)
	}
	return deflateHalf(buf)
}

// deflateHalf compresses an encoded half of a section.
func deflateHalf(half []byte) ([]byte, error) {
	var out bytes.Buffer
	w, err := flate.NewWriter(&out, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(half); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// inflateHalf undoes deflateHalf.
func inflateHalf(half []byte) ([]byte, error) {
	data, err := io.ReadAll(flate.NewReader(bytes.NewReader(half)))
	if err != nil {
		return nil, fmt.Errorf("vetx file damaged: %w", err)
	}
	return data, nil
}

// storedFact is a fact of a section, decoded on first use.
type storedFact struct {
	data   []byte
	direct bool // in the direct half
	fact   analysis.Fact
	err    error
	done   bool
}

// factSection is one package's facts as a unit sees them.
type factSection struct {
	direct, reexport []byte
	index            map[factKey]*storedFact // both halves, made on first use
	err              error
}

// load indexes the section's facts (once); a fact type this binary does
// not know is an error.
func (s *factSection) load(c *factCodec) error {
	if s.index != nil || s.err != nil {
		return s.err
	}
	s.index = map[factKey]*storedFact{}
	for _, half := range []struct {
		data   []byte
		direct bool
	}{{s.direct, true}, {s.reexport, false}} {
		if len(half.data) == 0 {
			continue
		}
		data, err := inflateHalf(half.data)
		if err != nil {
			s.err = err
			return err
		}
		r := byteReader{data: data}
		n := r.uvarint()
		if n > uint64(len(data)) {
			r.err = errors.New("vetx file cut short")
		}
		typs := make([]reflect.Type, 0, n)
		for range n {
			name := string(r.bytes())
			t := c.byName[name]
			if r.err == nil && t == nil {
				r.err = fmt.Errorf("unknown fact type %s", name)
			}
			typs = append(typs, t)
		}
		for r.err == nil && len(r.data) > 0 {
			object, i, data := string(r.bytes()), r.uvarint(), r.bytes()
			if r.err == nil && i >= uint64(len(typs)) {
				r.err = errors.New("fact type index out of range")
			}
			if r.err == nil {
				s.index[factKey{object, typs[i]}] = &storedFact{data: data, direct: half.direct}
			}
		}
		if r.err != nil {
			s.err = fmt.Errorf("damaged facts: %w", r.err)
			return s.err
		}
	}
	return nil
}

// fact returns the decoded fact, or nil for none (a fact that does not
// decode reads as none, and is the unit's error).
func (s *factSection) fact(c *factCodec, key factKey, direct bool) (analysis.Fact, error) {
	if err := s.load(c); err != nil {
		return nil, err
	}
	f := s.index[key]
	if f == nil || f.direct && !direct {
		return nil, nil
	}
	if !f.done {
		f.fact, f.err = c.decode(key.typ, f.data)
		f.done = true
	}
	return f.fact, f.err
}

// vetUnitFacts implements the fact methods of one unit's passes.
type vetUnitFacts struct {
	pkg   *types.Package
	codec *factCodec

	mu       sync.Mutex
	imports  map[string]*types.Package // the unit's direct imports
	sections map[string]*factSection   // by package path
	order    []string                  // sections' paths, in the order read
	enc      objectpath.Encoder
	visible  map[string]*types.Package // unitchecker's import map, made on first use
	err      error                     // the first fact that did not decode
	own      ownFacts
}

// readVetUnitFacts reads the vetx files of the direct imports of pkg.
func readVetUnitFacts(pkg *types.Package, packageVetx map[string]string, codec *factCodec) (*vetUnitFacts, error) {
	s := &vetUnitFacts{pkg: pkg, codec: codec, imports: map[string]*types.Package{}, sections: map[string]*factSection{},
		own: newOwnFacts()}
	for _, imp := range pkg.Imports() {
		path := imp.Path()
		s.imports[path] = imp
		file, ok := packageVetx[path]
		if !ok {
			if path == "unsafe" {
				continue
			}
			return nil, fmt.Errorf("in %s, can't import facts for package %q: missing facts for %q", pkg.Path(), path, path)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("invalid vetx file for %q: %v", path, err)
		}
		sections, err := parseVetx(data)
		if err != nil {
			return nil, fmt.Errorf("invalid vetx file for %q: %s: %v", path, file, err)
		}
		for _, sec := range sections {
			have := s.sections[sec.path]
			if have == nil {
				have = &factSection{reexport: sec.reexport}
				s.sections[sec.path] = have
				s.order = append(s.order, sec.path)
			}
			if sec.path == path {
				have.direct = sec.direct
			}
		}
	}
	return s, nil
}

// isOrigin reports whether obj is as declared (not a method or field of
// an instantiated type): facts are about declared objects.
func isOrigin(obj types.Object) bool {
	switch o := obj.(type) {
	case *types.Func:
		return o.Origin() == o
	case *types.Var:
		return o.Origin() == o
	}
	return true
}

// importFact finds the fact of type t about obj of another package.
func (s *vetUnitFacts) importFact(obj types.Object, t reflect.Type) analysis.Fact {
	s.mu.Lock()
	defer s.mu.Unlock()
	pkg := obj.Pkg()
	sec := s.sections[pkg.Path()]
	if sec == nil || !isOrigin(obj) {
		return nil
	}
	path, err := s.enc.For(obj)
	if err != nil {
		return nil
	}
	fact, err := sec.fact(s.codec, factKey{string(path), t}, s.imports[pkg.Path()] == pkg)
	s.keep(err)
	return fact
}

func (s *vetUnitFacts) keep(err error) {
	if err != nil && s.err == nil {
		s.err = err
	}
}

func (s *vetUnitFacts) importObjectFact(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil {
		panic("nil object")
	}
	t := reflect.TypeOf(ptr)
	var fact analysis.Fact
	if obj.Pkg() == s.pkg {
		s.mu.Lock()
		fact = s.own.objects[objKey{obj, t}]
		s.mu.Unlock()
	} else if obj.Pkg() != nil {
		fact = s.importFact(obj, t)
	}
	if fact == nil {
		return false
	}
	setFact(ptr, fact)
	return true
}

func (s *vetUnitFacts) exportObjectFact(obj types.Object, fact analysis.Fact) {
	if obj.Pkg() != s.pkg {
		log.Panicf("in package %s: ExportObjectFact(%s, %T): can't set fact on object belonging another package", s.pkg, obj, fact)
	}
	s.mu.Lock()
	s.own.objects[objKey{obj, reflect.TypeOf(fact)}] = fact
	s.mu.Unlock()
}

func (s *vetUnitFacts) importPackageFact(pkg *types.Package, ptr analysis.Fact) bool {
	if pkg == nil {
		panic("nil package")
	}
	t := reflect.TypeOf(ptr)
	var fact analysis.Fact
	s.mu.Lock()
	if pkg == s.pkg {
		fact = s.own.packages[t]
	} else if sec := s.sections[pkg.Path()]; sec != nil && s.imports[pkg.Path()] == pkg {
		var err error
		fact, err = sec.fact(s.codec, factKey{"", t}, true)
		s.keep(err)
	}
	s.mu.Unlock()
	if fact == nil {
		return false
	}
	setFact(ptr, fact)
	return true
}

func (s *vetUnitFacts) exportPackageFact(fact analysis.Fact) {
	s.mu.Lock()
	s.own.packages[reflect.TypeOf(fact)] = fact
	s.mu.Unlock()
}

// allObjectFacts returns every object fact of a type in filter that the
// unit sees, its own included.
func (s *vetUnitFacts) allObjectFacts(filter map[reflect.Type]bool) []analysis.ObjectFact {
	s.mu.Lock()
	defer s.mu.Unlock()
	facts := s.own.objectFacts(filter)
	if s.visible == nil {
		s.visible = importMap(s.pkg.Imports())
	}
	for _, path := range s.order {
		pkg := s.visible[path]
		sec := s.sections[path]
		if pkg == nil || s.keepErr(sec.load(s.codec)) {
			continue
		}
		direct := s.imports[path] == pkg
		for _, key := range sortedFactKeys(sec.index, func(k factKey) bool { return k.object != "" && filter[k.typ] }) {
			obj, err := objectpath.Object(pkg, objectpath.Path(key.object))
			if err != nil {
				continue
			}
			fact, err := sec.fact(s.codec, key, direct)
			s.keep(err)
			if fact != nil {
				facts = append(facts, analysis.ObjectFact{Object: obj, Fact: fact})
			}
		}
	}
	return facts
}

func (s *vetUnitFacts) keepErr(err error) bool {
	s.keep(err)
	return err != nil
}

// sortedFactKeys returns the keys of index that want accepts, sorted.
// A section holds every object fact of its package: the package facts
// are a few among thousands, so they are picked before sorting.
func sortedFactKeys(index map[factKey]*storedFact, want func(factKey) bool) []factKey {
	var keys []factKey
	for k := range index {
		if want(k) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b factKey) int {
		return cmp.Or(cmp.Compare(a.object, b.object), cmp.Compare(factTypeName(a.typ), factTypeName(b.typ)))
	})
	return keys
}

// allPackageFacts returns the package facts of a type in filter of the
// unit and of its direct imports.
func (s *vetUnitFacts) allPackageFacts(filter map[reflect.Type]bool) []analysis.PackageFact {
	s.mu.Lock()
	defer s.mu.Unlock()
	facts := s.own.packageFacts(s.pkg, filter)
	for _, imp := range s.pkg.Imports() {
		sec := s.sections[imp.Path()]
		if sec == nil || s.keepErr(sec.load(s.codec)) {
			continue
		}
		for _, key := range sortedFactKeys(sec.index, func(k factKey) bool { return k.object == "" && filter[k.typ] }) {
			fact, err := sec.fact(s.codec, key, true)
			s.keep(err)
			if fact != nil {
				facts = append(facts, analysis.PackageFact{Package: imp, Fact: fact})
			}
		}
	}
	return facts
}

// directOnly reports whether a fact about obj stays with the direct
// importers: a package fact (obj nil), or one about a package-level
// function, variable or constant.
func directOnly(obj types.Object) bool {
	if obj == nil {
		return true
	}
	_, isType := obj.(*types.TypeName)
	return !isType && obj.Parent() == obj.Pkg().Scope()
}

// write writes the unit's vetx file: its own facts, then the re-exported
// halves of the packages below it, as read.
func (s *vetUnitFacts) write(file string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	var direct, reexport []gobFact
	for _, f := range s.own.encodable(&s.enc) {
		if directOnly(f.obj) {
			direct = append(direct, f.gobFact)
		} else {
			reexport = append(reexport, f.gobFact)
		}
	}
	own := vetxSection{path: s.pkg.Path()}
	var err error
	if own.direct, err = s.codec.encodeHalf(direct); err != nil {
		return err
	}
	if own.reexport, err = s.codec.encodeHalf(reexport); err != nil {
		return err
	}
	buf := appendVetxHeader(nil)
	buf = appendVetxSection(buf, own)
	for _, path := range s.order {
		if sec := s.sections[path]; path != own.path && len(sec.reexport) > 0 {
			buf = appendVetxSection(buf, vetxSection{path: path, reexport: sec.reexport})
		}
	}
	return os.WriteFile(file, buf, 0o666)
}

// importMap returns the packages a unit sees through its imports, by
// path: the imports and the packages of every object reachable from
// their scopes through types. It is unitchecker's (its facts decoder
// keeps only the facts of these packages), rewritten: that one is
// internal to golang.org/x/tools.
func importMap(imports []*types.Package) map[string]*types.Package {
	objects := map[types.Object]bool{}
	typs := map[types.Type]bool{}
	packages := map[string]*types.Package{}
	var addObj func(obj types.Object)
	var addType func(t types.Type)
	addObj = func(obj types.Object) {
		if objects[obj] {
			return
		}
		objects[obj] = true
		addType(obj.Type())
		if pkg := obj.Pkg(); pkg != nil {
			packages[pkg.Path()] = pkg
		}
	}
	addNamed := func(obj *types.TypeName, targs *types.TypeList, tparams *types.TypeParamList, origin types.Type) {
		for t := range targs.Types() {
			addType(t)
		}
		if typs[origin] {
			return
		}
		typs[origin] = true
		addObj(obj)
		for tp := range tparams.TypeParams() {
			addType(tp)
		}
		switch o := origin.(type) {
		case *types.Alias:
			addType(o.Rhs())
		case *types.Named:
			addType(o.Underlying())
			for m := range o.Methods() {
				addObj(m)
			}
		}
	}
	addType = func(t types.Type) {
		switch t := t.(type) {
		case *types.Named:
			o := t.Origin()
			addNamed(o.Obj(), t.TypeArgs(), o.TypeParams(), o)
		case *types.Alias:
			o := t.Origin()
			addNamed(o.Obj(), t.TypeArgs(), o.TypeParams(), o)
		case *types.Pointer:
			addType(t.Elem())
		case *types.Slice:
			addType(t.Elem())
		case *types.Array:
			addType(t.Elem())
		case *types.Chan:
			addType(t.Elem())
		case *types.Map:
			addType(t.Key())
			addType(t.Elem())
		case *types.Signature:
			addType(t.Params())
			addType(t.Results())
			for tp := range t.TypeParams().TypeParams() {
				addType(tp)
			}
		case *types.Struct:
			for f := range t.Fields() {
				addObj(f)
			}
		case *types.Tuple:
			for v := range t.Variables() {
				addObj(v)
			}
		case *types.Interface:
			for m := range t.Methods() {
				addObj(m)
			}
			for e := range t.EmbeddedTypes() {
				addType(e)
			}
		case *types.Union:
			for term := range t.Terms() {
				addType(term.Type())
			}
		case *types.TypeParam:
			if !typs[t] {
				typs[t] = true
				addObj(t.Obj())
				addType(t.Constraint())
			}
		}
	}
	for _, imp := range imports {
		packages[imp.Path()] = imp
		scope := imp.Scope()
		for _, name := range scope.Names() {
			addObj(scope.Lookup(name))
		}
	}
	return packages
}
