package audiofeat

import (
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// The job runner analyses several songs at once: Analyze keeps no state
// between calls, so songs analysed together give what they give one by one.
// make test runs this one under the race detector; the package's accuracy
// tests, pure arithmetic on one goroutine each, run without it.
func TestAnalyzeAtOnceMatchesOneByOne(t *testing.T) {
	songs := [][]float32{
		clicks(120, 8, Rate),
		cadence(0, false, 100, 4, Rate),
		cadence(9, true, 90, 4, Rate),
		mix(pad(8, Rate), voice(8, Rate)),
	}
	// Analyzed is the time of the call, the one field that may differ.
	clean := func(f musicify.AudioFeatures) musicify.AudioFeatures {
		f.Analyzed = time.Time{}
		return f
	}
	want := make([]musicify.AudioFeatures, len(songs))
	for i, pcm := range songs {
		want[i] = clean(Analyze(pcm, Rate))
	}
	got := make([]musicify.AudioFeatures, len(songs))
	var wg sync.WaitGroup
	for range 2 { // twice each, all at once
		for i, pcm := range songs {
			wg.Go(func() { got[i] = clean(Analyze(pcm, Rate)) })
		}
		wg.Wait()
	}
	for i := range songs {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("song %d analysed beside others = %+v, alone = %+v", i, got[i], want[i])
		}
	}
}
