package radio

import (
	"testing"
	"time"
	_ "time/tzdata" // the zones, whatever the machine has installed
)

func TestAStationWaitsThenLoops(t *testing.T) {
	start := time.Date(2026, 11, 21, 16, 0, 0, 0, time.UTC)
	d := 90 * time.Second
	for _, tc := range []struct {
		name      string
		at        time.Time
		live      bool
		loopStart time.Time
		offset    time.Duration
		until     time.Duration
	}{
		{"an hour before", start.Add(-time.Hour), false, start, 0, time.Hour},
		{"a millisecond before", start.Add(-time.Millisecond), false, start, 0, time.Millisecond},
		{"at the start", start, true, start, 0, 0},
		{"into the first loop", start.Add(42 * time.Second), true, start, 42 * time.Second, 0},
		{"the last millisecond of a loop", start.Add(d - time.Millisecond), true, start, d - time.Millisecond, 0},
		{"exactly at the loop boundary", start.Add(d), true, start.Add(d), 0, 0},
		{"just after the boundary", start.Add(d + time.Millisecond), true, start.Add(d), time.Millisecond, 0},
		{"many loops later", start.Add(1000*d + 5*time.Second), true, start.Add(1000 * d), 5 * time.Second, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := At(start, d, tc.at)
			if got.Live != tc.live || !got.LoopStart.Equal(tc.loopStart) || got.Offset != tc.offset || got.Until != tc.until {
				t.Fatalf("At = %+v", got)
			}
		})
	}
}

func TestDaylightSavingAndTimeZonesCannotMoveTheSchedule(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	// 01:30 local on the night the clocks go forward (02:00 → 03:00).
	start := time.Date(2026, 3, 29, 1, 30, 0, 0, berlin)
	d := time.Hour
	// Two wall-clock hours later reads 04:30, but only one real hour passed.
	later := time.Date(2026, 3, 29, 4, 30, 0, 0, berlin)
	if got := At(start, d, later); !got.Live || got.Offset != 0 || !got.LoopStart.Equal(start.Add(2*time.Hour)) {
		t.Fatalf("across the change: %+v (real time passed: %v)", got, later.Sub(start))
	}
	// The same instant written in other zones is the same position.
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	now := start.Add(25 * time.Minute)
	a, b := At(start, d, now), At(start.In(tokyo), d, now.In(time.UTC))
	if a.Offset != b.Offset || !a.LoopStart.Equal(b.LoopStart) || a.Offset != 25*time.Minute {
		t.Fatalf("zones disagree: %+v vs %+v", a, b)
	}
}

// Past 292 years a time.Duration no longer holds the time since the start:
// a station whose start was never set (year 1) plays a place in its audio
// all the same, not one centuries past its end.
func TestAStationStartedCenturiesAgoIsStillWithinItsAudio(t *testing.T) {
	now := time.Date(2026, 11, 21, 16, 0, 30, 500, time.UTC)
	d := 90 * time.Second
	for _, tc := range []struct {
		name  string
		start time.Time
	}{
		{"started three centuries ago", now.AddDate(-300, 0, 0).Add(-400)},
		{"whose start was never set", time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := time.Duration((now.Unix()-tc.start.Unix())%90)*time.Second + time.Duration(now.Nanosecond()-tc.start.Nanosecond())
			got := At(tc.start, d, now)
			if !got.Live || got.Offset != want || !got.LoopStart.Add(got.Offset).Equal(now) {
				t.Fatalf("At = %+v, want %v into the audio", got, want)
			}
		})
	}
}
