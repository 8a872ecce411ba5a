module example.com/initsetting

go 1.26
