package cli

// beforeFixWrite runs just before each fixed file is written: tests edit
// the file here, as a user saving in an editor during the run would.
var beforeFixWrite func(path string)
