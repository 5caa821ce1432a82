//go:build unix

package lint

import (
	"io/fs"
	"syscall"
)

// readRegular reads a regular file whole, after checking what it is, in
// five system calls: open, fstat, read until end of file, close. os.Stat
// and os.ReadFile took eleven, because os.Open tries to register every file
// with the network poller (two fcntl calls to make it non-blocking, an
// epoll_ctl that fails for regular files, two more fcntl calls to undo it).
// On the shared corpus (1,003 files) that was 20 ms of reading against 15.
//
// O_NONBLOCK makes opening a FIFO return at once instead of waiting for a
// writer; fstat then rejects it. It changes nothing for regular files.
func readRegular(path string) ([]byte, error) {
	var fd int
	err := retryEINTR(func() (err error) {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		return err
	})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := retryEINTR(func() error { return syscall.Fstat(fd, &st) }); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if err := checkSize(uint32(st.Mode)&syscall.S_IFMT == syscall.S_IFREG, st.Size); err != nil {
		return nil, err
	}
	// One byte more than the size, so a file that has not grown is read
	// to its end without growing the buffer.
	buf := make([]byte, 0, st.Size+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // the file grew
		}
		var n int
		err := retryEINTR(func() (err error) {
			n, err = syscall.Read(fd, buf[len(buf):cap(buf)])
			return err
		})
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if len(buf) > maxFileSize {
			return nil, checkSize(true, int64(len(buf)))
		}
	}
}

func retryEINTR(f func() error) error {
	for {
		if err := f(); err != syscall.EINTR {
			return err
		}
	}
}
