// Package nice starts the external programs of background work (ffmpeg,
// ffprobe, pocketsphinx) at low CPU priority, so that the people using the
// server, whose requests run at normal priority, get the cores first.
//
// Whether work is background is a property of who waits for it, which is
// what a context carries: the job runner marks its handlers' contexts with
// Background, and the same ffmpeg call made for a request (a voice command,
// a transcoded stream) runs at normal priority.
package nice

import (
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"sync"
)

// Level is the niceness background programs run at: on a busy machine they
// get about a tenth of the CPU time of a program at the default 0.
const Level = 10

type backgroundKey struct{}

// Background marks ctx as work no person is waiting for.
func Background(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

// Foreground undoes Background: a person waits for what ctx starts (and
// the bench measures what jobs at normal priority do to searches).
func Foreground(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, false)
}

// IsBackground tells whether ctx was marked by Background.
func IsBackground(ctx context.Context) bool {
	b, _ := ctx.Value(backgroundKey{}).(bool)
	return b
}

// nicePath is nice(1) from coreutils, found once.
var nicePath = sync.OnceValue(func() string {
	p, _ := exec.LookPath("nice")
	return p
})

// Command is exec.CommandContext, but for background work the program runs
// through `nice -n 10`. nice sets the priority and then execs the program,
// so it has the priority from its first instruction, threads included, and
// the process ctx kills is the program itself. Without nice on PATH the
// program runs at normal priority.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	if p := nicePath(); p != "" && IsBackground(ctx) {
		return exec.CommandContext(ctx, p, append([]string{"-n", strconv.Itoa(Level), "--", name}, args...)...)
	}
	return exec.CommandContext(ctx, name, args...)
}

// FromStat reads the niceness from a Linux /proc/<pid>/stat line: field
// 19, counted after the command name, which may hold spaces and ')'.
func FromStat(stat []byte) (int, error) {
	s := string(stat)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 17 {
		return 0, fmt.Errorf("not a /proc stat line: %.100q", s)
	}
	return strconv.Atoi(fields[16]) // fields[0] is field 3, the state
}
