//go:build !unix

package atomicfile

import "os"

func linkCount(os.FileInfo) uint64 { return 1 }

func writable(string) bool { return true }

func keepOwner(*os.File, os.FileInfo) error { return nil }
