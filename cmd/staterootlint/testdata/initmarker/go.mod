module example.com/initmarker

go 1.26
