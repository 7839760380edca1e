package platform

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/musicify/musicify/internal/musicify"
)

// httpMetrics count requests by route pattern (never the raw path, so a
// song id never becomes a series) and status class.
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	streams  prometheus.Gauge
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "musicify_http_requests_total",
			Help: "HTTP requests answered, by route pattern and status class.",
		}, []string{"route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "musicify_http_request_duration_seconds",
			Help:    "Time from a request's arrival to the end of its answer, by route pattern and status class.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "status"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "musicify_http_streams_in_flight",
			Help: "Media responses (song and station audio) being sent now.",
		}),
	}
	reg.MustRegister(m.requests, m.duration, m.streams)
	return m
}

// instrument measures every request. It wraps the mux directly or through
// middleware that keeps the request, since the mux writes the matched
// pattern into the request it is given.
func (p *Platform) instrument(next http.Handler) http.Handler {
	p.metricsOnce.Do(func() { p.httpMetrics = newHTTPMetrics(p.Metrics) }) // a second Handler must not register twice
	m := p.httpMetrics
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		if isStream(r.URL.Path) {
			m.streams.Inc()
			defer m.streams.Dec()
		}
		rec := &StatusRecorder{ResponseWriter: w}
		defer func() {
			route := r.Pattern
			if route == "" {
				route = "unmatched" // e.g. a method the route does not take
			}
			status := rec.status
			if status == 0 {
				status = http.StatusOK // a handler that wrote nothing
			}
			class := strconv.Itoa(status/100) + "xx"
			m.requests.WithLabelValues(route, class).Inc()
			m.duration.WithLabelValues(route, class).Observe(time.Since(start).Seconds())
		}()
		next.ServeHTTP(rec, r)
	})
}

func isStream(path string) bool {
	for _, prefix := range []string{"/media/songs/", "/media/radio/", "/media/s/"} {
		if strings.HasPrefix(path, prefix) {
			return true
		}
	}
	return false
}

// MetricsHandler serves the registry in Prometheus' text format to a
// caller that sends MetricsToken as a bearer token; without a token
// configured the endpoint does not exist.
func (p *Platform) MetricsHandler() http.Handler {
	if p.Metrics == nil || p.MetricsToken == "" {
		return p.Serve(NotFound)
	}
	want := sha256.Sum256([]byte(p.MetricsToken))
	serve := promhttp.HandlerFor(p.Metrics, promhttp.HandlerOpts{
		ErrorLog: slogPrinter{p}, Registry: p.Metrics,
		ErrorHandling: promhttp.ContinueOnError, // one failing collector must not hide the rest
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		got := sha256.Sum256([]byte(token)) // equal lengths: the compare leaks nothing
		if !ok || subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			p.WriteError(w, r, musicify.Errorf(musicify.EUNAUTHORIZED, "Send the metrics token as a bearer token (MUSICIFY_METRICS_TOKEN)."))
			return
		}
		serve.ServeHTTP(w, r)
	})
}

// slogPrinter hands promhttp's errors (a collector that failed) to the log.
type slogPrinter struct{ p *Platform }

func (p slogPrinter) Println(v ...any) {
	p.p.Logger.Warn("collecting metrics", "err", fmt.Sprint(v...))
}
