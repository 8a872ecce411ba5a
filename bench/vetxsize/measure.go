package main

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
)

// vetxMagic begins a vetx file (golang.org/x/tools/go/analysis/unitchecker):
// then the lengths of its types and facts sections, little-endian uint32s.
const vetxMagic = "vetx"

// gobFact is a fact as unitchecker encodes it (internal/facts).
type gobFact struct {
	PkgPath string
	Object  string
	Fact    analysis.Fact
}

// measurement is what measure found.
type measurement struct {
	units, facts          int
	typesBytes, factBytes int64
	decode, load          time.Duration
	byPkg                 map[string]int64 // fact bytes over all units, by the facts' package
}

// The fact types of the suite go vet runs, for gob.
func init() {
	for _, a := range config.Closure(analyzers.Linting) {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
}

// measure reads the vetx file of every unit under workdir.
func measure(workdir string) (*measurement, error) {
	cfgs, err := filepath.Glob(filepath.Join(workdir, "b*", "vet.cfg"))
	if err != nil {
		return nil, err
	}
	if len(cfgs) == 0 {
		return nil, fmt.Errorf("no b*/vet.cfg under %s: give the WORK directory of go vet -work -vettool=...", workdir)
	}
	m := &measurement{byPkg: map[string]int64{}}
	for _, c := range cfgs {
		if err := m.unit(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// unit adds the vetx file the unit configured by cfgPath wrote.
func (m *measurement) unit(cfgPath string) error {
	data, err := os.ReadFile(cfgPath)
	if err != nil {
		return err
	}
	var cfg struct{ VetxOutput string }
	if err := json.Unmarshal(data, &cfg); err != nil {
		return fmt.Errorf("%s: %w", cfgPath, err)
	}
	vetx, err := os.ReadFile(cfg.VetxOutput)
	if os.IsNotExist(err) {
		return nil // the unit failed, or go vet served it from its cache
	} else if err != nil {
		return err
	}
	if len(vetx) < 12 || string(vetx[:4]) != vetxMagic {
		return fmt.Errorf("%s: not a vetx file", cfg.VetxOutput)
	}
	typesLen := int64(binary.LittleEndian.Uint32(vetx[4:8]))
	factsLen := int64(binary.LittleEndian.Uint32(vetx[8:12]))
	if 12+typesLen+factsLen > int64(len(vetx)) {
		return fmt.Errorf("%s: sections longer than the file", cfg.VetxOutput)
	}
	m.units++
	m.typesBytes += typesLen
	m.factBytes += factsLen
	section := vetx[12+typesLen : 12+typesLen+factsLen]
	if len(section) == 0 {
		return nil
	}
	start := time.Now()
	var facts []gobFact
	if err := gob.NewDecoder(bytes.NewReader(section)).Decode(&facts); err != nil && err != io.EOF {
		return fmt.Errorf("%s: decode facts: %w", cfg.VetxOutput, err)
	}
	m.decode += time.Since(start)
	start = time.Now()
	for _, f := range facts {
		if load := reflect.ValueOf(f.Fact).MethodByName("Loaded"); load.IsValid() {
			if out := load.Call(nil); !out[1].IsNil() {
				return fmt.Errorf("%s: load a fact of %s: %v", cfg.VetxOutput, f.PkgPath, out[1].Interface())
			}
		}
	}
	m.load += time.Since(start)
	for _, f := range facts {
		m.facts++
		n, err := factSize(f.Fact)
		if err != nil {
			return fmt.Errorf("%s: a fact of %s: %w", cfg.VetxOutput, f.PkgPath, err)
		}
		m.byPkg[f.PkgPath] += n
	}
	return nil
}

// factSize is the length of a fact's encoding: its own (GobEncode), or
// gob's.
func factSize(f analysis.Fact) (int64, error) {
	if enc, ok := f.(gob.GobEncoder); ok {
		b, err := enc.GobEncode()
		return int64(len(b)), err
	}
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(f)
	return int64(buf.Len()), err
}

// print writes the totals and the top packages by fact bytes.
func (m *measurement) print(w io.Writer, top int) {
	fmt.Fprintf(w, "%d units: types %.1f MB, facts %.1f MB (%d facts); decoding the facts %.2f s, reading the function facts' fields %.2f s\n",
		m.units, float64(m.typesBytes)/1e6, float64(m.factBytes)/1e6, m.facts, m.decode.Seconds(), m.load.Seconds())
	pkgs := make([]string, 0, len(m.byPkg))
	for p := range m.byPkg {
		pkgs = append(pkgs, p)
	}
	slices.SortFunc(pkgs, func(a, b string) int { return cmp.Or(cmp.Compare(m.byPkg[b], m.byPkg[a]), cmp.Compare(a, b)) })
	fmt.Fprintln(w, "| package | fact MB over all units |")
	fmt.Fprintln(w, "|---|---:|")
	for _, p := range pkgs[:min(top, len(pkgs))] {
		fmt.Fprintf(w, "| %s | %.2f |\n", p, float64(m.byPkg[p])/1e6)
	}
}
