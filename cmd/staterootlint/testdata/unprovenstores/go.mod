module example.com/unprovenstores

go 1.22
