package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/bus/local"
	busnats "github.com/musicify/musicify/internal/bus/nats"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// benchEvents measures how long an event written on one instance takes to
// reach another's recommender: two stores on one database, A writing
// listens and likes through the store (so through the event log and the
// bus), B following as serve does, with NATS or with the event log alone.
func benchEvents(args []string) int {
	fs := flag.NewFlagSet("bench events", flag.ContinueOnError)
	database := fs.String("database", "", "the database both instances share (a postgres:// URL)")
	pubsub := fs.String("pubsub", "", "a nats:// URL; without it B learns of events only by reading the event log every --sync")
	n := fs.Int("events", 1_000, "events to write on A")
	pause := fs.Duration("pause", 10*time.Millisecond, "pause between writes")
	every := fs.Duration("sync", 2*time.Second, "how often B reads the event log, as serve does")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *database == "" {
		fmt.Fprintln(os.Stderr, "bench events: --database is required")
		return 2
	}
	if err := runBenchEvents(*database, *pubsub, *n, *pause, *every); err != nil {
		fmt.Fprintln(os.Stderr, "bench events:", err)
		return 1
	}
	return 0
}

func runBenchEvents(database, pubsub string, n int, pause, every time.Duration) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := sqlstore.Open(ctx, database)
	if err != nil {
		return err
	}
	defer a.Close()
	b, err := sqlstore.Open(ctx, database)
	if err != nil {
		return err
	}
	defer b.Close()
	var busB musicify.Bus = local.New() // hears nothing from A: the event log alone
	if pubsub != "" {
		connA, err := busnats.Connect(pubsub, busnats.Options{Logger: logger})
		if err != nil {
			return err
		}
		defer connA.Close()
		connB, err := busnats.Connect(pubsub, busnats.Options{Logger: logger})
		if err != nil {
			return err
		}
		defer connB.Close()
		a.Events = &bus.Publisher{Bus: connA.Bus(), Logger: logger}
		busB = connB.Bus()
	}

	user := &musicify.User{Username: "bench-" + musicify.NewID()[:12]}
	user.Email = user.Username + "@bench.example"
	if err := a.CreateUser(ctx, user); err != nil {
		return err
	}
	id := musicify.NewID()
	song := &musicify.Song{ID: id, UserID: user.ID, Name: "Bench Events", Format: "mp3", Duration: 180, Size: 1,
		SHA256: id, AudioKey: "songs/" + id + "/original.mp3"}
	if err := a.CreateSong(ctx, song); err != nil {
		return err
	}

	// B applies each event to a recommender, as serve does, and notes when
	// it applied the bench user's.
	var mu sync.Mutex
	var applied []time.Time
	seen := make(chan struct{}, 1)
	engine := recommend.New(time.Now)
	head, err := b.LastEventSeq(ctx)
	if err != nil {
		return err
	}
	follower := bus.NewFollower(b, head, func(ctx context.Context, e musicify.Event) error {
		err := engine.Apply(ctx, e)
		if e.UserID == user.ID {
			mu.Lock()
			applied = append(applied, time.Now())
			mu.Unlock()
			select {
			case seen <- struct{}{}:
			default:
			}
		}
		return err
	})
	follower.Logger = logger
	go follower.Run(ctx, busB, every)

	// The first event shows B is subscribed; it is not measured.
	wait := func(count int) error {
		guard := time.After(every + time.Minute) // against a hang, not a measure
		for {
			mu.Lock()
			got := len(applied)
			mu.Unlock()
			if got >= count {
				return nil
			}
			select {
			case <-seen:
			case <-guard:
				return fmt.Errorf("instance B applied %d of %d events", got, count)
			}
		}
	}
	if _, err := a.AddView(ctx, song.ID, user.ID, time.Now()); err != nil {
		return err
	}
	if err := wait(1); err != nil {
		return err
	}

	written := make([]time.Time, n)
	writes := make([]time.Duration, n)
	for i := range n {
		t0 := time.Now()
		switch i % 3 {
		case 0:
			_, err = a.AddView(ctx, song.ID, user.ID, t0)
		case 1:
			_, err = a.Like(ctx, user.ID, song.ID, t0)
		default:
			err = a.Unlike(ctx, user.ID, song.ID)
		}
		if err != nil {
			return err
		}
		written[i], writes[i] = t0, time.Since(t0)
		time.Sleep(pause)
	}
	if err := wait(n + 1); err != nil {
		return err
	}
	delays := make([]time.Duration, n)
	mu.Lock()
	for i := range n {
		delays[i] = applied[i+1].Sub(written[i])
	}
	mu.Unlock()
	if delays[0] < 0 {
		return errors.New("instance B applied an event before A wrote it: another writer shares the bench user")
	}
	how := "NATS " + pubsub
	if pubsub == "" {
		how = fmt.Sprintf("event log read every %s", every)
	}
	fmt.Printf("%d events written on A one after another (%s apart), B following through %s\n", n, pause, how)
	fmt.Printf("%-28s %9s %9s %9s\n", "", "p50", "p99", "max")
	for _, row := range []struct {
		name string
		d    []time.Duration
	}{{"write on A (commit)", writes}, {"from the write to B applying", delays}} {
		sort.Slice(row.d, func(i, j int) bool { return row.d[i] < row.d[j] })
		fmt.Printf("%-28s %9s %9s %9s\n", row.name, ms(row.d[len(row.d)/2]), ms(row.d[(len(row.d)-1)*99/100]), ms(row.d[len(row.d)-1]))
	}
	return nil
}
