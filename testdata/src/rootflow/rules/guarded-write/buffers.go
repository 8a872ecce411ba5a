package guardedwrite

import "os"

// bufKind says where a buffer's text comes from; only a file's buffer is
// saved to its Path.
type bufKind int

const (
	kindFile bufKind = iota
	kindHelp
	kindScratch
)

type buffer struct {
	Path string
	Kind bufKind
	text []byte
}

func newBuffer(text []byte, path string, kind bufKind) *buffer {
	return &buffer{Path: path, Kind: kind, text: text}
}

// save writes a file's buffer back; a help page or a scratch buffer is
// not saved anywhere.
func (b *buffer) save() error {
	if b.Kind != kindFile {
		return nil
	}
	return os.WriteFile(b.Path, b.text, 0o644)
}

// openHelp shows a help topic: its name is no path, and it is never saved.
func openHelp(topic string) *buffer {
	return newBuffer([]byte("help for "+topic), "help/"+topic, kindHelp) // ok: a help buffer is never saved
}

func openScratch() *buffer {
	return newBuffer(nil, "scratch", kindScratch) // ok: never saved
}

// openNotes keeps the user's notes in a fixed file where the program runs.
func openNotes() *buffer {
	return newBuffer(nil, "notes.txt", kindFile) // want `"notes.txt" relative to the working directory`
}

func edit() {
	for _, b := range []*buffer{openHelp("keys"), openScratch(), openNotes()} {
		_ = b.save()
	}
}
