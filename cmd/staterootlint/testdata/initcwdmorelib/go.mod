module example.com/mddocs

go 1.26
