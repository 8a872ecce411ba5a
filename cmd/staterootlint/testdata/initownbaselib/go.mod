module example.com/ownbase

go 1.26
