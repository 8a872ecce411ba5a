package consumer

import (
	"go/token"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// TestViaNamesEveryWrite: a requirement several writes share names the
// others after its own.
func TestViaNamesEveryWrite(t *testing.T) {
	at := func(line int) token.Position { return token.Position{Filename: "/src/app/x.go", Line: line, Column: 2} }
	r := rootflow.Req{Op: "os.MkdirAll", At: at(10), Via: []lattice.Hop{{Name: "field app.Config.Dir"}, {Name: "app.prepare"}}}
	if got, want := Via(r, 1), "via app.prepare → os.MkdirAll at x.go:10"; got != want {
		t.Errorf("one write: got %q, want %q", got, want)
	}
	r.Also = []lattice.Hop{{Name: "os.OpenFile", Pos: at(20)}, {Name: "os.Remove", Pos: at(30)}}
	if got, want := Via(r, 1), "via app.prepare → os.MkdirAll at x.go:10; also os.OpenFile at x.go:20, os.Remove at x.go:30"; got != want {
		t.Errorf("three writes: got %q, want %q", got, want)
	}
	r.Via = nil
	if got, want := Via(r, 0), "os.MkdirAll at x.go:10; also os.OpenFile at x.go:20, os.Remove at x.go:30"; got != want {
		t.Errorf("no hops: got %q, want %q", got, want)
	}
}
