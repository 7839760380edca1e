package main

import (
	"bytes"
	"compress/zlib"
	be "encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/musicify/musicify/internal/testserver"
)

// Text fields of any name were held in memory until the form was read
// (8 uploads of 420 half-megabyte fields reached 2.44 GB), and a 7000×7000
// 16-bit PNG of a few hundred KB decoded to 560 MB (4 at once: 2.3 GB).
// Both are refused now before they take memory.
func TestHostileFormsAndCoversKeepTheServerSmall(t *testing.T) {
	p := startBinary(t, t.TempDir())
	c := signUpBinary(t, p, "flood")
	png := hugePNG(t, 7000, 7000)

	type answer struct {
		what         string
		status, want int
		err          error
	}
	answers := make(chan answer, 12)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			status, err := postForm(c, p.URL+"/api/upload", func(mw *multipart.Writer) error {
				field := bytes.Repeat([]byte("j"), 512<<10)
				for j := range 420 {
					w, err := mw.CreateFormField(fmt.Sprintf("junk%d", j))
					if err != nil {
						return err
					}
					if _, err := w.Write(field); err != nil {
						return err
					}
				}
				return nil
			})
			answers <- answer{fmt.Sprintf("upload %d", i), status, 400, err}
		})
	}
	for i := range 4 {
		wg.Go(func() {
			status, err := postForm(c, p.URL+"/api/artist/cover", func(mw *multipart.Writer) error {
				w, err := mw.CreateFormFile("cover", "huge.png")
				if err == nil {
					_, err = w.Write(png)
				}
				return err
			})
			answers <- answer{fmt.Sprintf("cover %d", i), status, 413, err}
		})
	}
	wg.Wait()
	close(answers)
	for a := range answers {
		if a.err != nil || a.status != a.want {
			t.Errorf("%s: status %d, err %v; want %d", a.what, a.status, a.err, a.want)
		}
	}
	if peak := p.peakRSS(t); peak > 300<<20 {
		t.Errorf("peak RSS %d MiB, want under 300 MiB", peak>>20)
	}
}

// A part header of 10 MiB was read whole into memory: 100 such forms at
// once took 1.07 GB. Each part's headers are capped at 16 KB now.
func TestHugePartHeadersKeepTheServerSmall(t *testing.T) {
	p := startBinary(t, t.TempDir())
	c := signUpBinary(t, p, "headers")
	line := strings.Repeat("h", 10<<20)
	statuses := make(chan int, 100)
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			status, err := postForm(c, p.URL+"/api/upload", func(mw *multipart.Writer) error {
				_, err := mw.CreatePart(map[string][]string{"Content-Disposition": {`form-data; name="song"`}, "X-Padding": {line}})
				return err
			})
			// The server answers 400 before the 10 MiB arrive and closes
			// the connection: a client still writing sees only the close
			// (a broken pipe, a reset, an EOF), which is the same refusal.
			_ = err
			statuses <- status
		})
	}
	wg.Wait()
	close(statuses)
	answered := 0
	for status := range statuses {
		// 408: on a busy machine a form may arrive slower than uploads
		// must (16 KB/s) before its headers reach the cap; refused too.
		if status != 0 && status != http.StatusBadRequest && status != http.StatusRequestTimeout {
			t.Errorf("status %d, want 400", status)
		}
		if status == http.StatusBadRequest {
			answered++
		}
	}
	if answered == 0 {
		t.Error("no form was answered 400")
	}
	if res, err := http.Get(p.URL + "/healthz"); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the server after the forms: %v %v", res, err)
	}
	if peak := p.peakRSS(t); peak > 300<<20 {
		t.Errorf("peak RSS %d MiB, want under 300 MiB", peak>>20)
	}
}

// postForm streams a multipart form written by fill and returns the status.
func postForm(c *http.Client, url string, fill func(*multipart.Writer) error) (int, error) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := fill(mw)
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequest(http.MethodPost, url, pr)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.Do(req)
	pr.Close() // the server may answer before reading it all
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

var signUpCode = regexp.MustCompile(`(\d{6}) is your Musicify sign-up code`)

// signUpBinary makes an account on p, reading the code from its log as a
// server without SMTP writes it there, and returns a signed-in client.
func signUpBinary(t *testing.T, p *proc, name string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	post := func(path, body string) {
		t.Helper()
		res, err := c.Post(p.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, res.StatusCode, b)
		}
	}
	creds := fmt.Sprintf(`"username":%q,"email":"%s@example.com","password":"secret1"`, name, name)
	post("/api/auth/cheak", "{"+creds+"}")
	// The code is in no log: the owner reads it with `musicify mail`.
	p.waitLog(t, "mail kept instead of sent (no MUSICIFY_SMTP_URL): read it with `musicify mail` on this server\" to="+name+"@example.com")
	mail := exec.Command(testserver.Musicify(t), "mail", "--to", name+"@example.com", "-n", "1")
	mail.Env = p.cmd.Env
	out, err := mail.CombinedOutput()
	m := signUpCode.FindSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("no sign-up code from musicify mail (%v):\n%s", err, out)
	}
	code := string(m[1])
	post("/api/auth/signup", "{"+creds+`,"otp":"`+code+`"}`)
	return c
}

// hugePNG is a valid RGB PNG of w×h 16-bit black pixels: a few hundred KB
// that decode to w*h*8 bytes. It is written row by row, never held whole.
func hugePNG(t *testing.T, w, h int) []byte {
	t.Helper()
	chunk := func(out *bytes.Buffer, kind string, data []byte) {
		out.Write(be.BigEndian.AppendUint32(nil, uint32(len(data))))
		body := append([]byte(kind), data...)
		out.Write(body)
		out.Write(be.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(body)))
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := be.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = be.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk(&out, "IHDR", append(ihdr, 16, 2, 0, 0, 0))
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	row := make([]byte, 1+w*6) // filter byte, then RGB at 16 bits
	for range h {
		if _, err := z.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	chunk(&out, "IDAT", idat.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes()
}
