package recommend

import (
	"bytes"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/supervise"
)

// ModelKey is where the trained model is shared in blob storage: the
// instance holding the training lease writes each model under a key of its
// own, then this small pointer to it, which the others read every poll (a
// file's time is too coarse to tell two models apart).
const ModelKey = musicify.RecommendBlobs + "model.json"

// modelPointer is ModelKey's content.
type modelPointer struct {
	Key string `json:"key"`
}

// Lease is one holder at a time of a named piece of work (sqlstore.DB).
type Lease interface {
	ClaimLease(ctx context.Context, name, holder string, now, until time.Time) (bool, error)
	ReleaseLease(ctx context.Context, name, holder string) error
}

const trainLease = "recommend-train"

// Trainer retrains the engine's model in the background, from everything
// recorded: listens, likes, interests and playlists. One instance (the
// holder of the lease) trains and stores the model; the others load what
// it stored, so the work is done once however many instances there are.
type Trainer struct {
	Engine *Engine
	Source musicify.RecommendSource
	Blobs  musicify.BlobStore
	Lease  Lease // nil: this instance alone trains
	Holder string
	Config TrainConfig
	// Every is the longest a model serves while anything changed; After
	// the number of changes (listens, likes, songs…) that retrains sooner.
	Every  time.Duration
	After  int
	Logger *slog.Logger
	Now    func() time.Time
	// Heartbeat is how often Run renews the lease, training or not;
	// LeaseTTL/4 when zero.
	Heartbeat time.Duration
	// Supervisor recovers a panic in the heartbeat (nil: none is).
	Supervisor *supervise.Supervisor

	loaded string // key of the stored model in use
}

func (t *Trainer) now() time.Time {
	if t.Now == nil {
		return time.Now()
	}
	return t.Now()
}

// LeaseTTL is how long the training lease holds without a heartbeat: the
// training of an instance that died moves to another within it and one
// heartbeat, however long one training takes.
const LeaseTTL = 20 * time.Second

// Run checks every poll whether to train or to load, until ctx ends.
func (t *Trainer) Run(ctx context.Context, poll time.Duration) {
	// Stopping or panicking, it hands the lease on at once: another
	// instance need not wait out a lease nobody renews.
	defer t.release(ctx)
	if t.Lease != nil {
		beat, stop := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Go(func() {
			defer t.Supervisor.Recover("recommend.lease")
			t.heartbeat(beat)
		})
		defer func() { stop(); wg.Wait() }() // before the release
	}
	tick := time.NewTicker(poll)
	defer tick.Stop()
	for {
		if err := t.Step(ctx); err != nil && ctx.Err() == nil {
			t.Logger.Warn("recommend: training", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Step trains when this instance holds the lease and the model is due,
// or else loads a model another instance stored since the last look.
func (t *Trainer) Step(ctx context.Context) error {
	lead := true
	if t.Lease != nil {
		var err error
		// Run's heartbeat renews the lease through a long training.
		if lead, err = t.claim(ctx); err != nil {
			return fmt.Errorf("claiming the training lease: %w", err)
		}
	}
	if !lead {
		return t.load(ctx)
	}
	if t.Engine.Model() == nil {
		if err := t.load(ctx); err != nil {
			return err
		}
	}
	if !t.due() {
		return nil
	}
	return t.Train(ctx)
}

func (t *Trainer) claim(ctx context.Context) (bool, error) {
	return t.Lease.ClaimLease(ctx, trainLease, t.Holder, t.now(), t.now().Add(LeaseTTL))
}

// heartbeat renews the lease while this instance holds it, and takes it
// when it is free, until ctx ends.
func (t *Trainer) heartbeat(ctx context.Context) {
	every := t.Heartbeat
	if every <= 0 {
		every = LeaseTTL / 4
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if _, err := t.claim(ctx); err != nil && ctx.Err() == nil {
			t.Logger.Warn("recommend: renewing the training lease", "err", err)
		}
	}
}

// release gives up the training lease, if this instance holds it.
func (t *Trainer) release(ctx context.Context) {
	if t.Lease == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := t.Lease.ReleaseLease(ctx, trainLease, t.Holder); err != nil {
		t.Logger.Warn("recommend: releasing the training lease", "err", err)
	}
}

// due says whether the model in use has served long or changed enough.
func (t *Trainer) due() bool {
	m, changes := t.Engine.Model(), t.Engine.Changes()
	if m == nil {
		return true
	}
	return changes >= max(t.After, 1) || (changes > 0 && t.now().Sub(m.TrainedAt) >= t.Every)
}

// Train reads everything recorded, learns a model, uses it and stores it.
func (t *Trainer) Train(ctx context.Context) error {
	ts, err := Collect(ctx, t.Source, t.now())
	if err != nil {
		return err
	}
	m, err := Train(ts, t.Config)
	if errors.Is(err, ErrNothingToLearn) {
		return nil // a new installation: popularity and content serve until the first listens
	}
	if err != nil {
		return fmt.Errorf("learning: %w", err)
	}
	t.Engine.SetModel(m)
	t.Logger.Info("recommend: model trained", "kind", m.Kind, "items", len(m.Items), "ease_items", m.EASEItems, "listeners", m.Listeners,
		"pairs", m.Cells, "took", m.Took.Round(time.Millisecond))
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(m); err != nil {
		return fmt.Errorf("encoding the model: %w", err)
	}
	key := musicify.RecommendBlobs + "models/" + musicify.NewID() + ".gob"
	if _, err := t.Blobs.Put(ctx, key, &buf); err != nil {
		return fmt.Errorf("storing the model: %w", err)
	}
	ptr, err := json.Marshal(modelPointer{Key: key})
	if err != nil {
		return fmt.Errorf("encoding the model's pointer: %w", err)
	}
	if _, err := t.Blobs.Put(ctx, ModelKey, bytes.NewReader(ptr)); err != nil {
		return fmt.Errorf("storing the model's pointer: %w", err)
	}
	// The model before is read by nobody once they have seen the pointer:
	// an instance in the middle of loading it tries again next poll.
	if t.loaded != "" && t.loaded != key {
		if err := t.Blobs.Delete(ctx, t.loaded); err != nil {
			t.Logger.Warn("recommend: removing the model before", "key", t.loaded, "err", err)
		}
	}
	t.loaded = key
	return nil
}

// load reads the stored model when it is not the one in use.
func (t *Trainer) load(ctx context.Context) error {
	var ptr modelPointer
	if err := t.readBlob(ctx, ModelKey, func(r io.Reader) error { return json.NewDecoder(r).Decode(&ptr) }); err != nil {
		if musicify.ErrorCode(err) == musicify.ENOTFOUND {
			return nil // none trained yet
		}
		return fmt.Errorf("reading the model's pointer: %w", err)
	}
	if ptr.Key == t.loaded {
		return nil
	}
	var m Model
	if err := t.readBlob(ctx, ptr.Key, func(r io.Reader) error { return gob.NewDecoder(r).Decode(&m) }); err != nil {
		return fmt.Errorf("reading the stored model: %w", err)
	}
	if len(m.Offsets) != len(m.Items)+1 || len(m.Nbr) != len(m.W) {
		return errors.New("the stored model is damaged")
	}
	t.Engine.SetModel(&m)
	t.loaded = ptr.Key
	t.Logger.Info("recommend: model loaded", "kind", m.Kind, "items", len(m.Items), "trained", m.TrainedAt)
	return nil
}

func (t *Trainer) readBlob(ctx context.Context, key string, decode func(io.Reader) error) error {
	b, err := t.Blobs.Open(ctx, key)
	if err != nil {
		return err
	}
	defer b.Body.Close()
	return decode(b.Body)
}

// Collect reads what a model learns from: a listen counts 1, a like 3, a
// playlist's song 2 (the playlist is a listener) and an interest ½, as in
// the engine's live histories.
func Collect(ctx context.Context, src musicify.RecommendSource, at time.Time) (*TrainSet, error) {
	ts := NewTrainSet(at)
	add := func(w float32) func(musicify.Interaction) error {
		return func(it musicify.Interaction) error {
			ts.Add("u:"+it.UserID, it.SongID, w)
			return nil
		}
	}
	if err := src.EachListen(ctx, add(weightListen)); err != nil {
		return nil, fmt.Errorf("reading listens: %w", err)
	}
	if err := src.EachLike(ctx, add(weightLike)); err != nil {
		return nil, fmt.Errorf("reading likes: %w", err)
	}
	if err := src.EachInterest(ctx, add(weightInterest)); err != nil {
		return nil, fmt.Errorf("reading interests: %w", err)
	}
	members, err := src.PlaylistMembers(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading playlists: %w", err)
	}
	for p, ids := range members {
		for _, id := range ids {
			ts.Add("p:"+p, id, weightPlaylist)
		}
	}
	return ts, nil
}
