module github.com/spf13/afero

go 1.24
