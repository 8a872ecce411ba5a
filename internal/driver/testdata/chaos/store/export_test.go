package store

// Save5 exports a helper to the external test (the export_test.go idiom):
// only the test variant of store has it.
var Save5 = save5
