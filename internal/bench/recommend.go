package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/recommend/eval"
)

// benchSoundDims is the length of the audio embedding the bench gives
// every song, as internal/audiofeat will: queries then pay for the sound
// signal over the whole catalog.
const benchSoundDims = 32

// benchTrain gives the songs sounds, retrains the model from everything in
// db as the trainer does, and times folding in listens: what
// docs/benchmarks.md reports for the learned recommender.
func benchTrain(ctx context.Context, db musicify.RecommendSource, engine *recommend.Engine, songs []*musicify.Song, users []*musicify.User) error {
	r := rand.New(rand.NewPCG(7, 7))
	for _, s := range songs {
		vec := make([]float32, benchSoundDims)
		for d := range vec {
			vec[d] = float32(r.NormFloat64())
		}
		engine.SetFeatures(s.ID, vec)
	}
	var model *recommend.Model
	took, peak, err := eval.MeasurePeak(func() error {
		ts, err := recommend.Collect(ctx, db, time.Now())
		if err != nil {
			return err
		}
		model, err = recommend.Train(ts, recommend.TrainConfig{})
		return err
	})
	if err != nil {
		return fmt.Errorf("training: %w", err)
	}
	engine.SetModel(model)
	runtime.GC()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	fmt.Printf("model %s trained in %s (reading the database included): %d items (%d by EASE), %d listeners, %d pairs, %d weights; heap grew at most %d MB; heap in use after %d MB\n",
		model.Kind, took.Round(time.Millisecond), len(model.Items), model.EASEItems, model.Listeners, model.Cells, len(model.W), peak>>20, mem.HeapInuse>>20)

	// Folding in: a listen is learned at once, its next query reads it.
	lat := make([]time.Duration, 10_000)
	for i := range lat {
		u, s := users[r.IntN(len(users))], songs[r.IntN(len(songs))]
		t0 := time.Now()
		engine.Listened(u.ID, s.ID, time.Now())
		lat[i] = time.Since(t0)
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	fmt.Printf("folding in a listen (%d): p50 %s, p99 %s, max %s\n", len(lat), us(lat[len(lat)/2]), us(lat[len(lat)*99/100]), us(lat[len(lat)-1]))
	return nil
}

func us(d time.Duration) string { return fmt.Sprintf("%.1f µs", float64(d.Nanoseconds())/1e3) }
