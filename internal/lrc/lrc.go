// Package lrc reads lyrics in the LRC format: lines that start with one or
// more [mm:ss.xx] stamps, and tags such as [ar:…] or [offset:…].
package lrc

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Line is one sung line: when it starts, in milliseconds from the start of
// the song, and its words ("" for an instrumental gap).
type Line struct {
	StartMs int64
	Text    string
}

var (
	// stamp is one [mm:ss], [mm:ss.x], [mm:ss.xx] or [mm:ss.xxx] at the start of
	// a line (some taggers write [mm:ss:xx]).
	stamp = regexp.MustCompile(`^\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]`)
	// stampAnywhere finds stamps inside a line, and enhanced LRC's <mm:ss.xx>
	// word stamps, for the words alone.
	stampAnywhere = regexp.MustCompile(`[\[<]\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?[\]>]`)
	// tag is a metadata line: [ar:…], [ti:…], [offset:…], [length:…].
	tag    = regexp.MustCompile(`^\[[a-z#]{1,6}:[^\]]*\]$`)
	offset = regexp.MustCompile(`^\[offset:\s*([+-]?\d+)\s*\]\s*$`)
)

// Parse gives the timed lines of text in the order they are sung. A line
// with several stamps (a chorus written once) is sung at each; tags and
// lines without a stamp are skipped. An [offset:+n] tag makes every line
// start n ms sooner, as the format says, never before 0.
func Parse(text string) []Line {
	var out []Line
	var shift int64
	for _, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if m := offset.FindStringSubmatch(line); m != nil {
			shift, _ = strconv.ParseInt(m[1], 10, 64)
			continue
		}
		var starts []int64
		for {
			m := stamp.FindStringSubmatch(line)
			if m == nil {
				break
			}
			starts = append(starts, millis(m[1], m[2], m[3]))
			line = strings.TrimLeft(line[len(m[0]):], " \t")
		}
		words := strings.TrimSpace(stampAnywhere.ReplaceAllString(line, ""))
		for _, st := range starts {
			out = append(out, Line{StartMs: st, Text: words})
		}
	}
	for i := range out {
		out[i].StartMs = max(0, out[i].StartMs-shift)
	}
	// Stamps may come in any order in a file; players want them in time.
	// Stable, so lines stamped alike keep the file's order.
	slices.SortStableFunc(out, func(a, b Line) int {
		switch {
		case a.StartMs < b.StartMs:
			return -1
		case a.StartMs > b.StartMs:
			return 1
		}
		return 0
	})
	return out
}

func millis(mins, secs, frac string) int64 {
	m, _ := strconv.ParseInt(mins, 10, 64)
	s, _ := strconv.ParseInt(secs, 10, 64)
	var ms int64
	if frac != "" {
		ms, _ = strconv.ParseInt(frac, 10, 64)
		// ".5" is half a second, ".05" five hundredths.
		for i := len(frac); i < 3; i++ {
			ms *= 10
		}
	}
	return (m*60+s)*1000 + ms
}

// Split tells synced lyrics from plain ones. When most lines of text carry
// a stamp (at least two), the text is LRC: synced is text itself and plain
// its words without stamps or tags, for search and for players that only
// show words. Otherwise plain is text and synced is "".
func Split(text string) (plain, synced string) {
	text = strings.TrimSpace(text)
	lines := strings.Split(text, "\n")
	stamped, words := 0, 0
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		words++
		if stamp.MatchString(l) {
			stamped++
		}
	}
	if stamped < 2 || stamped*2 < words {
		return text, ""
	}
	var b strings.Builder
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if tag.MatchString(l) {
			continue
		}
		if l = strings.TrimSpace(stampAnywhere.ReplaceAllString(l, "")); l != "" {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return strings.TrimSpace(b.String()), text
}
