// Command pairtime times two shell commands in turn, A B A B ..., and
// prints the whole-process figures of each (user, system and CPU seconds,
// wall seconds, the peak RSS of the largest process) as min, median and
// max, and the A/B ratios taken pair by pair. Pairing keeps a ratio
// meaningful when the machine's speed drifts during the call; quote the
// median.
//
// Usage:
//
//	go run ./bench/pairtime [-n RUNS] [-warmup N] [-timeout DURATION] -a 'COMMAND A' -b 'COMMAND B'
//
// Each command is run by sh -c in the current directory, with an empty
// standard input and its output thrown away, in a process group of its
// own. The figures are the operating system's accounting of the finished
// command and every process it waited for (wait4's rusage, as
// /usr/bin/time reports them); the wall time is a monotonic clock read
// around the run. -warmup runs of each (default 1) come first, untimed.
// Past -timeout (default 1h) the running command's group is killed and
// the finished pairs are printed, with a line that says so. A command's
// exit status is printed, not acted on: a linter that reports findings
// exits 1.
//
// bench/drivers.sh reads the rows "A cpu s MIN MEDIAN MAX",
// "A wall s ...", "A peak MiB ..." (and B's) and "A/B cpu MIN MEDIAN MAX".
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

// sample is one finished run of a command.
type sample struct {
	user, sys, wall float64 // seconds
	peakMiB         float64
	exit            int
}

// cpu is the run's user and system seconds together.
func (s sample) cpu() float64 { return s.user + s.sys }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pairtime", flag.ContinueOnError)
	fs.SetOutput(stderr)
	runs := fs.Int("n", 5, "timed runs of each command")
	warmup := fs.Int("warmup", 1, "untimed runs of each command first")
	timeout := fs.Duration("timeout", time.Hour, "bound on the whole call; the finished pairs are printed")
	a := fs.String("a", "", "command A (run by sh -c)")
	b := fs.String("b", "", "command B, the baseline (run by sh -c)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *a == "" || *b == "" || *runs < 1 || *warmup < 0 || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "pairtime: give -a and -b (each one shell command), -n of at least 1 and no other argument")
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	var as, bs []sample
	for i := range *warmup + *runs {
		sa, sb, err := runPair(ctx, *a, *b)
		if err != nil && ctx.Err() == nil {
			fmt.Fprintf(stderr, "pairtime: %v\n", err)
			return 1
		}
		if err != nil {
			fmt.Fprintf(stdout, "the %v bound ended the call: %d of %d pairs finished\n", *timeout, len(as), *runs)
			break
		}
		if i >= *warmup {
			as, bs = append(as, sa), append(bs, sb)
		}
	}
	report(stdout, as, bs)
	return 0
}

// runPair runs command a, then command b.
func runPair(ctx context.Context, a, b string) (sa, sb sample, err error) {
	if sa, err = runOnce(ctx, a); err != nil {
		return sa, sb, err
	}
	sb, err = runOnce(ctx, b)
	return sa, sb, err
}

// runOnce runs command by sh -c and returns what it cost. An error is a
// command that could not be started or was killed at the bound.
func runOnce(ctx context.Context, command string) (sample, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start).Seconds()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return sample{}, fmt.Errorf("start %q: %w", command, err)
	}
	if ctx.Err() != nil {
		return sample{}, ctx.Err()
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return sample{}, fmt.Errorf("no resource usage for %q on this system", command)
	}
	return sample{
		user:    time.Duration(ru.Utime.Nano()).Seconds(),
		sys:     time.Duration(ru.Stime.Nano()).Seconds(),
		wall:    wall,
		peakMiB: float64(ru.Maxrss) / 1024, // KiB on Linux
		exit:    cmd.ProcessState.ExitCode(),
	}, nil
}

// report prints each figure's min, median and max for A and B, the exit
// statuses, and the ratios of the pairs.
func report(w io.Writer, as, bs []sample) {
	if len(as) == 0 {
		fmt.Fprintln(w, "no pair finished")
		return
	}
	type figure struct {
		name, unit string
		of         func(sample) float64
		ratio      bool // an A/B row: the times, not the peak
	}
	figures := []figure{
		{"user", "s", func(s sample) float64 { return s.user }, true},
		{"sys", "s", func(s sample) float64 { return s.sys }, true},
		{"cpu", "s", sample.cpu, true},
		{"wall", "s", func(s sample) float64 { return s.wall }, true},
		{"peak", "MiB", func(s sample) float64 { return s.peakMiB }, false},
	}
	fmt.Fprintf(w, "%-18s %10s %10s %10s   n: %d pairs\n", "", "min", "median", "max", len(as))
	for _, side := range []struct {
		name    string
		samples []sample
	}{{"A", as}, {"B", bs}} {
		for _, f := range figures {
			lo, mid, hi := spread(mapSamples(side.samples, f.of))
			fmt.Fprintf(w, "%-18s %10.3f %10.3f %10.3f\n", side.name+" "+f.name+" "+f.unit, lo, mid, hi)
		}
		fmt.Fprintf(w, "%-18s %v\n", side.name+" exit", mapSamples(side.samples, func(s sample) int { return s.exit }))
	}
	for _, f := range figures {
		if !f.ratio {
			continue
		}
		ratios := make([]float64, len(as))
		for i := range as {
			ratios[i] = f.of(as[i]) / f.of(bs[i])
		}
		lo, mid, hi := spread(ratios)
		fmt.Fprintf(w, "%-18s %10.4f %10.4f %10.4f\n", "A/B "+f.name, lo, mid, hi)
	}
}

// mapSamples returns f of each sample, in order.
func mapSamples[T any](s []sample, f func(sample) T) []T {
	out := make([]T, len(s))
	for i := range s {
		out[i] = f(s[i])
	}
	return out
}

// spread returns the min, median and max of xs (not empty); the median
// of an even count is the mean of the two middle values.
func spread(xs []float64) (lo, mid, hi float64) {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	mid = s[n/2]
	if n%2 == 0 {
		mid = (s[n/2-1] + s[n/2]) / 2
	}
	return s[0], mid, s[n-1]
}
