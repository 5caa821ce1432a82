package result

// ErrorKind says why a file could not be linted (or its issues could not
// be reported). It is set where the error is made, so that a caller tells
// a timeout from an unreadable file without reading the message, whose
// wording is for people and may change.
type ErrorKind uint8

const (
	// ErrFailed is any other failure on the file: a rule's error or
	// panic, the network pass's (its cache could not be opened), or
	// writing its fixes failed.
	ErrFailed ErrorKind = iota
	// ErrNotChecked is a file found but not linted: the run reached its
	// time limit (--timeout) or was cancelled first.
	ErrNotChecked
	// ErrNotReported is a file linted whose issues the report had no
	// time to process (the time limit came while it was made).
	ErrNotReported
	// ErrSearchStopped is a folder whose search for documents the time
	// limit (or a cancellation) cut short: some were not found.
	ErrSearchStopped
	// ErrUnreadable is a path that could not be read: missing, no
	// permission, an I/O error, or bytes that are not text when the
	// unreadable-file rule is off and nothing takes its warning.
	ErrUnreadable
	// ErrRefused is a path not read on purpose: not a regular file (a
	// device, a FIFO), or one a fix must not be written to (outside the
	// folders linted, read-only, hard-linked, changed since it was read).
	ErrRefused
	// ErrTooLarge is a file or input over a size cap.
	ErrTooLarge
)

var errorKindNames = [...]string{"failed", "not-checked", "not-reported", "search-stopped", "unreadable", "refused", "too-large"}

// String names the kind ("not-checked", "unreadable", ...).
func (k ErrorKind) String() string {
	if int(k) < len(errorKindNames) {
		return errorKindNames[k]
	}
	return "unknown"
}

// TimeLimit reports whether the kind is what the run's time limit (or a
// cancellation) cost: a file not checked or not reported, a search cut
// short.
func (k ErrorKind) TimeLimit() bool {
	return k == ErrNotChecked || k == ErrNotReported || k == ErrSearchStopped
}
