module example.com/initext

go 1.26
