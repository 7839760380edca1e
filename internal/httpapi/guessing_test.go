package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// guessAll sends one request per code at once and returns each answer's
// status and message.
func (e *env) guessAll(method, path string, bodies []creds) (statuses []int, messages []string) {
	e.t.Helper()
	statuses, messages = make([]int, len(bodies)), make([]string, len(bodies))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, body := range bodies {
		wg.Go(func() {
			b, _ := json.Marshal(body)
			req, _ := http.NewRequest(method, e.URL+path, bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			<-start
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				messages[i] = err.Error()
				return
			}
			defer res.Body.Close()
			var m struct{ Message string }
			_ = json.NewDecoder(res.Body).Decode(&m)
			statuses[i], messages[i] = res.StatusCode, m.Message
		})
	}
	close(start)
	wg.Wait()
	return statuses, messages
}

func TestParallelGuessesCannotOutrunTheFiveTriesOfACode(t *testing.T) {
	for _, tc := range []struct{ name, method, path string }{
		{"checking the code", http.MethodPost, "/api/auth/verifyotp"},
		{"changing the password", http.MethodPut, "/api/auth/changepass"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			e.signUp("gus", "gus@example.com", "secret1")
			c := e.client()
			expect(t, c.post("/api/auth/getotp", creds{"email": "gus@example.com"}), 200, "")
			code := e.code("gus@example.com", e.SMTP.Count("gus@example.com"))
			var guesses []creds
			for i := 0; len(guesses) < 50; i++ {
				if g := fmt.Sprintf("%06d", i); g != code {
					guesses = append(guesses, creds{"email": "gus@example.com", "otp": g, "password": "hijacked"})
				}
			}
			statuses, messages := e.guessAll(tc.method, tc.path, guesses)
			compared := 0
			for i, m := range messages {
				switch {
				case statuses[i] == 500 || statuses[i] == 0:
					t.Fatalf("a guess got %d %q", statuses[i], m)
				case m == "That code isn’t right. Check the mail and try again." || m == "That code isn’t right, and that was the last try. Please ask for a new code.":
					compared++
				}
			}
			if compared > 5 {
				t.Errorf("%d of 50 parallel guesses were compared with the code, want at most 5", compared)
			}
			r := c.do(tc.method, tc.path, creds{"email": "gus@example.com", "otp": code, "password": "hijacked"})
			if r.Status == 200 {
				t.Fatalf("the right code after 50 wrong ones was taken: %s", r.Raw)
			}
			expect(t, e.client().post("/api/auth/login", creds{"username": "gus", "password": "secret1"}), 200, "success")
		})
	}
}

func TestCodeChecksAreLimitedPerEmailFromAnyNetwork(t *testing.T) {
	e := newEnv(t, trustProxy)
	for i := 0; i < 30; i++ {
		expect(t, e.from(fmt.Sprintf("198.51.100.%d", i)).post("/api/auth/verifyotp", creds{"email": "hal@example.com", "otp": "123456"}),
			400, "That code isn’t right. Check the mail and try again.")
	}
	r := e.from("198.51.100.200").post("/api/auth/verifyotp", creds{"email": "hal@example.com", "otp": "123456"})
	if r.Status != 429 || r.msg() != "Too many code attempts for this email. Try again in 15 minutes." {
		t.Fatalf("31st check for one email: %d %s", r.Status, r.Raw)
	}
	expect(t, e.from("198.51.100.200").post("/api/auth/verifyotp", creds{"email": "other@example.com", "otp": "123456"}),
		400, "That code isn’t right. Check the mail and try again.")
}
