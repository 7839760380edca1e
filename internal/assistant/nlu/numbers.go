package nlu

import "strconv"

var smallNumbers = map[string]int{
	"zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "dozen": 12,
}

var tensNumbers = map[string]int{
	"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

var digitNames = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

// unitWords follow a number that is a quantity: "one minute", "one song".
var unitWords = map[string]bool{
	"minute": true, "minutes": true, "min": true, "mins": true, "second": true, "seconds": true, "sec": true, "secs": true,
	"hour": true, "hours": true, "song": true, "songs": true, "track": true, "tracks": true, "tune": true, "tunes": true,
	"percent": true, "and": true,
}

// spellNumbers writes spelt numbers as digits: "twenty five" is 25,
// "twelve" 12, "a hundred" 100. "one" is a number only before a unit ("one
// minute", "one and a half hours"): "this one", "one more" and "back one
// song" are not.
func spellNumbers(words []string) []string {
	var out []string
	spelt := false // the last word out was a spelt number
	for i := 0; i < len(words); i++ {
		w := words[i]
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		n, ok := 0, false
		switch {
		case tensNumbers[w] > 0:
			n, ok = tensNumbers[w], true
			if d := digitNames[next]; d > 0 {
				n += d
				i++
			}
		case w == "one" && (unitWords[next] || next == "hundred") && !isSongWord(next):
			n, ok = 1, true
		case w == "hundred":
			n, ok = 100, true
			if len(out) > 0 && (out[len(out)-1] == "a" || out[len(out)-1] == "1") {
				out = out[:len(out)-1]
			}
		default:
			n, ok = smallNumbers[w]
			if w == "dozen" && len(out) > 0 && out[len(out)-1] == "a" {
				out = out[:len(out)-1]
			}
		}
		if !ok {
			out = append(out, w)
			spelt = false
			continue
		}
		// "twenty twenty one" is a year
		if last := len(out) - 1; spelt && last >= 0 && (out[last] == "19" || out[last] == "20") && n >= 10 && n <= 99 {
			century, _ := strconv.Atoi(out[last])
			out[last] = strconv.Itoa(century*100 + n)
			spelt = false
			continue
		}
		out = append(out, strconv.Itoa(n))
		spelt = true
	}
	return out
}

// hoursSpan reads a length said in hours and its parts: "an hour and a
// half", "one and a half hours", "a quarter of an hour", "half an hour",
// "three quarters of an hour", "2 hours". It returns the minutes and the
// index after the phrase, or 0.
func hoursSpan(w []string, i int) (int, int) {
	at := func(j int) string {
		if j < len(w) {
			return w[j]
		}
		return ""
	}
	hour := func(j int) bool { return at(j) == "hour" || at(j) == "hours" || at(j) == "hr" || at(j) == "hrs" }
	andAHalf := func(j int) bool { return at(j) == "and" && at(j+1) == "a" && at(j+2) == "half" }
	switch {
	case at(i) == "half" && at(i+1) == "an" && hour(i+2):
		return 30, i + 3
	case at(i) == "half" && hour(i+1):
		return 30, i + 2
	case at(i) == "quarter" && hour(i+1):
		return 15, i + 2
	case at(i) == "quarter" && at(i+1) == "of" && at(i+2) == "an" && hour(i+3):
		return 15, i + 4
	case at(i) == "3" && (at(i+1) == "quarters" || at(i+1) == "quarter") && at(i+2) == "of" && at(i+3) == "an" && hour(i+4):
		return 45, i + 5
	case at(i) == "couple" && hour(i+1):
		return 120, i + 2
	case at(i) == "couple" && at(i+1) == "of" && hour(i+2):
		return 120, i + 3
	}
	n := 0
	switch {
	case at(i) == "an" || at(i) == "a" || at(i) == "one" || at(i) == "1":
		n = 1
	case isNumber(at(i)):
		n, _ = strconv.Atoi(at(i))
	}
	if n <= 0 || n > 24 {
		return 0, 0
	}
	switch {
	case andAHalf(i+1) && hour(i+4):
		return n*60 + 30, i + 5
	case hour(i + 1):
		if andAHalf(i + 2) {
			return n*60 + 30, i + 5
		}
		// "an hour and fifteen minutes"
		if at(i+2) == "and" && isNumber(at(i+3)) && (at(i+4) == "minutes" || at(i+4) == "minute" || at(i+4) == "min" || at(i+4) == "mins") {
			if m, _ := strconv.Atoi(at(i + 3)); m < 60 {
				return n*60 + m, i + 5
			}
		}
		return n * 60, i + 2
	}
	return 0, 0
}
