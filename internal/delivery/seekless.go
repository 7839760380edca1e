package delivery

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// seeklessFile lets http.ServeContent learn a file's size and move about
// it without a system call each time (it seeks three times a request),
// while the body still leaves through sendfile: the kernel is handed the
// real file, moved once to where the reads got to.
type seeklessFile struct {
	f         *os.File
	off, size int64
}

func (s *seeklessFile) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += s.off
	case io.SeekEnd:
		offset += s.size
	default:
		return 0, errors.New("seek: invalid whence")
	}
	if offset < 0 {
		return 0, errors.New("seek: negative position")
	}
	s.off = offset
	return offset, nil
}

func (s *seeklessFile) Read(p []byte) (int, error) {
	n, err := s.f.ReadAt(p, s.off)
	s.off += int64(n)
	if n > 0 && err == io.EOF {
		err = nil // the next Read says EOF, as a plain file does
	}
	return n, err
}

// SyscallConn is what sendfile asks for: the file, at the current offset.
func (s *seeklessFile) SyscallConn() (syscall.RawConn, error) {
	if _, err := s.f.Seek(s.off, io.SeekStart); err != nil {
		return nil, err
	}
	return s.f.SyscallConn()
}
