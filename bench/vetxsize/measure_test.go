package main

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testFact stands for a fact of the suite: what the measure weighs is its
// encoding, whatever the type.
type testFact struct{ Indices []int }

func (*testFact) AFact() {}

func init() { gob.Register(new(testFact)) }

// writeUnit writes, under work/bN, a vet.cfg naming a vetx file with
// the given types section and facts.
func writeUnit(t *testing.T, work, name string, types []byte, facts []gobFact) {
	t.Helper()
	dir := filepath.Join(work, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var fb bytes.Buffer
	if facts != nil {
		if err := gob.NewEncoder(&fb).Encode(facts); err != nil {
			t.Fatal(err)
		}
	}
	vetx := []byte(vetxMagic)
	vetx = binary.LittleEndian.AppendUint32(vetx, uint32(len(types)))
	vetx = binary.LittleEndian.AppendUint32(vetx, uint32(fb.Len()))
	vetx = append(append(vetx, types...), fb.Bytes()...)
	out := filepath.Join(dir, "vet.out")
	if err := os.WriteFile(out, vetx, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _ := json.Marshal(map[string]string{"VetxOutput": out})
	if err := os.WriteFile(filepath.Join(dir, "vet.cfg"), cfg, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMeasure: the totals count every unit's sections, and a package's
// facts are weighed in every unit that carries them.
func TestMeasure(t *testing.T) {
	work := t.TempDir()
	fact := gobFact{PkgPath: "example.com/lib", Object: "F", Fact: &testFact{Indices: []int{0, 2}}}
	writeUnit(t, work, "b001", []byte("types of lib"), []gobFact{fact})
	writeUnit(t, work, "b002", []byte("types of app"), []gobFact{fact, {PkgPath: "example.com/app", Object: "G", Fact: &testFact{Indices: []int{1}}}})
	writeUnit(t, work, "b003", []byte("std"), nil)
	m, err := measure(work)
	if err != nil {
		t.Fatal(err)
	}
	if m.units != 3 || m.facts != 3 || m.typesBytes != int64(len("types of lib")+len("types of app")+len("std")) {
		t.Errorf("units %d, facts %d, types bytes %d", m.units, m.facts, m.typesBytes)
	}
	if m.byPkg["example.com/lib"] <= m.byPkg["example.com/app"] || m.byPkg["example.com/app"] == 0 {
		t.Errorf("fact bytes by package %v: lib's are carried twice", m.byPkg)
	}
	var out bytes.Buffer
	m.print(&out, 1)
	if !strings.Contains(out.String(), "3 units") || !strings.Contains(out.String(), "| example.com/lib |") || strings.Contains(out.String(), "example.com/app") {
		t.Errorf("printed:\n%s", out.String())
	}
}

// TestMeasureRefuses: a directory without units, and a file that is not
// a vetx file, are errors.
func TestMeasureRefuses(t *testing.T) {
	if _, err := measure(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no b*/vet.cfg") {
		t.Errorf("an empty directory: %v", err)
	}
	work := t.TempDir()
	writeUnit(t, work, "b001", nil, nil)
	if err := os.WriteFile(filepath.Join(work, "b001", "vet.out"), []byte("not vetx"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := measure(work); err == nil || !strings.Contains(err.Error(), "not a vetx file") {
		t.Errorf("a damaged vetx file: %v", err)
	}
}
