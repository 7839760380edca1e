package httpapi_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"
)

// BenchmarkStreamRange is what a player's seeks and buffering cost: 64 KiB
// Range requests on a song at the signed URL the API hands out.
// docs/benchmarks.md records the figures with wrk beside them.
func BenchmarkStreamRange(b *testing.B) {
	e := newEnv(b)
	c := e.signUp("bench", "bench@example.com", "secret1")
	audio := make([]byte, 0, 8<<20)
	for len(audio) < 4<<20 {
		audio = append(audio, readFixture(b, "audio", "tune-12s.mp3")...)
	}
	s := songIn(c.upload(upload{name: "Bench", audio: audio[:len(audio)-len(audio)%96592]}))
	url := e.URL + s["audio"].(string)
	size := len(audio) - len(audio)%96592
	b.SetBytes(64 << 10)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			from := rand.IntN(size - 64<<10)
			req, _ := http.NewRequest("GET", url, nil)
			req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", from, from+64<<10-1))
			res, err := c.http.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			n, _ := io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 206 || n != 64<<10 {
				b.Fatalf("status %d, %d bytes", res.StatusCode, n)
			}
		}
	})
}
