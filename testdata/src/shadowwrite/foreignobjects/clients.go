package foreignobjects

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
)

// blobs is where a command puts its artifacts: an object store over
// HTTP or a directory.
type blobs interface {
	put(name string, data []byte) error
}

// bucket puts artifacts into an object store at its URL.
type bucket struct{ base *url.URL }

func (b *bucket) put(name string, data []byte) error {
	resp, err := http.Post(b.base.JoinPath(name).String(), "application/octet-stream", bytes.NewReader(data))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// folder puts artifacts into the directory its file URL names.
type folder struct{ root *url.URL }

func (f *folder) put(name string, data []byte) error {
	return os.WriteFile(filepath.Join(f.root.Path, name), data, 0o600)
}

// pick chooses the store a destination names: a bucket's URL is a
// literal of the program's, a folder's is parsed from the destination.
func pick(dest string) (blobs, error) {
	u, err := url.Parse(dest)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return &folder{root: u}, nil
	}
	return &bucket{base: &url.URL{Scheme: "https", Host: "blobs.example.com", Path: "artifacts"}}, nil // ok: the bucket's URL is never written
}

func publish(dest string, data []byte) error {
	b, err := pick(dest)
	if err != nil {
		return err
	}
	return b.put("out.bin", data)
}

// twoFolders: objects of one foreign type in two fields of the program's
// own type, each read where its own object is.
type mirror struct {
	primary *url.URL
	spare   *url.URL
}

func (m *mirror) sync(data []byte) error {
	return os.WriteFile(m.primary.Path, data, 0o600)
}

func newMirror() *mirror {
	return &mirror{
		primary: &url.URL{Scheme: "file", Path: filepath.Join(os.TempDir(), "mirror")},
		spare:   &url.URL{Scheme: "file", Path: "spare"}, // ok: the spare is never written
	}
}

func mirrorAll(data []byte) error {
	return newMirror().sync(data)
}
