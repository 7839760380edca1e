package main

import (
	"context"
	"errors"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/supervise"
)

// supervisedBus hands every event to its subscriber under the supervisor:
// a subscriber that panics on one event still gets the next.
type supervisedBus struct {
	musicify.Bus
	super *supervise.Supervisor
}

func (b supervisedBus) Subscribe(ctx context.Context, handle func(context.Context, musicify.Event)) error {
	return b.Bus.Subscribe(ctx, func(ctx context.Context, e musicify.Event) {
		_ = b.super.Do("events", func() error {
			handle(ctx, e)
			return nil
		})
	})
}

// supervisedApply applies an event under the supervisor. An event whose
// apply panics is skipped (and reported): applying it again would panic
// again and hold up every event after it.
func supervisedApply(super *supervise.Supervisor, worker string, apply func(context.Context, musicify.Event) error) func(context.Context, musicify.Event) error {
	return func(ctx context.Context, e musicify.Event) error {
		err := super.Do(worker, func() error { return apply(ctx, e) })
		if errors.As(err, new(*supervise.PanicError)) {
			return nil
		}
		return err
	}
}

var panicsDesc = prometheus.NewDesc("musicify_background_panics_total",
	"Panics recovered in background work, by worker; each is in the log with its stack.", []string{"worker"}, nil)

// panicsCollector reports the supervisor's counts, a zero for every
// worker that has run, so an alert can watch them from the start.
type panicsCollector struct{ super *supervise.Supervisor }

func (c panicsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- panicsDesc }

func (c panicsCollector) Collect(ch chan<- prometheus.Metric) {
	for worker, n := range c.super.Panics() {
		ch <- prometheus.MustNewConstMetric(panicsDesc, prometheus.CounterValue, float64(n), worker)
	}
}

// modelGauge is the size of the recommendation model in use: 0 until the
// first is trained (or loaded from the instance that trained it).
func modelGauge(engine *recommend.Engine) prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "musicify_recommend_model_items",
		Help: "Songs the recommendation model in use has learned; 0 before the first model."},
		func() float64 {
			if m := engine.Model(); m != nil {
				return float64(len(m.Items))
			}
			return 0
		})
}
