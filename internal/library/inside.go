package library

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Everything the scanner reads (audio, sidecar lyrics, folder images) and
// everything the library serves is opened here, so that a file in a
// library folder can never hand out a file outside it: a link to
// /etc/shadow beside a song must not become its lyrics, nor a link to a
// private photo its album's cover.
var (
	errOutside  = errors.New("a link that leads outside the library folder: skipped")
	errNotAFile = errors.New("not a regular file")
)

// openIn opens the regular file rel inside dir. Links are followed while
// they stay in dir (absolute ones included); the open itself goes through
// an os.Root, so a link swapped in after the check cannot lead out either.
// O_NONBLOCK keeps a FIFO from blocking the open forever.
func openIn(dir, rel string) (*os.File, os.FileInfo, error) {
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, nil, err
	}
	real, err := filepath.EvalSymlinks(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return nil, nil, err
	}
	within, ok := relInside(realDir, real)
	if !ok {
		return nil, nil, errOutside
	}
	root, err := os.OpenRoot(realDir)
	if err != nil {
		return nil, nil, err
	}
	defer root.Close() // the file stays open on its own
	f, err := root.OpenFile(within, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = errNotAFile
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// readSmallIn reads a file of at most limit bytes inside dir.
func readSmallIn(dir, rel string, limit int64) ([]byte, error) {
	f, info, err := openIn(dir, rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.Size() > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes", rel, limit)
	}
	b := make([]byte, info.Size())
	if _, err := f.ReadAt(b, 0); err != nil && info.Size() > 0 {
		return nil, err
	}
	return b, nil
}

// inside says whether path lies in root, after links are followed.
func inside(root, path string) bool {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false
	}
	_, ok := relInside(realRoot, path)
	return ok
}

// relInside is path relative to dir, when it lies inside it.
func relInside(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// folderOf is the library folder of a file, from its path and its path
// in the folder.
func folderOf(abs, rel string) string {
	return filepath.Clean(strings.TrimSuffix(filepath.Clean(abs), filepath.FromSlash(rel)))
}
