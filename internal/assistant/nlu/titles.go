package nlu

import (
	"sort"
	"strings"
)

// titleWords finds a song whose title's words the message describes:
// "sounds like rain on a window" is “Rainy Window Study”. Each content
// word of the message is cut to its stem and meets a title word it starts
// or is part of; the title must be met in two words or more, and in at
// least half of them. nil when no title, or more than one, fits as well.
func (p *Parser) titleWords(orig []string) *Match {
	var stems []string
	for _, w := range orig {
		if common[w] || cueWord[w] || strings.Contains(" "+fillers+" ", " "+w+" ") || len(w) < 3 {
			continue
		}
		stems = append(stems, stem(w))
	}
	switch len(stems) {
	case 0:
		return nil
	case 1:
		return p.titleWord(stems[0])
	}
	var best *Match
	bestScore, tie := 0.0, false
	for _, n := range p.names.byKind(kindSong) {
		met := 0
		for _, tw := range n.words {
			if common[tw] || len(tw) < 3 {
				continue
			}
			for _, s := range stems {
				if strings.HasPrefix(tw, s) || strings.HasPrefix(s, stem(tw)) || (len(s) >= 4 && strings.Contains(tw, s)) {
					met++
					break
				}
			}
		}
		content := 0
		for _, tw := range n.words {
			if !common[tw] && len(tw) >= 3 {
				content++
			}
		}
		if met < 2 || 2*met < content {
			continue
		}
		score := float64(met) + float64(met)/float64(content)
		switch {
		case score > bestScore:
			m := n.match
			best, bestScore, tie = &m, score, false
		case score == bestScore:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}

// titleWord finds the one song whose title has a word the message's only
// content word names: "play the canoe song" is “Little Red Canoe”. nil
// when no title, or more than one, has it.
func (p *Parser) titleWord(s string) *Match {
	var found *Match
	for _, n := range p.names.byKind(kindSong) {
		for _, tw := range n.words {
			if stem(tw) == s || tw == s || (len(s) >= 4 && strings.HasPrefix(tw, s)) {
				if found != nil {
					return nil
				}
				m := n.match
				found = &m
				break
			}
		}
	}
	return found
}

// cueWord is the words intents are recognised by.
var cueWord = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range cues {
		m[w] = true
	}
	return m
}()

// stem cuts the common English endings: "falling" and "falls" are "fall",
// "rainy" is "rain", "slowly" is "slow".
func stem(w string) string {
	for _, suf := range []string{"ing", "ly", "ed", "es", "y", "s"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			w = strings.TrimSuffix(w, suf)
			break
		}
	}
	return w
}

// byKind lists the names of one kind.
func (n *names) byKind(kind int) []*name {
	var out []*name
	for _, list := range n.byLen {
		for _, x := range list {
			if x.kind == kind {
				out = append(out, x)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].match.Name < out[j].match.Name })
	return out
}
