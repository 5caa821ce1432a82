package lint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/fix"
	"github.com/citelint/citelint/internal/gitdiff"
	"github.com/citelint/citelint/internal/lint/project"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/notebook"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/suppress"
	"github.com/citelint/citelint/result"
)

// FileError is a file that could not be linted for a reason of citelint's
// own (a rule that failed, the run's time limit, a walk error), the run's
// failure; a file that cannot be read is not one but an unreadable-file
// finding (odd.go), unless that rule is off and Options.Warn unset. Line
// is 0 when the problem is not at a line. Kind says why, set where the
// error is made: callers tell a timeout from an unreadable file by it,
// never by the message.
type FileError struct {
	Path string
	Line int
	Kind result.ErrorKind
	Err  error
}

func (e FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

// Unwrap lets errors.Is see what went wrong (a timeout, a missing file).
func (e FileError) Unwrap() error { return e.Err }

// project is where the reads for a document's bibliographies are
// confined (package project).
func (o Options) project() project.Options {
	return project.Options{Root: o.Root, Dirs: o.Dirs}
}

// Enabled is a rule to run with its decoded settings.
type Enabled struct {
	Rule     *rules.Rule
	Settings any
}

// Options configure a run.
type Options struct {
	Rules []Enabled
	// Env holds the bibliography and source store shared by all files.
	Env *resolve.Env
	// Root is the project root: the bibliographies a document's front
	// matter names must resolve inside it. "" is the working directory's
	// project root (safefile.FindRoot).
	Root string
	// Dirs are the folders named on the command line: a document outside
	// the project root, found under one of them, has that folder (the
	// outermost holding it) as its root instead ("the directory given to
	// run").
	Dirs []string
	// RuleEnv carries services for rules beyond the document.
	RuleEnv *rules.Env
	// Concurrency bounds how many files are processed at once (0 = CPUs).
	Concurrency int
	// KeepDocs keeps each parsed Document in the result (extract needs it;
	// run does not, so memory stays bounded by the files in flight).
	KeepDocs bool
	// KeepSources keeps the bytes of files that have issues (fixes, SARIF
	// fingerprints and diffs need them).
	KeepSources bool
	// Inputs are documents held in memory (standard input, an editor's
	// buffer), by the path they stand for: linted from these bytes
	// instead of being read, and with Fix, their fixed text is always
	// returned.
	Inputs map[string][]byte
	// Known reports whether a rule name exists, for suppression directives;
	// nil skips suppression and the rules that read its outcome.
	Known func(string) bool
	// Changed, when set (diff-aware mode), returns what a change touched in
	// a file (nil: nothing). FileResult.Changed then holds those lines
	// widened to every sentence citing a changed reference entry.
	Changed func(path string) *gitdiff.File
	// Visit, when set, is called with each file's resolved document before
	// rules run (the network pass collects identifiers with it). It may be
	// called from several goroutines at once.
	Visit func(path string, doc *markdown.Document)
	// Fix, when set, applies fixes in memory and re-lints until nothing
	// changes; the caller decides whether to write or diff the result.
	Fix *FixOptions
	// MaxDocumentBytes caps the Markdown of one document (a notebook's
	// Markdown cells joined); 0 is DefaultMaxDocumentBytes, negative no
	// cap. A larger document is a file error, not an out-of-memory kill
	// that loses the whole report.
	MaxDocumentBytes int
	// SkipClaims lets the parse skip splitting prose into sentences when
	// nothing reads them: no enabled rule needs them (rules.NeedClaims),
	// no change is widened to its sentences (Changed) and no document is
	// kept (KeepDocs). Stats' Claims and CitedClaims are then 0, so a
	// caller sets it only for outputs that do not print them.
	SkipClaims bool
	// Warn, when set, is told of a file that could not be read while the
	// unreadable-file rule is disabled (ruff's warning for E902 off); it
	// may be called from several goroutines at once. Without it such a
	// file is the result's Err.
	Warn func(string)
}

// noClaims reports whether the parse may skip sentences (SkipClaims).
func (o *Options) noClaims() bool {
	if !o.SkipClaims || o.Changed != nil || o.KeepDocs {
		return false
	}
	for _, e := range o.Rules {
		if e.Rule.Needs.Has(rules.NeedClaims) {
			return false
		}
	}
	return true
}

// FixOptions configure fixing.
type FixOptions struct {
	// Unsafe also applies fixes that may change what the document says.
	Unsafe bool
	// Skip reports whether an issue must not be fixed: configuration
	// excluded it. Suppressed issues are never fixed.
	Skip func(*result.Issue) bool
	// Baselined, when set, marks which of one file's issues a baseline
	// records: --fix fixes what the run reports, as golangci-lint's fixes
	// with --new-from-rev do, and a baselined issue is not reported. It
	// takes the whole file because a baseline entry's fingerprint numbers
	// the issues that share a line.
	Baselined func(issues []result.Issue) []bool
}

// maxFixPasses bounds the fix loop. Fixes delete text or write an
// identifier in its canonical form, so two passes settle every case seen
// (FuzzLintSource checks that a fixed file stays as it is); the bound
// guards against a rule whose fix re-creates its own issue.
const maxFixPasses = 10

// Stats counts what a file holds. Unchecked counts the citations that
// could not be checked, of every kind; UncheckedKeys the pandoc and MyST
// keys among them (no bibliography held them) and UncheckedSourceKeys the
// RAG keys (no source store).
type Stats struct {
	Claims, CitedClaims, Citations, References, Unresolved, Unchecked int
	UncheckedKeys, UncheckedSourceKeys                                int
}

// FileResult is the outcome for one file.
type FileResult struct {
	Path   string
	Src    []byte
	Doc    *markdown.Document
	Issues []result.Issue
	Stats  Stats
	Err    *FileError

	// With Options.Fix: Original is the file as read when fixes changed
	// it (Src is then the fixed text and Issues what remains), and Fixed
	// counts the fixes applied.
	Original []byte
	Fixed    int

	// Changed is set in diff-aware mode: the lines issues must touch to count.
	Changed *gitdiff.File

	// Unread says the file could not be read at all: its only issue
	// (unreadable-file's) says why, and nothing else was checked.
	Unread bool
}

// Run lints files with a bounded worker pool. Results come back in the order
// of files whatever the scheduling, so output is deterministic.
func Run(ctx context.Context, files []string, opts Options) []FileResult {
	results := make([]FileResult, 0, len(files))
	RunEach(ctx, files, opts, func(r FileResult) { results = append(results, r) })
	return results
}

// RunEach lints files with a bounded worker pool and hands each result to
// emit, in the order of files, as soon as it and every result before it are
// done; emit runs on the caller's goroutine. Workers run at most a window
// (window.go) ahead of the first result not yet emitted, so what is held at
// any time is the files in flight, not the corpus: a caller that prints and
// drops each result (the text and JSON reports) runs in memory bounded by
// the window and its largest file.
//
// Workers claim the next file themselves. A dispatcher goroutine feeding
// them through a channel cost a goroutine hand-off per file, and with the
// workers, the printer and the collector sharing the CPUs, the workers sat
// idle waiting for it.
func RunEach(ctx context.Context, files []string, opts Options, emit func(FileResult)) {
	n := opts.Concurrency
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	if n > len(files) {
		n = len(files)
	}
	if len(files) == 0 {
		return
	}
	slots := make([]FileResult, len(files))
	ready := make([]bool, len(files))
	win := newWindow(len(files), n)
	// done never blocks: it has room for every file.
	done := make(chan int, len(files))
	var wg sync.WaitGroup
	bibs := project.NewCache()
	gate := newInFlight(maxInFlightBytes)
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i, ok := win.claim()
				if !ok {
					return
				}
				if ctx.Err() != nil {
					slots[i] = FileResult{Path: files[i], Err: &FileError{Path: files[i], Kind: result.ErrNotChecked, Err: notChecked(ctx)}}
				} else {
					slots[i] = lintOne(ctx, files[i], opts, bibs, gate)
				}
				win.hold(len(slots[i].Src) + len(slots[i].Original))
				done <- i
			}
		}()
	}
	for k := 0; k < len(files); {
		select {
		case i := <-done:
			ready[i] = true
		case <-ctx.Done():
			// The run's time is up: what finished is emitted, the rest
			// is reported as not checked, and nobody waits for the
			// workers still inside a file (a goroutine cannot be
			// stopped, and --timeout must hold whatever one file costs).
			// They write only to slots nobody reads any more.
			win.close()
			for drained := false; !drained; {
				select {
				case i := <-done:
					ready[i] = true
				default:
					drained = true
				}
			}
			for ; k < len(files); k++ {
				r := FileResult{Path: files[k], Err: &FileError{Path: files[k], Kind: result.ErrNotChecked, Err: notChecked(ctx)}}
				if ready[k] {
					r = slots[k]
				}
				emit(r)
			}
			return
		}
		for ; k < len(files) && ready[k]; k++ {
			r := slots[k]
			slots[k] = FileResult{} // let the collector have it once emitted
			emit(r)
			win.release(len(r.Src) + len(r.Original))
		}
	}
	wg.Wait()
}

// notChecked is the error of a file the run had no time for: it says so,
// and still matches context.DeadlineExceeded (or Canceled) for errors.Is.
func notChecked(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("not checked: the run reached its time limit (--timeout) (%w)", ctx.Err())
	}
	return fmt.Errorf("not checked: the run was cancelled (%w)", ctx.Err())
}

// maxFileSize guards against linting something that is clearly not a
// document (a disk image named .md): such a file is an error, not an OOM.
const maxFileSize = 512 << 20

// DefaultMaxDocumentBytes is the most Markdown one document may hold. The
// document model costs up to about 100 bytes of memory per byte of
// citation-dense text (1.05 GB for 10 MB of "[@key]", issue 37: a 40 MB
// document took 3.9 GB and a large notebook's cells 7 GB), so a document
// at the cap may take 0.9 GB, and with maxInFlightBytes that is what all
// the workers together may take. The largest real documents seen are a
// few megabytes (rclone's manual, 3.1 MB, of 27,800 in the package
// corpora); a notebook's cap counts its Markdown cells, not its outputs.
const DefaultMaxDocumentBytes = 8 << 20

// maxInFlightBytes bounds the bytes of the documents being linted at once
// (inFlight): the per-document cost times the workers would otherwise
// grow with the machine's CPUs. Documents are kilobytes: only two of over
// 4 MB ever wait for each other.
const maxInFlightBytes = DefaultMaxDocumentBytes

// documentCap is opts' cap on a document's Markdown (0: none).
func (o *Options) documentCap() int {
	switch {
	case o.MaxDocumentBytes == 0:
		return DefaultMaxDocumentBytes
	case o.MaxDocumentBytes < 0:
		return 0
	}
	return o.MaxDocumentBytes
}

// checkDocumentSize is the error of a document over the cap; notebook says
// the bytes are a notebook's Markdown cells.
func checkDocumentSize(n int, opts *Options, notebook bool) error {
	limit := opts.documentCap()
	if limit == 0 || n <= limit {
		return nil
	}
	what := "the document holds"
	if notebook {
		what = "its Markdown cells hold"
	}
	return fmt.Errorf("%s %s of Markdown, over the %s a document may have (citelint needs up to about 100 bytes of memory per byte of citation-dense text): not checked; split it", what, sizeText(n), sizeText(limit))
}

// sizeText is n bytes as a person reads it: "16 MB", "20.5 MB", "4096 bytes".
func sizeText(n int) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<20)), ".0") + " MB"
}

// inFlight admits documents to be linted while the bytes of those being
// linted stay within a budget; one document is always admitted when none
// is in flight (the document cap bounds it).
type inFlight struct {
	mu      sync.Mutex
	cond    *sync.Cond
	bytes   int
	budget  int
	waiting int // acquires waiting (for the tests)
}

func newInFlight(budget int) *inFlight {
	f := &inFlight{budget: budget}
	f.cond = sync.NewCond(&f.mu)
	return f
}

// acquire waits until n bytes fit (or nothing is in flight) and counts them.
func (f *inFlight) acquire(n int) {
	f.mu.Lock()
	for f.bytes > 0 && f.bytes+n > f.budget {
		f.waiting++
		f.cond.Wait()
		f.waiting--
	}
	f.bytes += n
	f.mu.Unlock()
}

func (f *inFlight) release(n int) {
	f.mu.Lock()
	f.bytes -= n
	f.mu.Unlock()
	f.cond.Broadcast()
}

// ReadInput reads a document from r (standard input) for Options.Inputs,
// with the size limit a file on disk has.
func ReadInput(r io.Reader) ([]byte, error) {
	src, err := io.ReadAll(io.LimitReader(r, int64(inputLimit)+1))
	if err == nil && len(src) > inputLimit {
		err = tooLargeError{fmt.Sprintf("input is over the %d-byte limit", inputLimit)}
	}
	return src, err
}

// InputError is the error of the document at name whose standard input
// ReadInput failed to read: too large, or unreadable.
func InputError(name string, err error) FileError {
	return FileError{Path: name, Kind: readKind(err), Err: fmt.Errorf("standard input: %w", err)}
}

// inputLimit is ReadInput's limit: maxFileSize, which its test lowers to
// check the limit without reading half a gigabyte.
var inputLimit = maxFileSize

// checkSize rejects what readRegular must not read: anything but a regular
// file (a FIFO would block the worker forever, a device never ends) and
// files over maxFileSize.
func checkSize(regular bool, size int64) error {
	if !regular {
		return errNotRegular
	}
	if size > maxFileSize {
		return tooLargeError{fmt.Sprintf("file is %d bytes, over the %d-byte limit", size, maxFileSize)}
	}
	return nil
}

// errNotRegular refuses what is not a regular file (a device, a FIFO).
var errNotRegular = errors.New("not a regular file")

// tooLargeError is a file or input over its size cap.
type tooLargeError struct{ msg string }

func (e tooLargeError) Error() string { return e.msg }

// readKind is the kind of a read's error: checkSize's refusals are typed
// where they are made; anything else the system said is unreadable.
func readKind(err error) result.ErrorKind {
	switch {
	case errors.Is(err, errNotRegular):
		return result.ErrRefused
	case errors.As(err, new(tooLargeError)):
		return result.ErrTooLarge
	}
	return result.ErrUnreadable
}

// checkText rejects binary files and files that are not UTF-8, with the
// offset of the first bad byte (0 for a binary file).
func checkText(src []byte) (off int, err error) {
	head := src
	if len(head) > 8000 {
		head = head[:8000]
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return 0, errors.New("binary file (contains NUL bytes)")
	}
	if utf8.Valid(src) {
		return 0, nil
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			return i, fmt.Errorf("not valid UTF-8 (byte 0x%02x at offset %d)", src[i], i)
		}
		i += size
	}
	return 0, nil
}

// lintOne reads the file at path and lints it once gate admits its bytes
// (nil: at once).
func lintOne(ctx context.Context, path string, opts Options, bibs *project.Cache, gate *inFlight) FileResult {
	src, ok := opts.Inputs[path]
	if !ok {
		var err error
		if src, err = readRegular(path); err != nil { // readfile_unix.go, readfile_other.go
			return unreadable(ctx, path, nil, opts, 0, markdown.DiagUnreadable, readKind(err), readError(err)) // odd.go
		}
	}
	if gate != nil {
		n := len(src)
		if limit := opts.documentCap(); limit > 0 && n > limit && !notebook.Is(path) {
			n = 0 // refused at once, unread (lintRead)
		}
		gate.acquire(n)
		defer gate.release(n)
		if ctx.Err() != nil {
			return FileResult{Path: path, Err: &FileError{Path: path, Kind: result.ErrNotChecked, Err: notChecked(ctx)}}
		}
	}
	return lintRead(ctx, path, src, opts, bibs) // source.go
}

// fixSource lints src, applies the fixes of its issues and lints the result
// again until no fix changes anything.
func fixSource(ctx context.Context, path string, src []byte, opts Options, bibs *project.Cache) FileResult {
	orig := src
	fixed := 0
	keep := opts
	keep.KeepSources = true
	for pass := 0; ; pass++ {
		fr := lintSource(ctx, path, src, keep, bibs)
		if fr.Err != nil || pass == maxFixPasses {
			return finishFix(fr, orig, src, fixed, opts)
		}
		var fixes []*result.Fix
		var baselined []bool
		if opts.Fix.Baselined != nil {
			baselined = opts.Fix.Baselined(fr.Issues)
		}
		for i := range fr.Issues {
			iss := &fr.Issues[i]
			if iss.Fix == nil || iss.Suppressed || opts.Fix.Skip != nil && opts.Fix.Skip(iss) || baselined != nil && baselined[i] ||
				fr.Changed != nil && !OnChangedLines(fr.Changed, iss) {
				continue
			}
			fixes = append(fixes, iss.Fix)
		}
		next, o := fix.Apply(src, fixes, opts.Fix.Unsafe)
		if bytes.Equal(next, src) {
			return finishFix(fr, orig, src, fixed, opts)
		}
		fixed += o.Applied
		src = next
	}
}

func finishFix(fr FileResult, orig, src []byte, fixed int, opts Options) FileResult {
	fr.Fixed = fixed
	if !bytes.Equal(orig, src) {
		fr.Original = orig
		fr.Src = src
	} else if _, ok := opts.Inputs[fr.Path]; ok {
		fr.Src = src // --fix echoes standard input, changed or not
	} else if !opts.KeepDocs && !(opts.KeepSources && len(fr.Issues) > 0) {
		fr.Src = nil
	}
	return fr
}

// lintSource lints one file's bytes.
func lintSource(ctx context.Context, path string, src []byte, opts Options, bibs *project.Cache) (fr FileResult) {
	fr.Path = path
	env := opts.Env
	ext := filepath.Ext(path)
	popts := markdown.Options{MDX: strings.EqualFold(ext, ".mdx"), Pandoc: strings.EqualFold(ext, ".rmd") || strings.EqualFold(ext, ".qmd"), NoClaims: opts.noClaims()}
	var projBibs []string
	var projErrs []project.Problem
	if path != "-" {
		// The bibliographies of the book or project the document is
		// part of (package project), before the front matter's own.
		env, projBibs, projErrs = project.Bibliographies(ctx, path, env, opts.project(), bibs)
	}
	if env != nil {
		popts.KnownKey = env.KnownKey
	}
	var bibDiags []markdown.Diagnostic
	if path != "-" {
		// A Manubot manuscript's manual references (package project).
		e, diags := project.ManualReferences(ctx, path, env, opts.project(), bibs)
		if e != env {
			env = e
			popts.KnownKey = env.KnownKey
		}
		bibDiags = diags
		// Bare @keys depend on the bibliography, loaded once the parser
		// has read the front matter.
		popts.Bibliography = func(doc *markdown.Document) func(string) bool {
			var diags []markdown.Diagnostic
			env, diags = project.FrontMatterBibliographies(ctx, doc, path, env, opts.project(), bibs)
			bibDiags = append(bibDiags, diags...)
			return env.KnownKey
		}
	} else {
		// Standard input without --stdin-filename has no folder to find
		// its front matter's bibliography in: say so, rather than leave
		// its keys unchecked in silence.
		popts.Bibliography = func(doc *markdown.Document) func(string) bool {
			if len(doc.Bibliography) > 0 {
				env = env.Clone()
				env.MarkBibliographyIncomplete()
				name := doc.Bibliography[0]
				if len(name) > 80 {
					name = strings.ToValidUTF8(name[:80], "") + "…"
				}
				if n := len(doc.Bibliography) - 1; n > 0 {
					name += fmt.Sprintf(" and %d more", n)
				}
				bibDiags = []markdown.Diagnostic{{Offset: doc.FrontMatter.Start, Message: fmt.Sprintf("bibliography not read, so its citations are not checked: standard input has no folder to find %s in; name the file it stands for with --stdin-filename", name)}}
			}
			return env.KnownKey
		}
	}
	doc := markdown.Parse(src, popts)
	doc.Diagnostics = append(doc.Diagnostics, bibDiags...)
	doc.ProjectBibliography = projBibs
	resolve.Resolve(doc, env)
	// Only a document with an unresolved reference link asks whether it
	// is pandoc's: the question walks its folders (11% of an offline
	// run's CPU when asked of every document).
	if project.HasUnresolvedRefLink(doc) {
		project.ResolveHeadingRefs(doc, bibs, opts.project(), path)
	}
	if len(projErrs) > 0 {
		doc.Diagnostics = append(doc.Diagnostics, project.Diagnostics(doc, bibs.RootDir(opts.project(), path), projErrs)...)
	}
	fr.Stats = stats(doc)
	if opts.Visit != nil {
		opts.Visit(path, doc)
	}

	idx := result.NewLineIndex(src)
	fr.Issues, fr.Err = runRules(ctx, path, doc, opts, nil)
	if opts.Known != nil {
		// Rules that read the suppression's outcome (NeedSuppressions)
		// run after it; package suppress's own report of invalid
		// directives is the invalid-suppression rule's to make.
		sr := suppress.Apply(doc, idx, path, fr.Issues, opts.Known)
		late, err := runRules(ctx, path, doc, opts, &sr)
		fr.Issues = append(withoutRule(sr.Issues, suppress.DirectiveRule), late...)
		if fr.Err == nil {
			fr.Err = err
		}
	}
	if ctx.Err() != nil && fr.Err == nil {
		// A rule stopped early when the run's time ran out: its issues
		// are partial, so the file is not checked rather than clean.
		fr.Err = &FileError{Path: path, Kind: result.ErrNotChecked, Err: notChecked(ctx)}
	}
	for i := range fr.Issues {
		Locate(&fr.Issues[i], idx)
	}
	if opts.Changed != nil {
		fr.Changed = widenChanged(doc, idx, opts.Changed(path))
	}
	if opts.KeepDocs {
		fr.Doc = doc
	}
	if opts.KeepDocs || opts.KeepSources && len(fr.Issues) > 0 {
		fr.Src = src
	}
	return fr
}

// runRules runs the enabled rules on doc: with sr nil, those that do not
// need the suppression's outcome; with sr, those that do. A rule's panic
// is the file's error and the other rules still run.
func runRules(ctx context.Context, path string, doc *markdown.Document, opts Options, sr *suppress.Result) (issues []result.Issue, ferr *FileError) {
	for _, e := range opts.Rules {
		if e.Rule.Needs.Has(rules.NeedSuppressions) != (sr != nil) {
			continue
		}
		if ctx.Err() != nil {
			return issues, &FileError{Path: path, Kind: result.ErrNotChecked, Err: notChecked(ctx)}
		}
		iss, err := rules.RunPass(&rules.Pass{Ctx: ctx, Rule: e.Rule, Path: path, Doc: doc, Settings: e.Settings, Env: opts.RuleEnv, Suppression: sr})
		if err != nil {
			ferr = &FileError{Path: path, Kind: result.ErrFailed, Err: err}
			continue
		}
		issues = append(issues, iss...)
	}
	return issues, ferr
}

// withoutRule returns issues less those of rule name, reusing their array.
func withoutRule(issues []result.Issue, name string) []result.Issue {
	out := issues[:0]
	for _, iss := range issues {
		if iss.Rule != name {
			out = append(out, iss)
		}
	}
	return out
}

// Locate fills an issue's line/column positions and source line from its offsets.
func Locate(iss *result.Issue, idx *result.LineIndex) {
	iss.Pos = idx.Position(iss.Start)
	end := iss.End
	if end < iss.Start {
		end = iss.Start
	}
	iss.EndPos = idx.Position(end)
	iss.SourceLine = idx.LineText(iss.Pos.Line)
}

func stats(doc *markdown.Document) Stats {
	var s Stats
	for i := range doc.Claims {
		s.Claims++
		if len(doc.Claims[i].Citations) > 0 {
			s.CitedClaims++
		}
	}
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.InReferences {
			continue
		}
		s.Citations++
		switch c.Status {
		case markdown.Unresolved:
			s.Unresolved++
		case markdown.Unchecked:
			s.Unchecked++
			switch c.Kind {
			case markdown.KindPandoc, markdown.KindMyST:
				s.UncheckedKeys++
			case markdown.KindKey:
				s.UncheckedSourceKeys++
			}
		}
	}
	for i := range doc.References {
		if k := doc.References[i].Kind; k == markdown.RefEntry || k == markdown.RefFootnote || k == markdown.RefLinkDef {
			s.References++
		}
	}
	return s
}

// OnChangedLines reports whether any line of the issue changed.
func OnChangedLines(f *gitdiff.File, iss *result.Issue) bool {
	return f.ChangedIn(iss.Pos.Line, max(iss.EndPos.Line, iss.Pos.Line))
}

// widenChanged adds to the changed lines of f every line of a sentence that
// cites a reference entry or definition whose lines changed: correcting an
// entry's DOI or title changes what each citing sentence rests on, so its
// issues (say, a claim its new source does not support) are new too. Each
// reference asks the changed lines once (gitdiff.File.ChangedIn), and each
// sentence's lines are marked once however many of its citations point at
// changed entries (marking them per citation made a paragraph of many
// citations quadratic).
func widenChanged(doc *markdown.Document, idx *result.LineIndex, f *gitdiff.File) *gitdiff.File {
	if f == nil {
		return &gitdiff.File{Lines: map[int]bool{}}
	}
	if f.All || len(f.Lines) == 0 {
		return f
	}
	linesOf := func(sp markdown.Span) (int, int) {
		first := idx.LineOf(sp.Start) + 1
		last := first
		if sp.End > sp.Start {
			last = idx.LineOf(sp.End-1) + 1
		}
		return first, last
	}
	var touched map[int]bool
	for i := range doc.References {
		r := &doc.References[i]
		if r.Span.End <= r.Span.Start {
			continue // from a bibliography file, not this document
		}
		if f.ChangedIn(linesOf(r.Span)) {
			if touched == nil {
				touched = map[int]bool{}
			}
			touched[i] = true
		}
	}
	if len(touched) == 0 {
		return f
	}
	out := &gitdiff.File{Lines: make(map[int]bool, len(f.Lines))}
	for l := range f.Lines {
		out.Lines[l] = true
	}
	var ranges [][2]int // the citing sentences' first and last lines
	claimDone := map[int]bool{}
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.InReferences || c.Ref < 0 || !touched[int(c.Ref)] {
			continue
		}
		sp := c.Span
		if c.Claim >= 0 {
			if claimDone[int(c.Claim)] {
				continue
			}
			claimDone[int(c.Claim)] = true
			sp = doc.Claims[c.Claim].Span
		}
		first, last := linesOf(sp)
		ranges = append(ranges, [2]int{first, last})
	}
	// Overlapping ranges (citations outside sentences, one range's
	// citations) are merged, so that each line is marked once.
	sort.Slice(ranges, func(a, b int) bool { return ranges[a][0] < ranges[b][0] })
	next := 0 // lines before next are marked
	for _, r := range ranges {
		for l := max(r[0], next); l <= r[1]; l++ {
			out.Lines[l] = true
		}
		next = max(next, r[1]+1)
	}
	return out
}
