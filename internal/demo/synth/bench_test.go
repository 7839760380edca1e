package synth

import (
	"runtime"
	"sync"
	"testing"
)

// BenchmarkRenderCatalog renders every demo song at 44.1 kHz on as many
// goroutines as there are CPUs, the way the seeder does.
func BenchmarkRenderCatalog(b *testing.B) {
	songs := Catalog()
	for b.Loop() {
		jobs := make(chan SongSpec)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for s := range jobs {
					Render(s, 44100)
				}
			})
		}
		for _, s := range songs {
			jobs <- s
		}
		close(jobs)
		wg.Wait()
	}
}

// BenchmarkRenderSong renders one song on one goroutine.
func BenchmarkRenderSong(b *testing.B) {
	s := Catalog()[0]
	for b.Loop() {
		Render(s, 44100)
	}
}
