package knowledge

// Libraries that fill a struct by reflection leave no store into its
// fields in the program: a command-line parser (the fields are the user's
// choice, their default tags included, as flag.String's default is) and a
// decoder (the fields hold data the analysis cannot follow; a default tag
// is a literal like any other). A decoder of bytes (JSON, XML, YAML, TOML)
// has the cause CauseData: what it fills comes from a file's contents or
// the network, unproven by design. One that reads the environment or
// merges several sources (env, envconfig, mapstructure, viper) does not:
// its fields are unproven for want of analysis.

// fillers are the command-line parsers and decoders that fill the
// structs their arguments point to (or that they return).
func fillers() []Func {
	var out []Func
	// func Parse(cli any, options ...Option) *Context
	// func New(grammar any, options ...Option) (*Kong, error)
	// func Must(ast any, options ...Option) *Kong
	for _, fn := range []string{"Parse", "New", "Must"} {
		out = append(out, Func{Name: "github.com/alecthomas/kong." + fn, Roles: FillsFlags})
	}
	// func MustParse(dest ...any) *Parser
	// func Parse(dest ...any) error
	// func NewParser(config Config, dests ...any) (*Parser, error)
	for _, fn := range []string{"MustParse", "Parse", "NewParser"} {
		out = append(out, Func{Name: "github.com/alexflint/go-arg." + fn, Roles: FillsFlags})
	}
	// func Parse(v any) error
	// func ParseWithOptions(v any, opts Options) error
	// func ParseAs[T any]() (T, error)
	// func ParseAsWithOptions[T any](opts Options) (T, error)
	for _, v := range []string{"", "/v6", "/v7", "/v8", "/v9", "/v10", "/v11"} {
		for _, fn := range []string{"Parse", "ParseWithOptions", "ParseAs", "ParseAsWithOptions"} {
			out = append(out, Func{Name: "github.com/caarlos0/env" + v + "." + fn, Roles: FillsDecoded})
		}
	}
	// func Unmarshal(data []byte, v any) error; func (dec *Decoder) Decode(v any) error
	for _, pkg := range []string{"encoding/json", "encoding/xml", "gopkg.in/yaml.v2", "gopkg.in/yaml.v3", "go.yaml.in/yaml/v3", "sigs.k8s.io/yaml", "github.com/goccy/go-yaml", "github.com/pelletier/go-toml", "github.com/pelletier/go-toml/v2"} {
		out = append(out,
			Func{Name: pkg + ".Unmarshal", Roles: FillsDecoded, Cause: CauseData},
			Func{Name: "(*" + pkg + ".Decoder).Decode", Roles: FillsDecoded, Cause: CauseData})
	}
	// func Decode(data string, v any) (MetaData, error)
	// func DecodeFile(path string, v any) (MetaData, error)
	// func Unmarshal(data []byte, v any) error
	for _, fn := range []string{"Decode", "DecodeFile", "Unmarshal"} {
		out = append(out, Func{Name: "github.com/BurntSushi/toml." + fn, Roles: FillsDecoded, Cause: CauseData})
	}
	// func Process(prefix string, spec any) error
	out = append(out, Func{Name: "github.com/kelseyhightower/envconfig.Process", Roles: FillsDecoded})
	// func Decode(input any, output any) error
	out = append(out, Func{Name: "github.com/mitchellh/mapstructure.Decode", Roles: FillsDecoded},
		Func{Name: "github.com/go-viper/mapstructure/v2.Decode", Roles: FillsDecoded})
	// func Unmarshal(rawVal any, opts ...DecoderConfigOption) error, and the method
	out = append(out, Func{Name: "github.com/spf13/viper.Unmarshal", Roles: FillsDecoded},
		Func{Name: "(*github.com/spf13/viper.Viper).Unmarshal", Roles: FillsDecoded},
		Func{Name: "github.com/spf13/viper.UnmarshalKey", Roles: FillsDecoded},
		Func{Name: "(*github.com/spf13/viper.Viper).UnmarshalKey", Roles: FillsDecoded})
	return out
}
