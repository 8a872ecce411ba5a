module example.com/basedirs

go 1.24
