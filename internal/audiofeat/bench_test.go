//go:build unix

package audiofeat

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkAnalyzeMinute is the CPU one minute of music costs (target: at
// most 0.5 s), garbage collection included: it reports user+system time
// of the process per minute of audio as cpu-s/min.
func BenchmarkAnalyzeMinute(b *testing.B) {
	var minute []float32
	for _, s := range demoSongs() {
		minute = append(minute, s...)
		if len(minute) >= 60*Rate {
			break
		}
	}
	minute = minute[:60*Rate]
	before := cpuTime(b)
	for b.Loop() {
		Analyze(minute, Rate)
	}
	b.ReportMetric((cpuTime(b)-before).Seconds()/float64(b.N), "cpu-s/min")
}

func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
