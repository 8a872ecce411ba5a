module example.com/inittesthelper

go 1.26
