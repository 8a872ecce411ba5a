module example.com/initenvor

go 1.26
