package httpapi_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/httpapi"
)

// rawRequest opens a connection of its own and sends head, so a test can
// then send the body as slowly as an attacker would.
func rawRequest(t *testing.T, e *env, head string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	return conn
}

// answerOn reads the response on conn, failing after a generous guard.
func answerOn(t *testing.T, conn net.Conn) (int, string) {
	t.Helper()
	status, msg, err := readAnswer(conn)
	if err != nil {
		t.Fatalf("no answer to a slow body: %v", err)
	}
	return status, msg
}

func readAnswer(conn net.Conn) (int, string, error) {
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	var m struct{ Message string }
	_ = json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m.Message, nil
}

// 20,000 clients sending a byte every 10 s to /api/auth/login took every
// file descriptor. A JSON body now has to arrive within BodyTimeout.
func TestATrickledJSONBodyIsCutOffWhileOthersAreServed(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.BodyTimeout = 300 * time.Millisecond })
	host := strings.TrimPrefix(e.URL, "http://")
	conn := rawRequest(t, e, "POST /api/auth/login HTTP/1.1\r\nHost: "+host+
		"\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{")
	sent := make(chan int, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() { // a byte every few milliseconds: 4000 of them would take far longer than the test
		n := 1
		defer func() { sent <- n }()
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			if _, err := conn.Write([]byte(" ")); err != nil {
				return
			}
			n++
		}
	}()

	if r := e.client().get("/healthz"); r.Status != http.StatusOK {
		t.Fatalf("healthz while a body trickles: %d %s", r.Status, r.Raw)
	}
	status, msg := answerOn(t, conn)
	if status != http.StatusRequestTimeout || !strings.Contains(msg, "took too long to arrive") {
		t.Fatalf("a trickled body got %d %q, want 408", status, msg)
	}
	conn.Close()
	if n := <-sent; n >= 4000 {
		t.Fatalf("the whole body arrived (%d bytes) before the cut", n)
	}
	// A body that arrives in time is still read as before.
	expect(t, e.client().post("/api/auth/login", creds{"username": "nobody", "password": "secret1"}), 401, "")
}

const uploadHead = "--b\r\nContent-Disposition: form-data; name=\"audio\"; filename=\"a.mp3\"\r\nContent-Type: audio/mpeg\r\n\r\n"

// An upload is judged by its rate on the server's clock: a client that
// sends a few bytes per window is told so and cut off.
func TestAnUploadBelowTheMinimumRateGets408(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.UploadMinRate, s.UploadWindow = 16<<10, 30*time.Second })
	ann := e.signUp("ann-slow", "ann@example.com", "secret1")
	conn := rawRequest(t, e, "POST /api/upload HTTP/1.1\r\nHost: "+strings.TrimPrefix(e.URL, "http://")+
		"\r\nCookie: "+cookieOf(t, ann)+"\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n")
	chunk := func(data string) { fmt.Fprintf(conn, "%x\r\n%s\r\n", len(data), data) }
	chunk(uploadHead)
	type answer struct {
		status int
		msg    string
		err    error
	}
	answered := make(chan answer, 1)
	go func() { // read while sending, as a browser does
		status, msg, err := readAnswer(conn)
		answered <- answer{status, msg, err}
	}()
	guard := time.After(10 * time.Second)
	for {
		select {
		case a := <-answered:
			if a.status != http.StatusRequestTimeout || a.msg != "The upload was too slow (under 16 KB a second over 30 seconds). Please try again on a faster connection." {
				t.Fatalf("a trickled upload got %d %q %v, want 408", a.status, a.msg, a.err)
			}
			return
		case <-guard:
			t.Fatal("a trickled upload was never cut off")
		default:
		}
		// Ten bytes per 20 s of the server's clock; the short real pause only
		// keeps the test from sending megabytes if the server never reads.
		chunk("xxxxxxxxxx")
		e.Clock.Advance(20 * time.Second)
		time.Sleep(time.Millisecond)
	}
}

// cookieOf is the Cookie header of a signed-in client.
func cookieOf(t *testing.T, c *client) string {
	t.Helper()
	var cookie []string
	for _, ck := range c.http.Jar.Cookies(mustURL(t, c.e.URL)) {
		cookie = append(cookie, ck.Name+"="+ck.Value)
	}
	return strings.Join(cookie, "; ")
}

// A client that starts an upload and then sends nothing at all is cut off
// by the read deadline of two windows, on the real clock.
func TestASilentUploadGets408(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.UploadWindow = 100 * time.Millisecond })
	ann := e.signUp("ann-silent", "ann@example.com", "secret1")
	conn := rawRequest(t, e, "POST /api/upload HTTP/1.1\r\nHost: "+strings.TrimPrefix(e.URL, "http://")+
		"\r\nCookie: "+cookieOf(t, ann)+"\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n"+uploadHead)
	if status, msg := answerOn(t, conn); status != http.StatusRequestTimeout || !strings.Contains(msg, "The upload was too slow") {
		t.Fatalf("a silent upload got %d %q, want 408", status, msg)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
