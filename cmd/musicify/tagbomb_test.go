package main

import (
	"bytes"
	"io"
	"mime/multipart"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/media/mediatest"
)

// An MP3 of 50,000 TXXX frames (1.3 MB) once held a scan at full CPU for
// minutes, starved every job, and kept SIGTERM from stopping the server.
// Now it is refused at once, in a scan and as an upload, and the server
// stops when asked.
func TestAFileOfFiftyThousandTagFramesIsRefusedAtOnce(t *testing.T) {
	audio, err := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", "sine.mp3"))
	if err != nil {
		t.Fatal(err)
	}
	bomb := mediatest.ID3Tagged(audio, 50_000, 3, false)
	library := t.TempDir()
	if err := os.WriteFile(filepath.Join(library, "bomb.mp3"), bomb, 0o644); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join("..", "..", "testdata", "audio", "sine.mp3"), filepath.Join(library, "fine.mp3"))
	p := startBinary(t, t.TempDir(), "MUSICIFY_LIBRARY_DIRS="+library)
	c := signUpBinary(t, p, "owner")
	st := waitForScan(t, c, p.URL)
	if st.Added != 1 || len(st.Failures) != 1 || st.Failures[0].Path != "bomb.mp3" || !strings.Contains(st.Failures[0].Reason, "tag frames") {
		t.Fatalf("scan %+v", st)
	}

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("song", "Bomb")
	fw, _ := mw.CreateFormFile("audio", "bomb.mp3")
	_, _ = fw.Write(bomb)
	_ = mw.Close()
	res, err := c.Post(p.URL+"/api/upload", mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode/100 != 4 || !strings.Contains(string(answer), "tag frames") {
		t.Errorf("upload: %d %s", res.StatusCode, answer)
	}

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.done:
	case <-time.After(2 * time.Minute): // a guard against a hang, not a speed check
		t.Fatalf("SIGTERM did not stop the server:\n%s", p.log())
	}
	if !strings.Contains(p.log(), `msg=stopped`) {
		t.Errorf("no clean stop in the log:\n%s", p.log())
	}
}
