package httpapi_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
)

const metricsToken = "test-metrics-token-0123456789abcdef"

func withMetrics(s *httpapi.Server) {
	s.Metrics, s.MetricsToken = prometheus.NewRegistry(), metricsToken
}

// scrape reads /metrics with auth as the Authorization header ("" for none).
func (e *env) scrape(auth string) (int, string, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.URL+"/metrics", nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), string(body)
}

func TestMetricsAreOffUnlessATokenIsSet(t *testing.T) {
	for name, tweak := range map[string]func(*httpapi.Server){
		"no registry":      func(*httpapi.Server) {},
		"registry, no key": func(s *httpapi.Server) { s.Metrics = prometheus.NewRegistry() },
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, tweak)
			status, _, body := e.scrape("Bearer ")
			if status != http.StatusNotFound || strings.Contains(body, "musicify_") || strings.Contains(body, "<title>") {
				t.Fatalf("GET /metrics = %d %q, want the API's 404", status, body)
			}
		})
	}
}

func TestMetricsNeedTheBearerToken(t *testing.T) {
	e := newEnv(t, withMetrics)
	for _, auth := range []string{"", "Bearer wrong", "Bearer " + metricsToken + "x", "Basic " + metricsToken, metricsToken} {
		status, _, body := e.scrape(auth)
		if status != http.StatusUnauthorized || strings.Contains(body, "musicify_http") {
			t.Errorf("with Authorization %q: %d, want 401", auth, status)
		}
	}
	status, ctype, _ := e.scrape("Bearer " + metricsToken)
	if status != http.StatusOK || !strings.HasPrefix(ctype, "text/plain") {
		t.Fatalf("with the token: %d %s", status, ctype)
	}
}

func TestMetricsCountRequestsByRoutePatternNotPath(t *testing.T) {
	e := newEnv(t, withMetrics)
	c := e.signUp("ann", "ann@example.com", "secret1")
	expect(t, c.get("/api/songs/q7x9zsongid"), http.StatusNotFound, "")
	expect(t, c.get("/api/songs/q7x9zotherid"), http.StatusNotFound, "")
	expect(t, c.get("/api/auth/profile"), http.StatusOK, "")

	_, _, body := e.scrape("Bearer " + metricsToken)
	for _, want := range []string{
		"# TYPE musicify_http_requests_total counter",
		`musicify_http_requests_total{route="GET /api/songs/{id}",status="4xx"} 2`,
		`musicify_http_requests_total{route="GET /api/auth/profile",status="2xx"} 1`,
		"# TYPE musicify_http_request_duration_seconds histogram",
		`musicify_http_request_duration_seconds_count{route="GET /api/songs/{id}",status="4xx"} 2`,
		"# TYPE musicify_http_streams_in_flight gauge",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(body, "q7x9z") {
		t.Error("/metrics names a raw path: every song id would be a new series")
	}
}

// gate holds Authenticate for one token until released, so a media
// request stays in flight for as long as the test needs.
type gate struct {
	musicify.AccountService
	token    string
	entered  chan struct{}
	released chan struct{}
}

func (g *gate) Authenticate(ctx context.Context, token string) (*musicify.User, *musicify.Session, bool, error) {
	if token == g.token {
		g.entered <- struct{}{}
		<-g.released
	}
	return g.AccountService.Authenticate(ctx, token)
}

func TestStreamsInFlightCountMediaBeingSent(t *testing.T) {
	g := &gate{token: "held", entered: make(chan struct{}), released: make(chan struct{})}
	e := newEnv(t, withMetrics, func(s *httpapi.Server) { g.AccountService = s.Accounts; s.Accounts = g })
	const gauge = "\nmusicify_http_streams_in_flight "

	done := make(chan int)
	go func() {
		req, _ := http.NewRequest(http.MethodGet, e.URL+"/media/songs/s1/audio.mp3", nil)
		req.AddCookie(&http.Cookie{Name: "musicify_session", Value: "held"})
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- 0
			return
		}
		res.Body.Close()
		done <- res.StatusCode
	}()
	select {
	case <-g.entered:
	case <-time.After(60 * time.Second):
		t.Fatal("the media request never arrived")
	}
	_, _, body := e.scrape("Bearer " + metricsToken)
	if !strings.Contains(body, gauge+"1\n") {
		t.Errorf("with a stream in flight, /metrics says %q", grep(body, "streams_in_flight"))
	}
	close(g.released)
	if status := <-done; status != http.StatusUnauthorized {
		t.Fatalf("held media request = %d, want 401", status)
	}
	_, _, body = e.scrape("Bearer " + metricsToken)
	if !strings.Contains(body, gauge+"0\n") {
		t.Errorf("with the stream over, /metrics says %q", grep(body, "streams_in_flight"))
	}
}

// grep is the lines of text that contain s.
func grep(text, s string) string {
	var out []string
	for line := range strings.Lines(text) {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "")
}

func TestTwoHandlersOfOneServerShareItsMetrics(t *testing.T) {
	var api *httpapi.Server
	e := newEnv(t, withMetrics, func(s *httpapi.Server) { api = s })
	second := httptest.NewServer(api.Handler()) // registering twice would panic
	defer second.Close()
	if res, err := http.Get(second.URL + "/api/time"); err != nil {
		t.Fatal(err)
	} else {
		res.Body.Close()
	}
	_, _, body := e.scrape("Bearer " + metricsToken)
	if !strings.Contains(body, `musicify_http_requests_total{route="GET /api/time",status="2xx"} 1`) {
		t.Errorf("the second handler's request is not counted: %q", grep(body, "api/time"))
	}
}
