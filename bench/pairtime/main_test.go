package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

func TestSpread(t *testing.T) {
	for _, c := range []struct {
		xs          []float64
		lo, mid, hi float64
	}{
		{[]float64{3}, 3, 3, 3},
		{[]float64{5, 1, 3}, 1, 3, 5},
		{[]float64{4, 1, 3, 2}, 1, 2.5, 4},
	} {
		lo, mid, hi := spread(c.xs)
		if lo != c.lo || mid != c.mid || hi != c.hi {
			t.Errorf("spread(%v) = %v, %v, %v; want %v, %v, %v", c.xs, lo, mid, hi, c.lo, c.mid, c.hi)
		}
	}
}

// row returns the three numbers of the report row that starts with
// label.
func row(t *testing.T, report, label string) [3]float64 {
	t.Helper()
	for line := range strings.Lines(report) {
		rest, ok := strings.CutPrefix(line, label+" ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 3 {
			t.Fatalf("row %q: %q", label, line)
		}
		var out [3]float64
		for i := range f {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				t.Fatalf("row %q: %v", label, err)
			}
			out[i] = v
		}
		return out
	}
	t.Fatalf("no row %q in:\n%s", label, report)
	return [3]float64{}
}

func TestPairs(t *testing.T) {
	var out, errs bytes.Buffer
	rc := run([]string{"-n", "3", "-warmup", "0", "-a", "exit 1", "-b", "sleep 0.2"}, &out, &errs)
	if rc != 0 {
		t.Fatalf("exit %d: %s", rc, errs.String())
	}
	report := out.String()
	if !strings.Contains(report, "n: 3 pairs") {
		t.Errorf("report does not count 3 pairs:\n%s", report)
	}
	if w := row(t, report, "B wall s"); w[0] < 0.2 {
		t.Errorf("B's wall %v is below its 0.2 s sleep", w)
	}
	if r := row(t, report, "A/B wall"); r[1] >= 0.5 {
		t.Errorf("A/B wall median %v: exit 1 is not faster than sleep 0.2", r[1])
	}
	if p := row(t, report, "A peak MiB"); p[1] <= 0 {
		t.Errorf("A's peak RSS %v is not positive", p)
	}
	if !strings.Contains(report, "A exit             [1 1 1]") {
		t.Errorf("A's exit statuses are not reported:\n%s", report)
	}
}

func TestBound(t *testing.T) {
	var out, errs bytes.Buffer
	rc := run([]string{"-n", "2", "-warmup", "0", "-timeout", "300ms", "-a", "true", "-b", "sleep 10"}, &out, &errs)
	if rc != 0 {
		t.Fatalf("exit %d: %s", rc, errs.String())
	}
	if !strings.Contains(out.String(), "bound ended the call: 0 of 2 pairs finished") || !strings.Contains(out.String(), "no pair finished") {
		t.Errorf("the bound is not reported:\n%s", out.String())
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-a", "true"}, {"-a", "true", "-b", "true", "-n", "0"}, {"-a", "true", "-b", "true", "extra"}, {"-unknown"}} {
		var out, errs bytes.Buffer
		if rc := run(args, &out, &errs); rc != 2 {
			t.Errorf("run(%q) = %d, want 2", args, rc)
		}
		if errs.Len() == 0 {
			t.Errorf("run(%q) says nothing on stderr", args)
		}
	}
}
