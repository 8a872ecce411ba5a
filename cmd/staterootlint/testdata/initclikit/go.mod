module example.com/clikit

go 1.26
