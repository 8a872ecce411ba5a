module example.com/baselinekind

go 1.26
