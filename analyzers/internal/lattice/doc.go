// Package lattice holds the two lattices of the staterootlint engine as
// plain data, with no SSA in them: origins (where a path value comes from)
// and requirements (what must hold of a value because it reaches a write).
//
// An Origin has general fields, which every part of the engine reads (its
// Kind, the root, the pattern below it, the literal or source it started
// from, why it is outside every root, where it arose), and idiom facts as
// Tags: small facts that one idiom rule of the engine sets and reads (an
// argument that comes back only when absolute, the field of which object a
// cell is). Ordering, equality, printing and widening handle every tag in
// one place, over the tag table (tags.go), so a new fact can be neither
// forgotten by the ordering nor invisible in a printed fact.
//
// A Req is a requirement: the write a value reaches, the hops between, and
// transforms as ReqTags (how the write uses the value: only where it is
// absolute, only the elements of a map at some keys, ...). Covering and
// meeting are written once over the requirement tag table, each tag with
// its policy (reqtags.go).
//
// The laws the engine relies on are tested in laws_test.go: union
// (Origins) and meet (Req) are commutative, associative and idempotent,
// widening terminates, and the provenance a meet keeps (the write's
// position and hops) is the lowest of the two, so results cannot depend on
// evaluation or cache order.
package lattice
