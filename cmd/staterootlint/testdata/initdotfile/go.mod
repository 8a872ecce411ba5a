module example.com/initdotfile

go 1.26
