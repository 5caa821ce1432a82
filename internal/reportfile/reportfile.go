// Package reportfile writes a report where its format says: standard
// output or error, a file written whole or not at all (a reader never
// sees half a report), or, for a report that prints as pages (the html
// review), a folder of them. A path the config names stays inside the
// config's project, since a .citelint.yaml from a pull request could
// otherwise aim a report (or a link the pull request adds) at any file
// the runner may write; a path named on the command line (--format) may
// be anywhere. A report its printer cut at the time limit is written
// whole and output.ErrTimeLimit returned.
package reportfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/atomicfile"
	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/output"
)

// Write prints the report to the format's destination; files are
// written whole to a temporary name and renamed, so a reader never sees
// half. A report the printer cut at the time limit is written, and
// output.ErrTimeLimit returned.
func Write(p output.Printer, of config.OutputFormat, r *output.Report, cfg *config.Config, stdout, stderr io.Writer) error {
	var cut bool
	var err error
	if pp, ok := p.(output.PagesPrinter); ok && of.Path != config.Stdout && of.Path != config.Stderr && of.Path != "" {
		within, rerr := outputRoot(of, cfg)
		if rerr != nil {
			return rerr
		}
		err = writePages(pp, resolveKeepSlash(cfg, of.Path), r, within, &cut)
	} else {
		err = With(of, cfg, stdout, stderr, keepCut(func(w io.Writer) error { return p.Print(w, r) }, &cut))
	}
	if err == nil && cut {
		return output.ErrTimeLimit
	}
	return err
}

// keepCut is write, except that a report cut at the time limit
// (output.ErrTimeLimit) is a success, noted in cut: it is whole, and
// atomicfile keeps only what succeeds.
func keepCut(write func(io.Writer) error, cut *bool) func(io.Writer) error {
	return func(w io.Writer) error {
		err := write(w)
		if errors.Is(err, output.ErrTimeLimit) {
			*cut = true
			return nil
		}
		return err
	}
}

// With calls write with the writer for of's destination; a file is
// written atomically, so a failed run never leaves half a report.
func With(of config.OutputFormat, cfg *config.Config, stdout, stderr io.Writer, write func(io.Writer) error) error {
	switch of.Path {
	case config.Stdout, "":
		return write(stdout)
	case config.Stderr:
		return write(stderr)
	}
	within, err := outputRoot(of, cfg)
	if err != nil {
		return err
	}
	path := cfg.Resolve(of.Path)
	if err := within.Holds(path); err != nil {
		return outsideErr(of, err)
	}
	return atomicfile.Write(path, write)
}

// outputRoot is where a report file may be written: anywhere for a path
// named with --format (nil), else inside the config's project, because a
// .citelint.yaml from a pull request could otherwise aim output.formats
// (or a link the pull request adds) at any file the runner may write.
func outputRoot(of config.OutputFormat, cfg *config.Config) (*safefile.Root, error) {
	if of.FromFlag {
		return nil, nil
	}
	return safefile.ProjectRoot(cfg.Dir)
}

func outsideErr(of config.OutputFormat, err error) error {
	return fmt.Errorf("output.formats %s: %v; a report is written outside the project only when --format names it", of.Format, err)
}

// writePages writes a report that prints as several pages: one page goes
// to path as a file; more go into path as a folder (index.html first),
// each file written whole or not at all. A path ending in a slash, or an
// existing folder, is always a folder, so a caller (the Action) knows
// where index.html will be whatever the report's size.
//
// Pages cut at the time limit are written, and cut set.
func writePages(pp output.PagesPrinter, path string, r *output.Report, within *safefile.Root, cut *bool) error {
	pages := pp.Pages(r)
	if err := within.Holds(path); err != nil {
		return outsideErr(config.OutputFormat{Format: "html"}, err)
	}
	fi, statErr := os.Stat(path)
	exists := statErr == nil
	folder := strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(filepath.Separator)) || exists && fi.IsDir()
	if len(pages) == 1 && !folder {
		return atomicfile.Write(path, keepCut(pages[0].Write, cut)) // path checked above
	}
	if exists && !fi.IsDir() {
		return fmt.Errorf("%s: the review has %d pages, so it is written as a folder, but a file of that name exists", path, len(pages))
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		return err
	}
	// Pages are written by as many workers as there are CPUs, each whole
	// or not at all but not synced one by one: the folder is written
	// anew by every run, and a thousand syncs took longer than the pages.
	var (
		mu       sync.Mutex
		firstErr error
		next     int
		wg       sync.WaitGroup
	)
	claim := func() (output.Page, bool) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr != nil || next == len(pages) {
			return output.Page{}, false
		}
		next++
		return pages[next-1], true
	}
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
	}
	for range min(runtime.GOMAXPROCS(0), len(pages)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pg, ok := claim(); ok; pg, ok = claim() {
				// Each page too: a link committed in the folder must not
				// carry the write out of the project.
				name := filepath.Join(path, pg.Name)
				if err := within.Holds(name); err != nil {
					fail(fmt.Errorf("output.formats html: %v", err))
					return
				}
				pageCut := false
				if err := atomicfile.WriteUnsynced(name, keepCut(pg.Write, &pageCut)); err != nil {
					fail(err)
					return
				}
				if pageCut {
					mu.Lock()
					*cut = true
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// resolveKeepSlash is cfg.Resolve(path), keeping a trailing slash (a
// folder asked for).
func resolveKeepSlash(cfg *config.Config, path string) string {
	out := cfg.Resolve(path)
	if strings.HasSuffix(path, "/") && !strings.HasSuffix(out, "/") {
		out += "/"
	}
	return out
}
