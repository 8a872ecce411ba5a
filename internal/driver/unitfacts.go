package driver

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// Facts between units.
//
// A unit exports facts about its own package and objects; they are
// gob-encoded when the unit ends (as unitchecker does for go vet) and its
// types dropped. A later unit sees the facts of all its dependencies,
// transitively, as the go/packages driver (checker) does: objects are
// matched by their objectpath in their package.

// gobFact is one encoded fact: Object is the objectpath of the object it
// is about, "" for a package fact.
type gobFact struct {
	Object string
	Fact   analysis.Fact
}

// factKey identifies a fact of a package by the objectpath of its object
// ("" for a package fact) and its type: in a unit's decoded facts here,
// in a go vet unit's vetx section (vetunitfacts.go).
type factKey struct {
	object string
	typ    reflect.Type
}

// unitFacts are one unit's own facts: encoded, and decoded on first use
// (and then shared, read-only, by every unit that imports them, as the
// go/packages driver shares them).
type unitFacts struct {
	data []byte // gob of []gobFact; nil: no facts
	// sum hashes the facts' content, not their encoding: gob numbers
	// types in the order a process first meets them, so the same facts
	// encode differently in a run that read the cache first. Zero when
	// there are none.
	sum [32]byte

	once    sync.Once
	decoded []gobFact
	byKey   map[factKey]analysis.Fact
	err     error
}

func (f *unitFacts) decode() error {
	if f == nil || len(f.data) == 0 {
		return nil
	}
	f.once.Do(func() {
		if err := gob.NewDecoder(bytes.NewReader(f.data)).Decode(&f.decoded); err != nil {
			f.err = fmt.Errorf("decode facts: %w", err)
			return
		}
		f.byKey = make(map[factKey]analysis.Fact, len(f.decoded))
		for _, g := range f.decoded {
			f.byKey[factKey{g.Object, reflect.TypeOf(g.Fact)}] = g.Fact
		}
	})
	return f.err
}

// registerFacts registers the fact types of the analyzers with gob.
func registerFacts(analyzers []*analysis.Analyzer) {
	for _, a := range analyzers {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
}

// objKey identifies a fact about an object of the unit's own package.
type objKey struct {
	obj types.Object
	typ reflect.Type
}

// ownFacts are the facts a unit exports about its own package and its
// objects, kept as they are until the unit ends and then encoded: alike
// in both unit drivers (factScope here, vetUnitFacts under go vet).
type ownFacts struct {
	objects  map[objKey]analysis.Fact
	packages map[reflect.Type]analysis.Fact
}

func newOwnFacts() ownFacts {
	return ownFacts{objects: map[objKey]analysis.Fact{}, packages: map[reflect.Type]analysis.Fact{}}
}

// objectFacts returns the object facts of a type in filter.
func (o *ownFacts) objectFacts(filter map[reflect.Type]bool) []analysis.ObjectFact {
	var out []analysis.ObjectFact
	for k, f := range o.objects {
		if filter[k.typ] {
			out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
		}
	}
	return out
}

// packageFacts returns the package facts of a type in filter, pkg being
// the unit's package.
func (o *ownFacts) packageFacts(pkg *types.Package, filter map[reflect.Type]bool) []analysis.PackageFact {
	var out []analysis.PackageFact
	for t, f := range o.packages {
		if filter[t] {
			out = append(out, analysis.PackageFact{Package: pkg, Fact: f})
		}
	}
	return out
}

// ownFact is a fact to encode: its object (nil for a package fact) and,
// in gobFact.Object, the object's objectpath.
type ownFact struct {
	obj types.Object
	gobFact
}

// encodable returns the facts another package can ask for: every package
// fact, and the facts about objects enc finds a path to (an object not
// reachable from the package's API, a local type's method, has none).
func (o *ownFacts) encodable(enc *objectpath.Encoder) []ownFact {
	var out []ownFact
	for _, f := range o.packages {
		out = append(out, ownFact{nil, gobFact{Fact: f}})
	}
	for k, f := range o.objects {
		path, err := enc.For(k.obj)
		if err != nil {
			continue
		}
		out = append(out, ownFact{k.obj, gobFact{Object: string(path), Fact: f}})
	}
	return out
}

// factScope implements the fact methods of the passes of one unit.
type factScope struct {
	pkg  *types.Package
	deps map[string]*unit // the unit's dependencies, transitively, by package path
	// objectsOf returns the object facts of a dependency with their
	// objects (see unitDriver.objectFacts).
	objectsOf func(u *unit) []analysis.ObjectFact
	enc       objectpath.Encoder
	own       ownFacts
}

func newFactScope(pkg *types.Package, deps map[string]*unit, objectsOf func(*unit) []analysis.ObjectFact) *factScope {
	return &factScope{pkg: pkg, deps: deps, objectsOf: objectsOf, own: newOwnFacts()}
}

// bind sets the fact methods of pass.
func (s *factScope) bind(pass *analysis.Pass) {
	filter := map[reflect.Type]bool{}
	for _, f := range pass.Analyzer.FactTypes {
		filter[reflect.TypeOf(f)] = true
	}
	pass.ImportObjectFact = s.importObjectFact
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		if obj.Pkg() != s.pkg {
			panic(fmt.Sprintf("%s: fact about %s, an object of another package", pass.Analyzer.Name, obj))
		}
		s.own.objects[objKey{obj, reflect.TypeOf(fact)}] = fact
	}
	pass.ImportPackageFact = s.importPackageFact
	pass.ExportPackageFact = func(fact analysis.Fact) { s.own.packages[reflect.TypeOf(fact)] = fact }
	pass.AllObjectFacts = func() []analysis.ObjectFact { return s.allObjectFacts(filter) }
	pass.AllPackageFacts = func() []analysis.PackageFact { return s.allPackageFacts(filter) }
}

func setFact(ptr, fact analysis.Fact) {
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(fact).Elem())
}

func (s *factScope) importObjectFact(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	t := reflect.TypeOf(ptr)
	if obj.Pkg() == s.pkg {
		f, ok := s.own.objects[objKey{obj, t}]
		if ok {
			setFact(ptr, f)
		}
		return ok
	}
	dep := s.deps[obj.Pkg().Path()]
	if dep == nil || dep.facts == nil || dep.facts.decode() != nil || len(dep.facts.byKey) == 0 {
		return false
	}
	path, err := s.enc.For(obj)
	if err != nil {
		return false
	}
	f, ok := dep.facts.byKey[factKey{string(path), t}]
	if ok {
		setFact(ptr, f)
	}
	return ok
}

func (s *factScope) importPackageFact(pkg *types.Package, ptr analysis.Fact) bool {
	if pkg == nil {
		return false
	}
	t := reflect.TypeOf(ptr)
	if pkg == s.pkg {
		f, ok := s.own.packages[t]
		if ok {
			setFact(ptr, f)
		}
		return ok
	}
	dep := s.deps[pkg.Path()]
	if dep == nil || dep.facts == nil || dep.facts.decode() != nil {
		return false
	}
	f, ok := dep.facts.byKey[factKey{"", t}]
	if ok {
		setFact(ptr, f)
	}
	return ok
}

// sortedDeps returns the dependencies by package path, for a
// deterministic order.
func (s *factScope) sortedDeps() []*unit {
	out := make([]*unit, 0, len(s.deps))
	for _, u := range s.deps {
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b *unit) int { return cmp.Compare(a.path, b.path) })
	return out
}

func (s *factScope) allObjectFacts(filter map[reflect.Type]bool) []analysis.ObjectFact {
	out := s.own.objectFacts(filter)
	for _, dep := range s.sortedDeps() {
		for _, of := range s.objectsOf(dep) {
			if filter[reflect.TypeOf(of.Fact)] {
				out = append(out, of)
			}
		}
	}
	return out
}

func (s *factScope) allPackageFacts(filter map[reflect.Type]bool) []analysis.PackageFact {
	out := s.own.packageFacts(s.pkg, filter)
	for _, dep := range s.sortedDeps() {
		if dep.facts == nil || dep.facts.decode() != nil {
			continue
		}
		for _, g := range dep.facts.decoded {
			if g.Object != "" || !filter[reflect.TypeOf(g.Fact)] {
				continue
			}
			// Package facts are read for their package's path: a
			// package the unit's types do not reach needs no import.
			pkg := types.NewPackage(dep.path, dep.pkg.Name)
			out = append(out, analysis.PackageFact{Package: pkg, Fact: g.Fact})
		}
	}
	return out
}

// encode returns the unit's own facts, gob-encoded, sorted for a
// deterministic encoding; nil when there are none. With withSum it also
// returns their content hash (unitFacts.sum), zero otherwise.
func (s *factScope) encode(withSum bool) (data []byte, sum [32]byte, err error) {
	var facts []gobFact
	for _, f := range s.own.encodable(&s.enc) {
		facts = append(facts, f.gobFact)
	}
	if len(facts) == 0 {
		return nil, sum, nil
	}
	slices.SortFunc(facts, func(a, b gobFact) int {
		return cmp.Or(cmp.Compare(a.Object, b.Object), cmp.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String()))
	})
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(facts); err != nil {
		return nil, sum, fmt.Errorf("encode facts of %s: %w", s.pkg.Path(), err)
	}
	if !withSum {
		return buf.Bytes(), sum, nil
	}
	// The content hash: JSON has no process-wide numbering, and facts
	// hold no maps, so equal facts give equal bytes.
	h := sha256.New()
	for _, f := range facts {
		j, err := json.Marshal(f.Fact)
		if err != nil {
			return nil, sum, fmt.Errorf("hash facts of %s: %w", s.pkg.Path(), err)
		}
		fmt.Fprintf(h, "%s %T %d\x00", f.Object, f.Fact, len(j))
		h.Write(j)
	}
	h.Sum(sum[:0])
	return buf.Bytes(), sum, nil
}
