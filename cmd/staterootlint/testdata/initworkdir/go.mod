module example.com/initworkdir

go 1.26
