module example.com/factsonly

go 1.24
