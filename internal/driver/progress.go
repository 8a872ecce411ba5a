package driver

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress shows, on a terminal, how far a run is: one line on stderr,
// rewritten in place at most every progressEvery, and erased at the end.
// It shows nothing when the writer is not a terminal, so logs and pipes
// get only the report.
type progress struct {
	w io.Writer // nil: disabled

	mu          sync.Mutex
	total, done int
	current     string
	last        time.Time
	shown       bool
}

const progressEvery = 100 * time.Millisecond

func newProgress(w io.Writer) *progress {
	if w == nil || !IsTerminal(w) {
		return &progress{}
	}
	return &progress{w: w}
}

// IsTerminal reports whether w is a terminal (a character device: a
// redirection to /dev/null counts too, and shows nothing anyone reads).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func (p *progress) begin(total int) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total = total
}

// start says the package with the given ID is being analyzed.
func (p *progress) start(id string) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.current = id
	p.draw(false)
}

// finish counts one package as done.
func (p *progress) finish() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.draw(false)
}

func (p *progress) draw(force bool) {
	now := time.Now()
	if !force && now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	line := fmt.Sprintf("%s: %d/%d packages, analyzing %s", progname, p.done, p.total, p.current)
	if len(line) > 100 {
		line = line[:97] + "..."
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
	p.shown = true
}

// end erases the line.
func (p *progress) end() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
