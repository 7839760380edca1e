// Package radio runs scheduled stations where every listener hears the
// same second: the server's clock decides the position, clients measure
// their offset to it, and listener counts go out through a hub.
package radio

import (
	"time"
)

// Now is where a station is at an instant: before its start it is waiting;
// from then on it loops its audio, each loop starting where the last ended.
type Now struct {
	Live bool
	// LoopStart is when the current loop began (the first start, before it).
	LoopStart time.Time
	// Offset is how far into the audio the station is.
	Offset time.Duration
	// Until is how long until the start, while waiting.
	Until time.Duration
}

// At computes a station's state. The arithmetic is on instants, so time
// zones and daylight saving changes cannot move it.
func At(start time.Time, duration time.Duration, now time.Time) Now {
	if now.Before(start) {
		return Now{LoopStart: start, Until: start.Sub(now)}
	}
	if duration <= 0 {
		return Now{Live: true, LoopStart: start}
	}
	elapsed := now.Sub(start)
	loops := elapsed / duration
	loopStart := start.Add(loops * duration)
	return Now{Live: true, LoopStart: loopStart, Offset: now.Sub(loopStart)}
}
