// Package optsenv: command-line options are also read from an environment
// variable and from a file the user names, split into words by a small
// shell-words parser (a bytes.Buffer per word), and parsed by the same
// function as os.Args. An option's value there is the user's choice just as
// on the command line; an engine that sees only bytes.Buffer.String cannot
// follow it. The test declares the two variables in user-env; another
// variable, and a file the program names itself, are still reported.
package optsenv

import (
	"bytes"
	"errors"
	"os"
)

type options struct{ Tty string }

func splitWords(s string) []string {
	var words []string
	var buf bytes.Buffer
	inWord := false
	for _, c := range s {
		if c == ' ' || c == '\t' || c == '\n' {
			if inWord {
				words = append(words, buf.String())
				buf.Reset()
				inWord = false
			}
			continue
		}
		buf.WriteRune(c)
		inWord = true
	}
	if inWord {
		words = append(words, buf.String())
	}
	return words
}

func parse(o *options, args []string) error {
	for i := 0; i < len(args); i++ {
		if args[i] == "--tty" {
			if i+1 >= len(args) {
				return errors.New("--tty needs a value")
			}
			i++
			o.Tty = args[i]
		}
	}
	return nil
}

func openTty(o *options) (*os.File, error) {
	return os.OpenFile(o.Tty, os.O_WRONLY, 0)
}

func load() (*options, error) {
	o := &options{Tty: "/dev/tty"}
	if path := os.Getenv("MYAPP_DEFAULT_OPTS_FILE"); path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := parse(o, splitWords(string(data))); err != nil { // ok: options in the user's options file
			return nil, err
		}
	}
	if err := parse(o, splitWords(os.Getenv("MYAPP_DEFAULT_OPTS"))); err != nil { // ok: the user's default options
		return nil, err
	}
	if err := parse(o, os.Args[1:]); err != nil { // ok: the command line
		return nil, err
	}
	_, err := openTty(o)
	return o, err
}

func loadBad() error {
	o := &options{}
	if err := parse(o, splitWords("--tty tty.log")); err != nil { // want `optsenv.parse receives`
		return err
	}
	_, err := openTty(o)
	return err
}

// loadOther reads options from a variable that is not configured as the
// user's (user-env): an environment variable is reported.
func loadOther() error {
	o := &options{}
	if err := parse(o, splitWords(os.Getenv("MYAPP_OTHER_OPTS"))); err != nil { // want `optsenv.parse receives a path from the environment variable MYAPP_OTHER_OPTS`
		return err
	}
	_, err := openTty(o)
	return err
}

// loadFixed reads options from a file the program names itself: its data
// is not the user's choice.
func loadFixed() error {
	o := &options{}
	data, err := os.ReadFile("defaults.opts")
	if err != nil {
		return err
	}
	if err := parse(o, splitWords(string(data))); err != nil { // ok: not proven rooted: the unproven analyzer lists it
		return err
	}
	_, err = openTty(o)
	return err
}
