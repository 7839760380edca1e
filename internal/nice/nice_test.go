package nice_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/nice"
)

func niceness(t *testing.T, stat []byte) int {
	t.Helper()
	n, err := nice.FromStat(stat)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func childNiceness(t *testing.T, ctx context.Context) int {
	t.Helper()
	out, err := nice.Command(ctx, "sh", "-c", "cat /proc/self/stat").Output()
	if err != nil {
		t.Fatal(err)
	}
	return niceness(t, out)
}

func ownNiceness(t *testing.T) int {
	t.Helper()
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal(err)
	}
	return niceness(t, stat)
}

func TestBackgroundProgramsRunNiced(t *testing.T) {
	own := ownNiceness(t)
	if got, want := childNiceness(t, nice.Background(context.Background())), min(own+nice.Level, 19); got < want || got < nice.Level {
		t.Errorf("a background program runs at niceness %d, want %d", got, want)
	}
	// A person waits for this one: it keeps the server's priority.
	if got := childNiceness(t, context.Background()); got != own {
		t.Errorf("a foreground program runs at niceness %d, want the server's %d", got, own)
	}
	if got := childNiceness(t, nice.Foreground(nice.Background(context.Background()))); got != own {
		t.Errorf("a program marked foreground again runs at niceness %d, want the server's %d", got, own)
	}
}

// Cancelling the context kills the program itself, not only nice.
func TestCancellingStopsABackgroundProgram(t *testing.T) {
	ctx, cancel := context.WithCancel(nice.Background(context.Background()))
	cmd := nice.Command(ctx, "sh", "-c", "echo started; exec sleep 600")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 8)
	if _, err := out.Read(buf); err != nil { // running, past nice's exec
		t.Fatal(err)
	}
	cancel()
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Errorf("after cancel: %v, want the program killed", err)
	}
}
