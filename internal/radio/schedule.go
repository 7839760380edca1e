// Package radio runs scheduled stations where every listener hears the
// same second: the server's clock decides the position, clients measure
// their offset to it, and listener counts go out through a hub.
package radio

import (
	"math"
	"math/bits"
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
	if elapsed == math.MaxInt64 { // Sub saturates past 292 years (a start never set is year 1)
		offset := longOffset(start, now, duration)
		return Now{Live: true, LoopStart: now.Add(-offset).In(start.Location()), Offset: offset}
	}
	loops := elapsed / duration
	loopStart := start.Add(loops * duration)
	return Now{Live: true, LoopStart: loopStart, Offset: now.Sub(loopStart)}
}

// longOffset is (now − start) mod d for instants too far apart for a
// Duration, counted in 128-bit nanoseconds; now is after start.
func longOffset(start, now time.Time, d time.Duration) time.Duration {
	hi, lo := bits.Mul64(uint64(now.Unix()-start.Unix()), 1e9)
	var carry uint64
	if nanos := now.Nanosecond() - start.Nanosecond(); nanos >= 0 {
		lo, carry = bits.Add64(lo, uint64(nanos), 0)
		hi += carry
	} else {
		lo, carry = bits.Sub64(lo, uint64(-nanos), 0)
		hi -= carry
	}
	_, rem := bits.Div64(hi%uint64(d), lo, uint64(d))
	return time.Duration(rem)
}
