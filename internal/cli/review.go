package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/safefile"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/atomicfile"
	"github.com/citelint/citelint/output"
)

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
