module example.com/initdotopt

go 1.26
