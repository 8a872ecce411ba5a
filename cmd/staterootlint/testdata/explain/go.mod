module example.com/explain

go 1.26
