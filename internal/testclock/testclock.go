// Package testclock is the clock tests move by hand: services and stores
// take its Now, and a test advances it instead of waiting.
package testclock

import (
	"sync"
	"time"
)

// Clock is a time that changes only when a test says so. It is safe for
// concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New is a clock that reads at.
func New(at time.Time) *Clock { return &Clock{now: at} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}
