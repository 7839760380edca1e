package main

import (
	"bufio"
	"os"
	"regexp"
	"strings"
)

// allowedWarnings are the WARN lines a self-hoster's server is expected to
// print in the real-use run, each with the reason it is no problem. Any
// other WARN line, any ERROR line, any request answered with a 5xx and any
// line that mentions a panic is one.
var allowedWarnings = []struct {
	line *regexp.Regexp
	why  string
}{
	{regexp.MustCompile(`level=WARN msg="library file not imported" path="Broken Rips/Bad Album/[^"]*" reason=`),
		"genlibrary -tricky writes broken files there on purpose (empty, cut short, random bytes): " +
			"the scan says why it passed each over, and the admin page lists them"},
}

// serverError is the request log's line for an answer in the 5xx range.
var serverError = regexp.MustCompile(`msg=request .* status=5\d\d `)

// problem is a log line the check found, or an instance's unexpected end.
type problem struct {
	Instance string `json:"instance"`
	Line     string `json:"line"`
}

// problems reads the instance's whole log (every run of it) for lines
// that show something went wrong, and says if it ended by itself.
func (in *instance) problems() []problem {
	var out []problem
	add := func(line string) { out = append(out, problem{Instance: in.name, Line: line}) }
	if how := in.exited(); how != "" {
		add("the instance ended by itself: " + how)
	}
	f, err := os.Open(in.log)
	if err != nil {
		add("reading the log: " + err.Error())
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if line := sc.Text(); isProblem(line) {
			add(line)
		}
	}
	if err := sc.Err(); err != nil {
		add("reading the log: " + err.Error())
	}
	return out
}

func isProblem(line string) bool {
	switch {
	case strings.Contains(strings.ToLower(line), "panic"):
		return true
	case !strings.HasPrefix(line, "time="):
		// Not the server's structured log: the Go runtime's "fatal error"
		// and stack traces, or a library writing to stderr.
		return strings.TrimSpace(line) != ""
	case strings.Contains(line, " level=ERROR "), serverError.MatchString(line):
		return true
	case strings.Contains(line, " level=WARN "):
		for _, a := range allowedWarnings {
			if a.line.MatchString(line) {
				return false
			}
		}
		return true
	}
	return false
}
