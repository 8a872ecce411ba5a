module example.com/subset

go 1.22
