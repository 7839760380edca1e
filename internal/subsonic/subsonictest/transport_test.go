package subsonictest

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// fakeServer answers getAlbum with album (JSON) or a fixed XML, scrobble
// with an empty envelope, and counts calls per endpoint and format.
func fakeServer(t *testing.T, album string) (*httptest.Server, map[string]int) {
	var mu sync.Mutex
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f := r.URL.Query().Get("f")
		mu.Lock()
		calls[r.URL.Path+" "+f]++
		mu.Unlock()
		body := okEnvelope("")
		if strings.HasPrefix(r.URL.Path, "/rest/getAlbum") {
			body = album
		}
		if f == "json" {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, body)
			return
		}
		w.Header().Set("Content-Type", "text/xml")
		io.WriteString(w, `<subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1"/>`)
	}))
	t.Cleanup(srv.Close)
	return srv, calls
}

func get(t *testing.T, client *http.Client, url string) string {
	t.Helper()
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestTransportChecksJSONAnswers(t *testing.T) {
	bad := edit(t, validSamples["getAlbum"][0], "subsonic-response.album.duration", "276")
	srv, _ := fakeServer(t, bad)
	r := &recorder{}
	client := &http.Client{Transport: Transport(r, nil)}
	body := get(t, client, srv.URL+"/rest/getAlbum.view?id=al1&f=json")
	if body != bad {
		t.Fatal("the client did not get the server's answer unchanged")
	}
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "subsonic-response.album.duration: want integer, got string") {
		t.Fatalf("reported %q", r.errs)
	}
}

func TestTransportChecksTheJSONTwinOfAnXMLCall(t *testing.T) {
	bad := edit(t, validSamples["getAlbum"][0], "subsonic-response.album.song", map[string]any{"id": "s1"})
	srv, calls := fakeServer(t, bad)
	r := &recorder{}
	client := &http.Client{Transport: Transport(r, nil)}
	if body := get(t, client, srv.URL+"/rest/getAlbum?id=al1&f=xml"); !strings.HasPrefix(body, "<subsonic-response") {
		t.Fatalf("client got %q, want the XML answer", body)
	}
	if calls["/rest/getAlbum json"] != 1 {
		t.Fatalf("calls %v, want one f=json twin", calls)
	}
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "subsonic-response.album.song: want array, got object") {
		t.Fatalf("reported %q", r.errs)
	}
}

func TestTransportNeverRepeatsAWrite(t *testing.T) {
	srv, calls := fakeServer(t, validSamples["getAlbum"][0])
	r := &recorder{}
	client := &http.Client{Transport: Transport(r, nil)}
	get(t, client, srv.URL+"/rest/scrobble.view?id=s1&f=xml")
	get(t, client, srv.URL+"/rest/getAlbum.view?id=al1&f=xml")
	if calls["/rest/scrobble.view json"] != 0 || calls["/rest/scrobble.view xml"] != 1 {
		t.Fatalf("calls %v: scrobble repeated", calls)
	}
	if len(r.errs) != 0 {
		t.Fatalf("a valid answer reported %q", r.errs)
	}
}
