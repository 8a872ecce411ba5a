package driver_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/internal/driver"
)

// chaosSeed is the seed of TestCacheChaos; STATEROOTLINT_CHAOS_SEED
// replaces it, to repeat a run another seed failed.
const chaosSeed = 20261125

// TestCacheChaos requires the same output, byte for byte, whatever the
// cache holds: the findings with their chains, the collected inventories
// and the root packages' facts of a run without a cache are compared with
// a cold run, a warm one, and runs over copies of the cold cache with
// entries evicted and corrupted at random (the seed is logged), each
// followed by a warm rerun of what it rewrote.
func TestCacheChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	seed := uint64(chaosSeed)
	if s := os.Getenv("STATEROOTLINT_CHAOS_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("STATEROOTLINT_CHAOS_SEED=%q: %v", s, err)
		}
		seed = v
	}
	t.Logf("seed %d (STATEROOTLINT_CHAOS_SEED=%d repeats this run)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 0))

	dir, err := filepath.Abs("testdata/chaos")
	if err != nil {
		t.Fatal(err)
	}
	output := func(what string, opts driver.Options) string {
		t.Helper()
		opts.Chains, opts.Facts = true, true
		res, inv, err := runIn(t, dir, opts)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		facts := map[string][]string{}
		for _, pf := range res.Facts {
			for _, f := range pf.Facts {
				facts[pf.Package] = append(facts[pf.Package], fmt.Sprintf("%s %T %v", f.Object, f.Fact, f.Fact))
			}
		}
		out, err := json.MarshalIndent(map[string]any{"findings": res.Findings, "inventory": inv, "facts": facts}, "", "\t")
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return string(out)
	}
	want := output("--no-cache", driver.Options{})
	if n := checkChainSteps(t, mustFindings(t, want)); n == 0 {
		t.Fatalf("the fixture's findings have no calls in their chains:\n%s", want)
	}
	same := func(what, got string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: the output differs from a run without a cache:\n%s\nwant\n%s", what, got, want)
		}
	}

	cold := t.TempDir()
	same("cold", output("cold", driver.Options{CacheDir: cold}))
	same("warm", output("warm", driver.Options{CacheDir: cold}))
	entries := unitEntries(t, cold)
	if len(entries) < 5 {
		t.Fatalf("the cold cache has %d entries, want one per package", len(entries))
	}

	for round := range 6 {
		cacheDir := t.TempDir()
		if err := os.CopyFS(cacheDir, os.DirFS(cold)); err != nil {
			t.Fatal(err)
		}
		var evicted, corrupted []string
		for _, e := range unitEntries(t, cacheDir) {
			rel, _ := filepath.Rel(cacheDir, e)
			switch rng.IntN(3) {
			case 0:
				evicted = append(evicted, rel)
				if err := os.Remove(e); err != nil {
					t.Fatal(err)
				}
			case 1:
				corrupted = append(corrupted, rel)
				data, err := os.ReadFile(e)
				if err != nil {
					t.Fatal(err)
				}
				if rng.IntN(2) == 0 {
					data = data[:len(data)/2] // a torn write
				} else {
					data[rng.IntN(len(data))] ^= 0xff // a flipped byte
				}
				if err := os.WriteFile(e, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		what := fmt.Sprintf("round %d (evicted %d, corrupted %d of %d entries)", round, len(evicted), len(corrupted), len(entries))
		same(what, output(what, driver.Options{CacheDir: cacheDir}))
		same(what+", rerun", output(what+", rerun", driver.Options{CacheDir: cacheDir}))
	}
}

// checkChainSteps checks that each call and write of the findings' chains
// is where the source calls it: a call's position is its opening
// parenthesis, so the text before it ends with the callee's name. Steps
// in another package's files are the ones a driver that type-checks from
// export data can misplace. It returns the number of steps checked.
func checkChainSteps(t *testing.T, findings []driver.Finding) int {
	t.Helper()
	n := 0
	for _, f := range findings {
		for _, s := range f.Chain {
			callee, ok := strings.CutPrefix(s.Message, "then through ")
			if !ok {
				callee, ok = strings.CutPrefix(s.Message, "written by ")
			}
			if !ok || strings.HasPrefix(callee, "field ") {
				continue
			}
			callee = callee[strings.LastIndexAny(callee, ".)")+1:]
			data, err := os.ReadFile(s.Pos.Filename)
			if err != nil {
				t.Fatalf("%s: step %q: %v", f.Pos, s.Message, err)
			}
			lines := strings.Split(string(data), "\n")
			n++
			if s.Pos.Line < 1 || s.Pos.Line > len(lines) || s.Pos.Column < 1 || s.Pos.Column > len(lines[s.Pos.Line-1]) ||
				!strings.HasSuffix(lines[s.Pos.Line-1][:s.Pos.Column-1], callee) {
				t.Errorf("%s: step %q is at %s, which is not a call of %s", f.Pos, s.Message, s.Pos, callee)
			}
		}
	}
	return n
}

// unitEntries lists the files of the cache's entries, sorted.
func unitEntries(t *testing.T, cacheDir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(cacheDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(path) == "trimmed" || filepath.Base(path) == "hashes" {
			return err
		}
		out = append(out, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// mustFindings decodes the findings of an output of TestCacheChaos.
func mustFindings(t *testing.T, out string) []driver.Finding {
	t.Helper()
	var v struct{ Findings []driver.Finding }
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	return v.Findings
}
