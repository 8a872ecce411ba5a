module example.com/initfile

go 1.26
