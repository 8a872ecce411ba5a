module example.com/keys

go 1.24
