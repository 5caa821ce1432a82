package lint

import "sync"

// window bounds what RunEach holds: the files claimed by a worker but not
// yet emitted, counted in files and in the bytes of source their results
// keep (the source, and the original when fixed; none when the report needs
// only the issues). A large file holds back the emission of every file
// after it while the other workers go on, so a window of a few files made
// the other workers stall behind each large file: with four files per
// worker they sat idle a tenth of a run on the shared corpus, and the npm
// docs corpus, with its long changelogs, ran a fifth faster without the stalls.
// A window of many files with a byte budget lets them run on through small
// files behind a large one, while what is held stays bounded by the budget
// plus the files in flight, whatever the files' sizes.
type window struct {
	mu       sync.Mutex
	room     sync.Cond
	next     int // the next file to claim
	total    int // files to claim
	files    int // claimed and not yet released
	bytes    int // source bytes of the files held and not yet released
	maxFiles int
	maxBytes int
}

// The window's limits per worker. On the shared corpus (1,003 files, 19 MB,
// two workers) the workers waited 25-45 ms each for room with four files per
// worker, 8-12 with sixteen, 3-4 with thirty-two and none with sixty-four.
// Held results are live memory that GOGC=400 lets the heap grow to five
// times, so peak RSS went from 48 to 66 MiB; the byte budget keeps that
// bounded when the files are large.
const (
	windowFilesPerWorker = 64
	windowBytesPerWorker = 1 << 20
)

func newWindow(total, workers int) *window {
	w := &window{total: total, maxFiles: windowFilesPerWorker * workers, maxBytes: windowBytesPerWorker * workers}
	w.room.L = &w.mu
	return w
}

// claim returns the next file to lint, waiting while the window is full; ok
// is false when every file has been claimed, or the window was closed. A
// file is always claimable when nothing is held, so a file larger than the
// budget still goes through.
func (w *window) claim() (i int, ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.next < w.total && w.files > 0 && (w.files >= w.maxFiles || w.bytes >= w.maxBytes) {
		w.room.Wait()
	}
	if w.next >= w.total {
		return 0, false
	}
	i = w.next
	w.next++
	w.files++
	return i, true
}

// hold counts the bytes of a claimed file once they are known.
func (w *window) hold(bytes int) {
	w.mu.Lock()
	w.bytes += bytes
	w.mu.Unlock()
}

// release frees the room of an emitted file.
func (w *window) release(bytes int) {
	w.mu.Lock()
	w.files--
	w.bytes -= bytes
	w.mu.Unlock()
	w.room.Broadcast()
}

// close ends the claiming: the files not yet claimed will not be, and
// workers waiting for room return. RunEach closes the window when the run
// times out.
func (w *window) close() {
	w.mu.Lock()
	w.total = w.next
	w.mu.Unlock()
	w.room.Broadcast()
}
