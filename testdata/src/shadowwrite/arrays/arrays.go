// Package arrays: user redirects parsed from a flag into a fixed-size
// array, element by element, then stored into the fields of the target's
// configuration; restarts that change nothing pass the zero array, whose
// elements are empty strings the writer skips. An engine that does not
// follow array elements (r[i] = s, r[1], [3]string{}) cannot tell these
// from paths it knows nothing about.
package arrays

import (
	"flag"
	"os"
	"strings"
)

type redirect struct{ Path string }

type config struct {
	Stdin          string
	Stdout, Stderr redirect
}

var redirects []string

func init() {
	flag.Func("r", "redirect", func(s string) error { redirects = append(redirects, s); return nil })
}

func parse(in []string) [3]string {
	r := [3]string{}
	names := [3]string{"stdin", "stdout", "stderr"}
	for _, s := range in {
		idx := 0
		for i, n := range names {
			if strings.HasPrefix(s, n+":") {
				idx = i
				s = s[len(n)+1:]
				break
			}
		}
		r[idx] = s
	}
	return r
}

func open(c *config) error {
	for _, o := range []redirect{c.Stdout, c.Stderr} {
		if o.Path != "" {
			f, err := os.Create(o.Path)
			if err != nil {
				return err
			}
			f.Close()
		}
	}
	return nil
}

func launch() error {
	r := parse(redirects)
	c := &config{
		Stdin:  r[0],
		Stdout: redirect{Path: r[1]}, // ok: the user's --r stdout:FILE
		Stderr: redirect{Path: r[2]}, // ok: the user's --r stderr:FILE
	}
	return open(c)
}

func restart(c *config, newRedirects [3]string) error {
	c.Stdout = redirect{Path: newRedirects[1]}
	c.Stderr = redirect{Path: newRedirects[2]}
	return open(c)
}

func restartPlain(c *config) error {
	return restart(c, [3]string{}) // ok: empty paths, nothing is created
}

func restartLog(c *config) error {
	return restart(c, [3]string{"", "out.log", ""}) // want `relative to the working directory`
}
