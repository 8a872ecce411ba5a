module example.com/explainviews

go 1.26
