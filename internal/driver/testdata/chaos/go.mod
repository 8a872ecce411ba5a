module example.com/chaos

go 1.24
