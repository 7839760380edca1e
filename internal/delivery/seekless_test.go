package delivery

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// The wrapper must still reach sendfile: net.TCPConn sends any syscall.Conn
// from its current offset, so the real file must be where the reads got to.
func TestASeeklessFileHandsSendfileTheFileAtItsOffset(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789"), 100)
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := &seeklessFile{f: f, size: int64(len(data))}
	var _ syscall.Conn = s
	if end, _ := s.Seek(0, io.SeekEnd); end != int64(len(data)) {
		t.Fatalf("size %d", end)
	}
	if _, err := s.Seek(300, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 12)
	if n, _ := s.Read(buf); n != 12 || !bytes.Equal(buf, data[300:312]) {
		t.Fatalf("read %q", buf[:n])
	}
	if _, err := s.SyscallConn(); err != nil {
		t.Fatal(err)
	}
	if at, _ := f.Seek(0, io.SeekCurrent); at != 312 {
		t.Fatalf("the file is at %d, want 312", at)
	}
	if rest, _ := io.ReadAll(s); !bytes.Equal(rest, data[312:]) {
		t.Fatalf("the rest is %d bytes", len(rest))
	}
}
