package knowledge

// Data read from files and pipes, and text built in buffers: where a path
// that is not built by path functions comes from.

// reads return data read from a file or a pipe.
var reads = []Func{
	// func ReadFile(name string) ([]byte, error)
	{Name: "os.ReadFile", Roles: Contents},
	// func ReadFile(filename string) ([]byte, error)
	{Name: "io/ioutil.ReadFile", Roles: Contents},
	// func ReadAll(r Reader) ([]byte, error)
	{Name: "io.ReadAll", Roles: Contents},
	// func ReadAll(r io.Reader) ([]byte, error)
	{Name: "io/ioutil.ReadAll", Roles: Contents},
	// func ReadDir(name string) ([]DirEntry, error)
	{Name: "os.ReadDir", Roles: Lists},
	// func ReadDir(dirname string) ([]fs.FileInfo, error)
	{Name: "io/ioutil.ReadDir", Roles: Lists},
	// func Pipe() (r *File, w *File, err error): the read end carries what
	// the process the program hands the write end to prints (a recorder
	// printing where it stored its trace)
	{Name: "os.Pipe", Roles: PipeRead},
	// func NewReader(s string) *Reader
	{Name: "strings.NewReader", Roles: Identity},
	// func NewReader(b []byte) *Reader
	{Name: "bytes.NewReader", Roles: Identity},
}

// buffers build text: what is read from a buffer is what was written
// into it, first write first.
var buffers = []Func{
	// func (b *Builder) String() string
	{Name: "(*strings.Builder).String", Roles: BufferRead},
	// func (b *Buffer) String() string
	{Name: "(*bytes.Buffer).String", Roles: BufferRead},
	// func (b *Buffer) Bytes() []byte
	{Name: "(*bytes.Buffer).Bytes", Roles: BufferRead},
	// func (b *Builder) WriteString(s string) (int, error)
	{Name: "(*strings.Builder).WriteString", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Builder) Write(p []byte) (int, error)
	{Name: "(*strings.Builder).Write", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Builder) WriteByte(c byte) error
	{Name: "(*strings.Builder).WriteByte", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Builder) WriteRune(r rune) (int, error)
	{Name: "(*strings.Builder).WriteRune", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Buffer) WriteString(s string) (n int, err error)
	{Name: "(*bytes.Buffer).WriteString", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Buffer) Write(p []byte) (n int, err error)
	{Name: "(*bytes.Buffer).Write", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Buffer) WriteByte(c byte) error
	{Name: "(*bytes.Buffer).WriteByte", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Buffer) WriteRune(r rune) (n int, err error)
	{Name: "(*bytes.Buffer).WriteRune", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func Fprintf(w io.Writer, format string, a ...any) (n int, err error)
	{Name: "fmt.Fprintf", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1, Format: true}},
	// func Fprint(w io.Writer, a ...any) (n int, err error): its operands, appended
	{Name: "fmt.Fprint", Roles: BufferWrite, Buffer: BufferSpec{Buf: 0, Data: 1}},
	// func (b *Builder) Len() int, Cap, Grow(n int); and bytes.Buffer's Len, Cap, Grow
	{Name: "(*strings.Builder).Len", Roles: BufferKeep},
	{Name: "(*strings.Builder).Cap", Roles: BufferKeep},
	{Name: "(*strings.Builder).Grow", Roles: BufferKeep},
	{Name: "(*bytes.Buffer).Len", Roles: BufferKeep},
	{Name: "(*bytes.Buffer).Cap", Roles: BufferKeep},
	{Name: "(*bytes.Buffer).Grow", Roles: BufferKeep},
	// func (b *Builder) Reset(); func (b *Buffer) Reset()
	{Name: "(*strings.Builder).Reset", Roles: BufferReset},
	{Name: "(*bytes.Buffer).Reset", Roles: BufferReset},
}

// templates are text/template's and html/template's: a template carries
// the origin of the text it was parsed from, and executing it writes
// that text into the writer, its holes filled from the data (a value
// interpolated into a path's text does not choose where the path is).
func templates() []Func {
	var out []Func
	for _, pkg := range []string{"text/template", "html/template"} {
		t := "(*" + pkg + ".Template)."
		out = append(out,
			// func (t *Template) Parse(text string) (*Template, error)
			Func{Name: t + "Parse", Roles: Identity, Arg: 1},
			// func (t *Template) Funcs(funcMap FuncMap) *Template, Option(opt ...string) *Template, Delims(left, right string) *Template
			Func{Name: t + "Funcs", Roles: Identity},
			Func{Name: t + "Option", Roles: Identity},
			Func{Name: t + "Delims", Roles: Identity},
			// func Must(t *Template, err error) *Template
			Func{Name: pkg + ".Must", Roles: Identity},
			// func (t *Template) Execute(wr io.Writer, data any) error
			Func{Name: t + "Execute", Roles: BufferWrite, Buffer: BufferSpec{Buf: 1, Data: 0}},
			// func (t *Template) ExecuteTemplate(wr io.Writer, name string, data any) error
			Func{Name: t + "ExecuteTemplate", Roles: BufferWrite, Buffer: BufferSpec{Buf: 1, Data: 0}},
		)
	}
	return out
}

// words split a command line into words as a shell does: each word is
// part of the line (an environment variable or command the line names is
// expanded only where the line asks for it).
var words = []Func{
	// func (p *Parser) Parse(line string) ([]string, error)
	{Name: "(*github.com/mattn/go-shellwords.Parser).Parse", Roles: Split, Keep: 1, Arg: 1},
	// func Parse(line string) ([]string, error)
	{Name: "github.com/mattn/go-shellwords.Parse", Roles: Split, Keep: 1},
	// func (p *Parser) Parse(line string) ([]string, error): fzf's fork
	{Name: "(*github.com/junegunn/go-shellwords.Parser).Parse", Roles: Split, Keep: 1, Arg: 1},
	// func Parse(line string) ([]string, error)
	{Name: "github.com/junegunn/go-shellwords.Parse", Roles: Split, Keep: 1},
	// func Split(s string) (words []string, err error)
	{Name: "github.com/google/shlex.Split", Roles: Split, Keep: 1},
	// func (p *Parser) Document(r io.Reader) (*Word, error): mvdan.cc/sh's
	// word parser; the word stands for the text it was parsed from
	{Name: "(*mvdan.cc/sh/v3/syntax.Parser).Document", Roles: Identity, Arg: 1},
	// func Literal(cfg *Config, word *syntax.Word) (string, error): the
	// word expanded without splitting
	{Name: "mvdan.cc/sh/v3/expand.Literal", Roles: Identity, Arg: 1},
	// func Document(cfg *Config, word *syntax.Word) (string, error)
	{Name: "mvdan.cc/sh/v3/expand.Document", Roles: Identity, Arg: 1},
	// func Fields(cfg *Config, words ...*syntax.Word) ([]string, error)
	{Name: "mvdan.cc/sh/v3/expand.Fields", Roles: Split, Keep: 1, Arg: 1},
	// func Split(s string) ([]string, error)
	{Name: "github.com/kballard/go-shellquote.Split", Roles: Split, Keep: 1},
}
