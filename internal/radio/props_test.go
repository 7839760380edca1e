package radio

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"
)

// Years RFC 3339 can write, which is what a station's start is parsed from.
var (
	firstInstant = time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC)
	lastInstant  = time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC)
)

// Wherever a station starts and whatever its audio's length, a listener
// tuning in at any instant hears a place within the audio: a station
// started centuries ago, or set in year 1 by a bad row, is no exception.
func TestAStationIsAlwaysSomewhereInItsAudio(t *testing.T) {
	start := time.Date(2026, 11, 21, 16, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name     string
		start    time.Time
		duration time.Duration
		now      time.Time
	}{
		{"a nanosecond of audio", start, 1, start.Add(time.Hour + 7)},
		{"no audio at all", start, 0, start.Add(time.Hour)},
		{"audio of negative length", start, -time.Second, start.Add(time.Hour)},
		{"the longest audio a duration holds", start, math.MaxInt64, start.Add(time.Hour)},
		{"a station that started three centuries ago", start.AddDate(-300, 0, 0), 90 * time.Second, start},
		{"a station whose start was never set", time.Time{}, 3*time.Minute + 7*time.Millisecond, start},
		{"the first instant to the last", firstInstant, 1234567 * time.Microsecond, lastInstant},
		{"the last instant, waiting", lastInstant, time.Minute, firstInstant},
	} {
		t.Run(tc.name, func(t *testing.T) { checkAt(t, tc.start, tc.duration, tc.now) })
	}
	r := rand.New(rand.NewPCG(1, 0x726164696f))
	for range 2000 {
		checkAt(t, instant(r), duration(r), instant(r))
	}
}

// FuzzAt asks for a station's place at any instant of RFC 3339's years,
// for audio of any length.
func FuzzAt(f *testing.F) {
	f.Add(int64(1795795200), int64(0), int64(90e9), int64(1795795242), int64(0))
	f.Add(int64(-62135596800), int64(0), int64(1), int64(253402300799), int64(999999999))
	f.Add(int64(0), int64(0), int64(0), int64(0), int64(0))
	f.Add(int64(100), int64(5), int64(math.MaxInt64), int64(-100), int64(5))
	f.Fuzz(func(t *testing.T, startSec, startNsec, d, nowSec, nowNsec int64) {
		checkAt(t, within(startSec, startNsec), time.Duration(d), within(nowSec, nowNsec))
	})
}

// within maps any seconds and nanoseconds into RFC 3339's years.
func within(sec, nsec int64) time.Time {
	lo, span := firstInstant.Unix(), lastInstant.Unix()-firstInstant.Unix()+1
	return time.Unix(lo+((sec%span)+span)%span, ((nsec%1e9)+1e9)%1e9)
}

// instant is a random time: near the start of the test stations, or
// anywhere in RFC 3339's years.
func instant(r *rand.Rand) time.Time {
	base := time.Date(2026, 11, 21, 16, 0, 0, 0, time.UTC)
	switch r.IntN(3) {
	case 0:
		return base.Add(time.Duration(r.Int64N(2*int64(time.Hour))) - time.Hour)
	case 1:
		return base.AddDate(r.IntN(600)-300, 0, 0).Add(time.Duration(r.Int64()))
	}
	return within(r.Int64(), r.Int64())
}

// duration is a random length of audio: none or negative, a few
// nanoseconds, a song's, or up to the longest a Duration holds.
func duration(r *rand.Rand) time.Duration {
	switch r.IntN(4) {
	case 0:
		return time.Duration(r.IntN(5) - 2)
	case 1:
		return time.Duration(r.Int64N(int64(10 * time.Minute)))
	case 2:
		return time.Duration(r.Int64())
	}
	return time.Duration(r.Int64N(1000))
}

// checkAt checks At against exact arithmetic on nanoseconds: before the
// start the station waits for it; from then on it is Offset into its
// audio, less than the audio's length, at a loop that began a whole
// number of loops after the start.
func checkAt(t *testing.T, start time.Time, d time.Duration, now time.Time) {
	t.Helper()
	got := At(start, d, now)
	fail := func(want string) {
		t.Helper()
		t.Fatalf("At(%v, %v, %v) = %+v; want %s", start, d, now, got, want)
	}
	if now.Before(start) {
		if got.Live || !got.LoopStart.Equal(start) || got.Offset != 0 || got.Until <= 0 ||
			(got.Until != start.Sub(now)) {
			fail("waiting for the start")
		}
		return
	}
	if !got.Live || got.Until != 0 {
		fail("live")
	}
	if d <= 0 {
		if !got.LoopStart.Equal(start) || got.Offset != 0 {
			fail("the start, with no audio to loop")
		}
		return
	}
	elapsed := new(big.Int).Sub(nanos(now), nanos(start))
	offset := new(big.Int).Mod(elapsed, big.NewInt(int64(d)))
	loopStart := new(big.Int).Sub(nanos(now), offset)
	if got.Offset < 0 || got.Offset >= d || big.NewInt(int64(got.Offset)).Cmp(offset) != 0 || nanos(got.LoopStart).Cmp(loopStart) != 0 {
		fail(fmt.Sprintf("%v into the audio, in the loop that began %v ns after 1970", time.Duration(offset.Int64()), loopStart))
	}
}

// nanos is t in nanoseconds since 1970, however far from it.
func nanos(t time.Time) *big.Int {
	n := new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9))
	return n.Add(n, big.NewInt(int64(t.Nanosecond())))
}
