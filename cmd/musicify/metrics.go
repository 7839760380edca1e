package main

import (
	"context"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	busnats "github.com/musicify/musicify/internal/bus/nats"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
)

// ops is what /readyz checks and /metrics reports beyond the requests.
type ops struct {
	nats *busnats.Conn // nil with the in-process bus
	// followers are the event subscribers whose lag behind the event log
	// the metrics show, by name (search, recommend, radio).
	followers []follower
}

type follower struct {
	name string
	last func() uint64
}

// followEvents names an event subscriber (a *bus.Follower's Last) whose
// lag /metrics reports; call it before Run's server starts.
func (m *Main) followEvents(name string, last func() uint64) {
	m.ops.followers = append(m.ops.followers, follower{name, last})
}

// observe gives api its readiness checks and, with MUSICIFY_METRICS_TOKEN,
// a registry of its own (not the global one, so instances in one test
// process do not clash) with every collector.
func (m *Main) observe(api *httpapi.Server, blobs musicify.BlobStore) {
	api.Ready = []httpapi.ReadyCheck{{Name: "database", Check: m.DB.Ping}, {Name: "disk", Check: m.diskRoom}}
	if p, ok := blobs.(interface{ Ping(context.Context) error }); ok {
		api.Ready = append(api.Ready, httpapi.ReadyCheck{Name: "storage", Check: p.Ping})
	}
	// NATS is not among them: without the broker an instance still serves
	// everyone, its events coming from the event log every EventSync, so a
	// broker outage must not take every instance out of the balancer at
	// once. /metrics (musicify_nats_connected) and the log say it is down.
	if m.Config.MetricsToken == "" {
		return
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(m.DB.Pool(), "musicify"),
		&jobsCollector{counts: m.DB.JobCounts},
		panicsCollector{m.super},
		modelGauge(m.engine),
	)
	if log, ok := any(m.DB).(musicify.EventLog); ok {
		reg.MustRegister(&eventsCollector{head: log.LastEventSeq, followers: &m.ops.followers})
	}
	if nc := m.ops.nats; nc != nil {
		registerNATS(reg, nc)
	}
	api.Metrics, api.MetricsToken = reg, m.Config.MetricsToken
}

// minFreeDisk is the room an instance needs on the disk of its data dir
// (its uploads in progress, and SQLite's file when it is the database):
// with less, writes fail, and the instance says it cannot serve.
const minFreeDisk = 16 << 20

// diskRoom checks that the data dir's disk has room for writes.
func (m *Main) diskRoom(context.Context) error { return roomIn(m.Config.TempDir, m.MinFreeDisk) }

// roomIn checks that the disk of dir has least bytes free.
func roomIn(dir string, least uint64) error {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return err
	}
	if st.Bavail*uint64(st.Bsize) < least {
		return musicify.Errorf(musicify.EUNAVAILABLE, "out of space")
	}
	return nil
}

// scrapeTimeout bounds the queries a scrape makes.
const scrapeTimeout = 5 * time.Second

var jobsDesc = prometheus.NewDesc("musicify_jobs", "Background jobs waiting (pending), running and failed, in the shared database.", []string{"state"}, nil)

// jobsCollector reads the job counts from the database at each scrape, so
// every instance reports the same, whole truth.
type jobsCollector struct {
	counts func(context.Context) (map[string]int, error)
}

func (c *jobsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- jobsDesc }

func (c *jobsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	counts, err := c.counts(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(jobsDesc, err)
		return
	}
	for state, n := range counts {
		ch <- prometheus.MustNewConstMetric(jobsDesc, prometheus.GaugeValue, float64(n), state)
	}
}

var (
	eventsHeadDesc = prometheus.NewDesc("musicify_events_head_seq", "Sequence number of the newest event in the event log.", nil, nil)
	eventsLastDesc = prometheus.NewDesc("musicify_events_applied_seq", "Sequence number of the last event a subscriber of this instance applied.", []string{"subscriber"}, nil)
	eventsLagDesc  = prometheus.NewDesc("musicify_events_lag", "Events in the event log a subscriber of this instance has not applied yet.", []string{"subscriber"}, nil)
)

// eventsCollector shows how far each subscriber is behind the event log.
type eventsCollector struct {
	head      func(context.Context) (uint64, error)
	followers *[]follower
}

func (c *eventsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- eventsHeadDesc
	ch <- eventsLastDesc
	ch <- eventsLagDesc
}

func (c *eventsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	head, err := c.head(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(eventsHeadDesc, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(eventsHeadDesc, prometheus.GaugeValue, float64(head))
	for _, f := range *c.followers {
		last := f.last()
		ch <- prometheus.MustNewConstMetric(eventsLastDesc, prometheus.GaugeValue, float64(last), f.name)
		ch <- prometheus.MustNewConstMetric(eventsLagDesc, prometheus.GaugeValue, float64(head-min(last, head)), f.name)
	}
}

// registerNATS reports the broker connection: whether it is up, and the
// messages (events, radio) it carried each way.
func registerNATS(reg prometheus.Registerer, nc *busnats.Conn) {
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "musicify_nats_connected", Help: "1 while connected to the NATS broker."},
			func() float64 {
				if nc.Connected() {
					return 1
				}
				return 0
			}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "musicify_nats_messages_published_total", Help: "Messages (events, radio) sent to the NATS broker."},
			func() float64 { return float64(nc.Stats().OutMsgs) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "musicify_nats_messages_delivered_total", Help: "Messages (events, radio) received from the NATS broker."},
			func() float64 { return float64(nc.Stats().InMsgs) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "musicify_nats_reconnects_total", Help: "Reconnections to the NATS broker."},
			func() float64 { return float64(nc.Stats().Reconnects) }),
	)
}
