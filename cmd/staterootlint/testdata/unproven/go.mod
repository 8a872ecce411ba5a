module example.com/unproven

go 1.26
