package lattice

import (
	"cmp"
	"go/token"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
)

// The laws are checked on values drawn from small pools with a fixed
// seed, so a failure names a reproducible case.

const lawRounds = 2000

func randomOrigin(rng *rand.Rand) Origin {
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	a := Origin{Kind: Kind(rng.IntN(int(Bad) + 1))}
	switch a.Kind {
	case Rooted:
		a.Root = pick("repo", "global", ProjectRoot)
	case Param, Cell, Env, Func:
		a.Key = pick("pkg.F", "pkg.T.f", "pkg.G")
		a.Index = rng.IntN(3)
		a.Raw = rng.IntN(4) == 0
	case Bad:
		a.Cause = knowledge.Cause(pick(string(knowledge.CauseLiteral), string(knowledge.CauseHome), string(knowledge.CauseEnv), string(knowledge.CauseUnproven), string(knowledge.CauseClimb)))
		if a.Cause == knowledge.CauseClimb {
			a = Parent(pick("repo", "global"), []string{pick("app", "x")}, "the shared base pkg.Base", a.At)
		} else if a.Cause == knowledge.CauseLiteral {
			a.Lit = pick("x.json", "/etc/x", "state")
			a.Rel = a.Lit != "/etc/x"
		} else {
			a.Why, a.Src = "why "+string(a.Cause), pick("", "os.UserHomeDir", "$APP_HOME")
		}
	}
	if a.Cause == knowledge.CauseClimb {
		a = a.AppendPath(pick("", "app", "logs", "x/*.log"), a.At)
	} else {
		a.Path = pick("", "logs", "logs/*.log", "a/b")
	}
	a.At = token.Position{Filename: pick("a.go", "b.go"), Line: rng.IntN(4) + 1, Column: 1}
	for t := range numTags {
		if rng.IntN(6) != 0 {
			continue
		}
		switch tagDefs[t].kind {
		case flagTag:
			a.SetFlag(t, true)
		case numberTag:
			a.SetNum(t, rng.IntN(3)+1)
		case textTag:
			a.SetText(t, pick("..", "HOME", "pkg.New"))
		}
	}
	return a
}

func randomOrigins(rng *rand.Rand) Origins {
	n := rng.IntN(MaxOrigins + 4)
	v := make(Origins, n)
	for i := range v {
		v[i] = randomOrigin(rng)
	}
	return Normalize(v)
}

func TestCompareIsATotalOrderMatchingEquality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range lawRounds {
		a, b, c := randomOrigin(rng), randomOrigin(rng), randomOrigin(rng)
		if (Compare(a, b) == 0) != (a == b) {
			t.Fatalf("Compare(%v, %v) = %d, but == is %v", a, b, Compare(a, b), a == b)
		}
		if Compare(a, b) != -Compare(b, a) {
			t.Fatalf("Compare is not antisymmetric on %v, %v", a, b)
		}
		if Compare(a, b) <= 0 && Compare(b, c) <= 0 && Compare(a, c) > 0 {
			t.Fatalf("Compare is not transitive on %v, %v, %v", a, b, c)
		}
	}
}

func TestUnionLaws(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range lawRounds {
		a, b := randomOrigins(rng), randomOrigins(rng)
		if ab, ba := Union(a, b), Union(b, a); !ab.Equal(ba) {
			t.Fatalf("union not commutative:\n%v ∪ %v = %v\nbut the other way %v", a, b, ab, ba)
		}
		if aa := Union(a, a); !aa.Equal(a) {
			t.Fatalf("union not idempotent: %v ∪ itself = %v", a, aa)
		}
	}
}

// TestUnionOfAPart: a value's union with a part of it is the value, as
// merging would give it (Union skips the merge).
func TestUnionOfAPart(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range lawRounds {
		a := randomOrigins(rng)
		var part Origins
		for _, o := range a {
			if rng.IntN(2) == 0 {
				part = append(part, o)
			}
		}
		if u := Union(a, part); !u.Equal(a) || (len(part) > 0 && !merge(a, part).Equal(a)) {
			t.Fatalf("%v ∪ its part %v = %v (merged: %v)", a, part, u, merge(a, part))
		}
		if len(a) > 0 && includes(part, a) != (len(part) == len(a)) {
			t.Fatalf("includes(%v, %v) = %v", part, a, includes(part, a))
		}
	}
}

// TestAddIsUnion: folding with Add gives what folding with Union gives.
func TestAddIsUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range lawRounds / 10 {
		var byUnion, byAdd Origins
		for range rng.IntN(3 * MaxOrigins) {
			v := randomOrigins(rng)
			if rng.IntN(2) == 0 {
				v = v[:min(len(v), 1)]
			}
			byUnion, byAdd = Union(byUnion, v), Add(byAdd, slices.Clone(v))
			if !byAdd.Equal(byUnion) {
				t.Fatalf("Add gave %v, Union %v", byAdd, byUnion)
			}
		}
	}
}

// TestUnionAssociativeBelowTheBound checks associativity where no widening
// happens. Past MaxOrigins, Normalize forgets patterns and positions, and
// which positions survive may depend on the grouping: the kinds, roots and
// causes, which decide findings, do not.
func TestUnionAssociativeBelowTheBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range lawRounds {
		small := func() Origins {
			v := make(Origins, rng.IntN(4))
			for i := range v {
				v[i] = randomOrigin(rng)
			}
			return Normalize(v)
		}
		a, b, c := small(), small(), small()
		if l, r := Union(Union(a, b), c), Union(a, Union(b, c)); !l.Equal(r) {
			t.Fatalf("union not associative:\n(%v ∪ %v) ∪ %v = %v\nbut %v", a, b, c, l, r)
		}
	}
}

// TestWideningTerminatesAndBounds checks that Normalize never grows a
// value and, past MaxOrigins, keeps at most one outside origin (the
// concrete and symbolic ones are few in practice).
func TestWideningTerminatesAndBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range lawRounds {
		v := make(Origins, rng.IntN(4*MaxOrigins))
		for i := range v {
			v[i] = randomOrigin(rng)
		}
		w := Normalize(v)
		if !slices.IsSortedFunc(w, Compare) {
			t.Fatalf("Normalize(%v) = %v: not sorted", v, w)
		}
		bad := 0
		for _, a := range w {
			if a.Kind == Bad {
				bad++
			}
		}
		if len(w) > MaxOrigins && bad > 1 || len(w) > len(v) {
			t.Fatalf("Normalize(%d origins) left %d, %d of them outside: %v", len(v), len(w), bad, w)
		}
		if again := Normalize(slices.Clone(w)); !again.Equal(w) {
			t.Fatalf("Normalize not idempotent: %v then %v", w, again)
		}
	}
}

func TestEveryOriginTagIsPrinted(t *testing.T) {
	seen := map[string]Tag{}
	for tag := range numTags {
		var a Origin
		switch tagDefs[tag].kind {
		case flagTag:
			a.SetFlag(tag, true)
		case numberTag:
			a.SetNum(tag, 2)
		case textTag:
			a.SetText(tag, "v")
		}
		s := a.String()
		if s == (Origin{}).String() {
			t.Errorf("tag %v set, but the origin prints as without it: %s", tag, s)
		}
		if other, dup := seen[s]; dup {
			t.Errorf("tags %v and %v print the same: %s", other, tag, s)
		}
		seen[s] = tag
		if (a == Origin{}) || Compare(a, Origin{}) == 0 {
			t.Errorf("tag %v set, but the origin compares equal to the zero origin", tag)
		}
	}
}

func randomReq(rng *rand.Rand) Req {
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	r := Req{Op: pick("os.WriteFile", "os.MkdirAll"), At: token.Position{Filename: pick("a.go", "b.go"), Line: rng.IntN(5) + 1, Column: 1}}
	if rng.IntN(2) == 0 {
		r.Via = []Hop{{Name: pick("save", "field T.dir")}}
	}
	for t := range numReqTags {
		if rng.IntN(3) != 0 {
			continue
		}
		switch reqTagDefs[t].policy {
		case relaxFlag, strictFlag:
			r.Tags.SetFlag(t, true)
		case relaxSet, strictSet:
			n := rng.IntN(3) + 1
			var s []string
			for range n {
				s = append(s, pick("", "..", "A", "B", "C"))
			}
			r.Tags.SetSet(t, s)
		case relaxSameAs:
			r.Tags.SetText(t, pick("pkg.T.dir#on", "pkg.T.out#enabled"))
		}
	}
	return r
}

// sameWrites reports whether two requirements name the same writes, in
// any role.
func sameWrites(a, b Req) bool {
	set := func(q Req) []Hop {
		h := append([]Hop{{Name: q.Op, Pos: q.At}}, q.Also...)
		slices.SortFunc(h, func(x, y Hop) int { return cmp.Or(ComparePos(x.Pos, y.Pos), strings.Compare(x.Name, y.Name)) })
		return h
	}
	return slices.Equal(set(a), set(b))
}

func sameReq(a, b Req) bool {
	return a.Op == b.Op && a.At == b.At && slices.Equal(a.Via, b.Via) && a.Tags.Equal(b.Tags)
}

func TestMeetLaws(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range lawRounds {
		a, b, c := randomReq(rng), randomReq(rng), randomReq(rng)
		ab, ba := Meet(a, b), Meet(b, a)
		if !sameReq(ab, ba) || !slices.Equal(ab.Also, ba.Also) {
			t.Fatalf("meet not commutative (order of arrival shows):\n%v ∧ %v = %v @%v also %v\nbut %v @%v also %v", a, b, ab, ab.At, ab.Also, ba, ba.At, ba.Also)
		}
		// Below the bound, a meet names every write that met, however
		// they were grouped.
		if l, r := Meet(Meet(a, b), c), Meet(a, Meet(b, c)); !sameWrites(l, r) {
			t.Fatalf("the writes a meet names depend on the grouping:\n%v also %v\nbut %v also %v", l, l.Also, r, r.Also)
		}
		for _, q := range []Req{a, b} {
			w := Hop{Name: q.Op, Pos: q.At}
			if (w != Hop{Name: ab.Op, Pos: ab.At}) && !slices.Contains(ab.Also, w) && len(ab.Also) < MaxAlso {
				t.Fatalf("the meet %v (also %v) does not name the write of %v", ab, ab.Also, q)
			}
		}
		if l, r := Meet(Meet(a, b), c), Meet(a, Meet(b, c)); !l.Tags.Equal(r.Tags) {
			t.Fatalf("meet not associative:\n(%v ∧ %v) ∧ %v = %v\nbut %v", a, b, c, l, r)
		}
		if aa := Meet(a, a); !sameReq(aa, a) {
			t.Fatalf("meet not idempotent: %v ∧ itself = %v", a, aa)
		}
		if !Covers(a, a) {
			t.Fatalf("covers not reflexive on %v", a)
		}
		if !Covers(ab, a) || !Covers(ab, b) {
			t.Fatalf("the meet %v does not check everything %v and %v check", ab, a, b)
		}
		if Covers(a, b) && !Meet(a, b).Tags.Equal(a.Tags) {
			t.Fatalf("%v covers %v, but their meet %v is not %v", a, b, ab, a)
		}
	}
}

func TestEveryReqTagIsPrinted(t *testing.T) {
	seen := map[string]ReqTag{}
	for tag := range numReqTags {
		var r Req
		switch reqTagDefs[tag].policy {
		case relaxFlag, strictFlag:
			r.Tags.SetFlag(tag, true)
		case relaxSet, strictSet:
			r.Tags.SetSet(tag, []string{"v"})
		case relaxSameAs:
			r.Tags.SetText(tag, "v")
		}
		s := r.String()
		if s == (Req{}).String() {
			t.Errorf("tag %v set, but the requirement prints as without it: %s", tag, s)
		}
		if other, dup := seen[s]; dup {
			t.Errorf("tags %v and %v print the same: %s", other, tag, s)
		}
		seen[s] = tag
	}
}
