package library

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/supervise"
)

func TestAFileThatMakesTheReaderPanicFailsAloneAndTheScanGoesOn(t *testing.T) {
	r := newRig(t, storetest.SQLite(t))
	var heard []string
	r.s.Supervisor = &supervise.Supervisor{Logger: slog.New(slog.DiscardHandler), OnPanic: func(worker string, v any, _ []byte) {
		heard = append(heard, fmt.Sprint(worker, ": ", v))
	}}
	makeAudio(t, r.path("Good/01 Fine.mp3"), "-metadata", "title=Fine")
	makeAudio(t, r.path("Bad/01 Cursed.mp3"), "-metadata", "title=Cursed")
	read := r.s.read
	r.s.read = func(ctx context.Context, abs, rel string) (*file, error) {
		if strings.Contains(rel, "Cursed") {
			panic("index out of range [7] with length 3")
		}
		return read(ctx, abs, rel)
	}
	st := r.scan()
	if st.Running || st.Seen != 2 || st.Added != 1 || st.Failed != 1 {
		t.Fatalf("status %+v", st)
	}
	if f := st.Failures[0]; f.Path != "Bad/01 Cursed.mp3" || !strings.Contains(f.Reason, "internal error") {
		t.Errorf("failure %+v", f)
	}
	if r.song("Good/01 Fine.mp3").Name != "Fine" {
		t.Error("the good file was not imported")
	}
	if len(heard) != 1 || heard[0] != "library.read: index out of range [7] with length 3" {
		t.Errorf("the supervisor heard %q", heard)
	}
	// The next scan tries the file again, and imports it once it reads.
	r.s.read = read
	if st := r.scan(); st.Added != 1 || st.Failed != 0 {
		t.Errorf("rescan: %+v", st)
	}
}
