package httpapi_test

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/httpapi/platform"
)

// held sends a request whose body stays open until the returned func is
// called, so the request is in flight until then.
func held(t *testing.T, e *env, method, path string) (release func()) {
	t.Helper()
	r, w := io.Pipe()
	req, err := http.NewRequest(method, e.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	done := make(chan struct{})
	go func() {
		defer close(done)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
	}()
	// Taken from the pipe once the request is being sent; the first bytes
	// reach the handler, whose read then waits for the rest.
	if _, err := w.Write([]byte(`{"username":`)); err != nil {
		t.Fatal(err)
	}
	return func() {
		w.Write([]byte(`"x"}`))
		w.Close()
		<-done
	}
}

// The requests people wait for hold background work back until they end.
func TestBackgroundWorkWaitsForTheRequestsInFlight(t *testing.T) {
	gauge := &foreground.Gauge{}
	e := newEnv(t, func(s *httpapi.Server) { s.Foreground = gauge })

	release := held(t, e, http.MethodPost, "/api/auth/login")
	for gauge.InFlight() != 1 { // until the handler has it
		time.Sleep(time.Millisecond)
	}
	waiting := make(chan struct{})
	go func() {
		gauge.Yield(context.Background(), time.Hour)
		close(waiting)
	}()
	select {
	case <-waiting:
		t.Fatal("background work went ahead while a sign-in was in flight")
	case <-time.After(50 * time.Millisecond): // it may wait far longer; it must not return at all
	}
	release()
	<-waiting // the sign-in ended: it goes on (else the test times out)
	if n := gauge.InFlight(); n != 0 {
		t.Errorf("%d in flight after the sign-in", n)
	}
}

// Uploads, streams, downloads and the WebSocket last as long as the audio
// or the connection and wait on the network: they are not counted.
func TestLongRequestsDoNotHoldBackgroundWork(t *testing.T) {
	for path, long := range map[string]bool{
		"/api/upload": true, "/api/ws": true, "/media/songs/x/original.mp3": true, "/media/s/songs/x/stream.mp3": true,
		"/rest/stream.view": true, "/rest/download": true, "/rest/stream": true,
		"/api/search": false, "/rest/search3.view": false, "/api/auth/login": false, "/home": false, "/rest/streamer": false,
	} {
		if got := platform.LongLived(path); got != long {
			t.Errorf("%s: long-lived %v, want %v", path, got, long)
		}
	}
}
