package bustest

import (
	"context"
	"errors"
	"slices"
	"sort"
	"sync"

	"github.com/musicify/musicify/internal/musicify"
)

// Log is an in-memory event log: what the store's table does, for the
// suites (Seq 1, 2, 3… in the order of Append).
type Log struct {
	mu     sync.Mutex
	events []musicify.Event
	last   uint64
	fail   bool
}

var _ musicify.EventLog = (*Log)(nil)

// Append stores e with the next Seq and returns it, as a committed
// transaction does.
func (l *Log) Append(e musicify.Event) musicify.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.last++
	e.Seq = l.last
	l.events = append(l.events, e)
	return e
}

// Drop removes the event with seq, as a rolled-back transaction leaves a
// hole in a sequence.
func (l *Log) Drop(seq uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = slices.DeleteFunc(l.events, func(e musicify.Event) bool { return e.Seq == seq })
}

// SetFail makes reads fail (or work again), as a database that is down does.
func (l *Log) SetFail(fail bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fail = fail
}

func (l *Log) EventsAfter(_ context.Context, seq uint64, limit int) ([]musicify.Event, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fail {
		return nil, errors.New("the database is down")
	}
	i := sort.Search(len(l.events), func(i int) bool { return l.events[i].Seq > seq })
	end := min(i+limit, len(l.events))
	return append([]musicify.Event(nil), l.events[i:end]...), nil
}

func (l *Log) LastEventSeq(context.Context) (uint64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.events) == 0 {
		return 0, nil
	}
	return l.events[len(l.events)-1].Seq, nil
}
