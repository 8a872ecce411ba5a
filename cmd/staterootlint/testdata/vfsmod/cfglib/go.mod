module example.com/cfglib

go 1.24

require github.com/spf13/afero v0.0.0

replace github.com/spf13/afero => ../afero
