module example.com/filecache

go 1.24
