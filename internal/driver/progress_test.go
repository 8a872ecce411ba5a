package driver

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// TestProgressOnlyOnTerminal: a run whose progress writer is a buffer or
// a pipe (CI logs) shows no progress, nor does one without a writer.
func TestProgressOnlyOnTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var buf bytes.Buffer
	for _, p := range []*progress{newProgress(&buf), newProgress(w), newProgress(nil)} {
		p.begin(2)
		p.start("example.com/a")
		p.finish()
		p.end()
		if p.w != nil {
			t.Errorf("progress enabled for %T", p.w)
		}
	}
	w.Close()
	if buf.Len() > 0 {
		t.Errorf("progress wrote %q", buf.String())
	}
	if out, _ := io.ReadAll(r); len(out) > 0 {
		t.Errorf("progress wrote %q to a pipe", out)
	}
}
