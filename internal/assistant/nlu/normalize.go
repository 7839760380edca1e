package nlu

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/musicify/musicify/internal/search"
)

// expansions spell out what people shorten, so one word means one thing
// whichever way it was typed.
var expansions = map[string][]string{
	"whats": {"what", "is"}, "whos": {"who", "is"}, "wheres": {"where", "is"}, "hows": {"how", "is"},
	"thats": {"that", "is"}, "im": {"i", "am"}, "ive": {"i", "have"}, "id": {"i", "would"},
	"dont": {"do", "not"}, "cant": {"can", "not"}, "lets": {"let", "us"},
	"wanna": {"want", "to"}, "gonna": {"going", "to"}, "gimme": {"give", "me"}, "lemme": {"let", "me"},
	"u": {"you"}, "ur": {"your"}, "r": {"are"}, "pls": {"please"}, "plz": {"please"}, "plox": {"please"},
	"thx": {"thanks"}, "ty": {"thanks"}, "rn": {"right", "now"}, "rd": {"road"}, "n": {"and"},
	"favourite": {"favorite"}, "favourites": {"favorites"}, "vol": {"volume"},
	"nite": {"night"}, "midnite": {"midnight"}, "tonite": {"tonight"}, "lite": {"light"}, "thru": {"through"},
	"luv": {"love"}, "fav": {"favorite"}, "fave": {"favorite"}, "favs": {"favorites"}, "faves": {"favorites"},
}

// contracted are the words whose "'s" is "is", not a possessive.
var contracted = map[string]bool{"what": true, "who": true, "where": true, "how": true, "that": true, "it": true, "there": true, "here": true}

// normalize lower-cases text, takes accents off, splits it into words at
// anything but letters and digits (so "lo-fi", "lo fi" and "Lo-Fi" are the
// same words), spells out contractions, and splits "3am" and "120bpm".
func normalize(text string) []string {
	text = strings.ReplaceAll(text, "&", " and ")
	text = strings.NewReplacer("’", "'", "‘", "'", "`", "'").Replace(text)
	var words []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			words = append(words, splitDigits(b.String())...)
			b.Reset()
		}
	}
	runes := []rune(norm.NFD.String(strings.ToValidUTF8(text, " ")))
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case r == '\'' && b.Len() > 0 && i+1 < len(runes) && unicode.IsLetter(runes[i+1]):
			// "'s" after what/who… is "is"; after a decade (80's) it joins;
			// after a name (harbor's) it is a possessive and goes. Other
			// contractions join (I'm, don't) and are spelt out below.
			endS := runes[i+1] == 's' && (i+2 == len(runes) || !unicode.IsLetter(runes[i+2]))
			w := b.String()
			switch {
			case !endS || isNumber(w):
			case contracted[w]:
				flush()
				words = append(words, "is")
				i++
			default:
				flush()
				i++
			}
		default:
			flush()
		}
	}
	flush()
	var out []string
	for _, w := range words {
		if w == "" {
			continue
		}
		if e, ok := expansions[w]; ok {
			out = append(out, e...)
			continue
		}
		out = append(out, w)
	}
	return spellNumbers(joinUn(out))
}

// joinUn puts "un-pause" back together: the hyphen split it.
func joinUn(words []string) []string {
	out := words[:0]
	for i := 0; i < len(words); i++ {
		if words[i] == "un" && i+1 < len(words) {
			switch words[i+1] {
			case "pause", "mute", "shuffle":
				out = append(out, "un"+words[i+1])
				i++
				continue
			}
		}
		out = append(out, words[i])
	}
	return out
}

// splitDigits cuts a word where digits meet letters ("3am" → 3 am), except
// a decade ("80s", "1990s").
func splitDigits(w string) []string {
	r := []rune(w)
	if len(r) >= 3 && r[len(r)-1] == 's' && r[len(r)-2] == '0' && allDigits(r[:len(r)-1]) {
		return []string{w}
	}
	var out []string
	start := 0
	for i := 1; i < len(r); i++ {
		if unicode.IsDigit(r[i]) != unicode.IsDigit(r[i-1]) {
			out = append(out, string(r[start:i]))
			start = i
		}
	}
	return append(out, string(r[start:]))
}

func allDigits(r []rune) bool {
	for _, c := range r {
		if !unicode.IsDigit(c) {
			return false
		}
	}
	return len(r) > 0
}

func isNumber(w string) bool { return allDigits([]rune(w)) }

// maxEdits allows one typo in short words and two in long ones.
func maxEdits(n int) int {
	switch {
	case n < 3:
		return 0
	case n < 7:
		return 1
	case n < 13:
		return 2
	default:
		return 3
	}
}

// editDistance is the search's: one measure of a typo everywhere.
var editDistance = search.EditDistance
