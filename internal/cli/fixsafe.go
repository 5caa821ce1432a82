package cli

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
)

// beforeFixWrite runs just before each fixed file is written: tests edit
// the file here, as a user saving in an editor during the run would.
var beforeFixWrite func(path string)

// pauseWorkflowCommands makes a GitHub Actions runner take what follows on
// out as plain text until the returned function is called: --diff prints
// document lines as they are, a context line " ::add-mask::x" included,
// which the runner would execute (it trims leading space). Outside Actions
// it does nothing. The token is random so the document cannot end the
// pause itself.
func pauseWorkflowCommands(out io.Writer, env Env) (resume func()) {
	if env.Getenv("GITHUB_ACTIONS") != "true" {
		return func() {}
	}
	var b [16]byte
	rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	fmt.Fprintf(out, "::stop-commands::%s\n", token)
	return func() { fmt.Fprintf(out, "::%s::\n", token) }
}
