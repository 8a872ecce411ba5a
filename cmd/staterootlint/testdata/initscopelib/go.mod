module example.com/scopepaths

go 1.26
