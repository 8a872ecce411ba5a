module example.com/initgetter

go 1.26
