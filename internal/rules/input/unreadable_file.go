package input

import (
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// UnreadableFile reports a file citelint could not read at all, as ruff's
// io-error (E902) does: a finding on that file, the other files linted as
// usual. Package lint makes the file's Document hold only the reason (a
// diagnostic of Kind markdown.DiagUnreadable or DiagLFSPointer).
var UnreadableFile = &rules.Rule{
	Name:     "unreadable-file",
	Summary:  "A file citelint could not read (not text, not a notebook, cut short, empty, unreadable), so none of its citations were checked",
	Severity: result.SeverityError,
	Tags:     []string{rules.TagOffline},
	Default:  true,
	Reports:  true,
	Doc: `A file the walk found, or the command line named, that citelint could not
read at all: it could not be opened (permission denied, removed since, not a
regular file, over the 512 MB limit), it is binary (NUL bytes), or it is a
Jupyter notebook that is not one (empty, not JSON, cut short, no cells). None
of its citations were checked, so its silence proves nothing. The finding is on
that file, at the line where reading failed when there is one (a notebook's
JSON error); every other file is linted as usual, and the run exits 1, not 3, as
ruff's io-error (E902) does: exit 3 is kept for citelint's own failures.

A file that holds a Git LFS pointer instead of its content
("version https://git-lfs.github.com/spec/v1") is a note, not an error: the
content was not fetched (` + "`git lfs pull`" + `, or ` + "`lfs: true`" + ` for actions/checkout),
which is no fault of the document.

A Markdown file that is not UTF-8 is read (bytes that are not UTF-8 as
Windows-1252, a UTF-16 file with its byte order mark as UTF-16) and linted, with
a ` + "`document`" + ` finding that says so. A notebook cell of the wrong shape
(` + "`\"cell_type\": 5`" + `) is a ` + "`document`" + ` finding naming the cell, and the
other cells are read.

Disabling the rule (` + "`-D unreadable-file`" + `) turns the findings into warnings on
standard error that do not change the exit code.

Bad:

    {
     "cells": [
      {"cell_type": "markdown", "source": ["A claim [1].\n"]}

Good:

    {
     "cells": [
      {"cell_type": "markdown", "source": ["A claim [1].\n"]}
     ],
     "metadata": {},
     "nbformat": 4,
     "nbformat_minor": 5
    }
`,
	Check: func(p *rules.Pass) {
		for _, d := range p.Doc.Diagnostics {
			switch d.Kind {
			case markdown.DiagUnreadable:
				p.Report(d.Offset, d.Offset, d.Message)
			case markdown.DiagLFSPointer:
				p.Report(d.Offset, d.Offset, d.Message).Severity = result.SeverityNote
			}
		}
	},
}
