module example.com/initsibling

go 1.26
