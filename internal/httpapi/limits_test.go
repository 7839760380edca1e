package httpapi_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/httpapi"
)

func trustProxy(s *httpapi.Server) { s.TrustProxy = true }

// from makes a client that a trusted proxy reports as coming from ip.
func (e *env) from(ip string) *client {
	c := e.client()
	c.Header.Set("X-Forwarded-For", "203.0.113.250, "+ip)
	return c
}

func expectLimited(t *testing.T, r reply, wantWait time.Duration) {
	t.Helper()
	secs, _ := strconv.Atoi(r.Header.Get("Retry-After"))
	if r.Status != 429 || !strings.Contains(r.msg(), "Try again in") ||
		time.Duration(secs)*time.Second < wantWait-time.Second || time.Duration(secs)*time.Second > wantWait+time.Second {
		t.Fatalf("got %d %q Retry-After %q, want 429 saying when to retry (~%v)", r.Status, r.msg(), r.Header.Get("Retry-After"), wantWait)
	}
}

func TestWrongPasswordsSlowTheAccountButNeverLockTheOwnerOut(t *testing.T) {
	e := newEnv(t, trustProxy)
	e.signUp("ivy", "ivy@example.com", "secret1")
	var delays []time.Duration
	for i := 0; i < 10; i++ {
		// From ever new addresses: each guess waits longer than the last.
		expect(t, e.from(fmt.Sprintf("198.51.100.%d", i)).post("/api/auth/login", creds{"username": "ivy", "password": "guess"}),
			401, "Wrong username or password")
		delays = append(delays, e.Sleeps.last())
	}
	if delays[4] != 0 || delays[5] == 0 || delays[9] <= delays[6] {
		t.Fatalf("delays before each guess = %v, want none for the first five, then growing", delays)
	}
	// The owner, from elsewhere, gets in after the same wait: no lockout.
	expect(t, e.from("198.51.100.99").post("/api/auth/login", creds{"username": "ivy@example.com", "password": "secret1"}), 200, "success")
	if d := e.Sleeps.last(); d <= 0 || d > 5*time.Second {
		t.Errorf("the owner waited %v, want a few seconds at most", d)
	}

	// Ten wrong passwords from one network lock that network out of this
	// account, for 15 minutes from the first (the delays moved the clock on).
	attacker := e.from("192.0.2.66")
	var first time.Time
	for i := 0; i < 10; i++ {
		expect(t, attacker.post("/api/auth/login", creds{"username": "ivy", "password": "guess"}), 401, "Wrong username or password")
		if i == 0 {
			first = e.Clock.Now() // when the first wrong password counted
		}
	}
	r := attacker.post("/api/auth/login", creds{"username": "ivy", "password": "secret1"})
	expectLimited(t, r, 15*time.Minute-e.Clock.Now().Sub(first))
	if r.msg() != "Too many wrong passwords for this account from your network. Try again in 15 minutes." {
		t.Errorf("message = %q", r.msg())
	}
	expect(t, e.from("198.51.100.98").post("/api/auth/login", creds{"username": "ivy", "password": "secret1"}), 200, "success")
	e.Clock.Advance(15 * time.Minute)
	expect(t, attacker.post("/api/auth/login", creds{"username": "ivy", "password": "secret1"}), 200, "success")
}

func TestLoginsPerAddressAreLimited(t *testing.T) {
	e := newEnv(t, trustProxy)
	for i := 0; i < 60; i++ {
		expect(t, e.from("192.0.2.7").post("/api/auth/login", creds{"username": fmt.Sprintf("user%d", i), "password": "x"}),
			401, "Wrong username or password")
	}
	expectLimited(t, e.from("192.0.2.7").post("/api/auth/login", creds{"username": "someone", "password": "x"}), 15*time.Minute)
	expect(t, e.from("192.0.2.8").post("/api/auth/login", creds{"username": "someone", "password": "x"}), 401, "Wrong username or password")
}

func TestCodeMailsAreLimited(t *testing.T) {
	e := newEnv(t, trustProxy)
	t.Run("per email, within 20 seconds and 5 an hour", func(t *testing.T) {
		c := e.from("192.0.2.1")
		expect(t, c.post("/api/auth/getotp", creds{"email": "kim@example.com"}), 200, "")
		expectLimited(t, c.post("/api/auth/getotp", creds{"email": "kim@example.com"}), 20*time.Second)
		for i := 0; i < 4; i++ {
			e.Clock.Advance(21 * time.Second)
			expect(t, c.post("/api/auth/getotp", creds{"email": "kim@example.com"}), 200, "")
		}
		e.Clock.Advance(21 * time.Second)
		r := c.post("/api/auth/getotp", creds{"email": "kim@example.com"})
		if r.Status != 429 {
			t.Fatalf("6th code in an hour: %d %s", r.Status, r.Raw)
		}
		// A sign-up code for the same mailbox is counted apart from reset codes.
		expect(t, c.post("/api/auth/cheak", creds{"username": "kim", "email": "kim@example.com", "password": "secret1"}), 200, "")
		// Someone else's requests for kim's mailbox do not keep kim, on
		// another network, from a reset code.
		expect(t, e.from("198.51.100.44").post("/api/auth/getotp", creds{"email": "kim@example.com"}), 200, "")
	})
	t.Run("per email, from however many networks, 20 an hour", func(t *testing.T) {
		for i := range 20 {
			expect(t, e.from(fmt.Sprintf("203.0.113.%d", i)).post("/api/auth/getotp", creds{"email": "lee@example.com"}), 200, "")
		}
		if r := e.from("203.0.113.99").post("/api/auth/getotp", creds{"email": "lee@example.com"}); r.Status != 429 {
			t.Fatalf("21st code in an hour: %d %s", r.Status, r.Raw)
		}
	})
	t.Run("per address, 30 in 15 minutes", func(t *testing.T) {
		for i := 0; i < 30; i++ {
			expect(t, e.from("192.0.2.2").post("/api/auth/getotp", creds{"email": fmt.Sprintf("n%d@example.com", i)}), 200, "")
		}
		expectLimited(t, e.from("192.0.2.2").post("/api/auth/cheak", creds{"username": "newbie", "email": "newbie@example.com", "password": "secret1"}),
			15*time.Minute)
	})
}

func TestCodeChecksPerAddressAreLimited(t *testing.T) {
	e := newEnv(t, trustProxy)
	// Spread over many mailboxes, so the five tries per code never end the guessing.
	for i := 0; i < 60; i++ {
		expect(t, e.from("192.0.2.9").post("/api/auth/verifyotp", creds{"email": fmt.Sprintf("v%d@example.com", i), "otp": "123456"}),
			400, "That code isn’t right. Check the mail and try again.")
	}
	expectLimited(t, e.from("192.0.2.9").post("/api/auth/signup", creds{"email": "v@example.com", "otp": "123456"}), 15*time.Minute)
	expectLimited(t, e.from("192.0.2.9").do("PUT", "/api/auth/changepass", creds{"email": "v@example.com", "otp": "123456", "password": "secret1"}),
		15*time.Minute)
}

func TestForwardedForIsIgnoredWithoutTrustProxy(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 60; i++ {
		e.from(fmt.Sprintf("192.0.2.%d", i)).post("/api/auth/login", creds{"username": "a", "password": "x"})
	}
	r := e.from("192.0.2.200").post("/api/auth/login", creds{"username": "b", "password": "x"})
	if r.Status != 429 {
		t.Fatalf("a spoofed X-Forwarded-For escaped the limit: %d", r.Status)
	}
}

func TestAssistantMessagesPerUserAreLimited(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) { s.Limits.ChatPerMinute = 3 })
	ann := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")
	// The longest history allowed fits, whatever the script.
	long := strings.Repeat("音", 4000)
	history := make([]map[string]string, 20)
	for i := range history {
		history[i] = map[string]string{"role": "user", "text": long}
	}
	expect(t, ann.post("/api/assistant/chat", map[string]any{"message": long, "history": history}), 200, "")
	for i := 0; i < 2; i++ {
		expect(t, ann.post("/api/assistant/chat", creds{"message": "what is popular"}), 200, "")
	}
	r := ann.post("/api/assistant/chat", creds{"message": "what is popular"})
	expectLimited(t, r, time.Minute)
	if r.msg() != "Too many messages to the assistant. Try again in 1 minute." {
		t.Errorf("message = %q", r.msg())
	}
	// Each person has their own allowance, and it comes back.
	expect(t, bob.post("/api/assistant/chat", creds{"message": "what is popular"}), 200, "")
	e.Clock.Advance(time.Minute)
	expect(t, ann.post("/api/assistant/chat", creds{"message": "what is popular"}), 200, "")
}

func TestIPv6ClientsAreCountedPerSlash64(t *testing.T) {
	e := newEnv(t, trustProxy)
	for i := 0; i < 60; i++ {
		// Every guess from a fresh address of the same /64.
		expect(t, e.from(fmt.Sprintf("2001:db8:1:2::%x", i+1)).post("/api/auth/login", creds{"username": fmt.Sprintf("user%d", i), "password": "x"}),
			401, "Wrong username or password")
	}
	expectLimited(t, e.from("2001:db8:1:2:ffff::1").post("/api/auth/login", creds{"username": "someone", "password": "x"}), 15*time.Minute)
	expect(t, e.from("2001:db8:1:3::1").post("/api/auth/login", creds{"username": "someone", "password": "x"}), 401, "Wrong username or password")
}

// A proxy that adds its own X-Forwarded-For line after the client's: a new
// forged address in the client's line each time must not buy new tries.
func TestForgedForwardedLinesBuyNoGuesses(t *testing.T) {
	e := newEnv(t, trustProxy)
	e.signUp("ivy", "ivy@example.com", "secret1")
	guess := func(i int) reply {
		c := e.client()
		c.Header.Add("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i)) // the client's own
		c.Header.Add("X-Forwarded-For", "192.0.2.77")                    // the proxy's
		return c.post("/api/auth/login", creds{"username": "ivy", "password": "guess"})
	}
	for i := range 10 {
		expect(t, guess(i), 401, "Wrong username or password")
	}
	if r := guess(10); r.Status != 429 || r.msg() != "Too many wrong passwords for this account from your network. Try again in 15 minutes." {
		t.Fatalf("the 11th guess: %d %s", r.Status, r.Raw)
	}
}

// Tries side by side from many networks each waited out the account's
// delay at once: ~335 guesses a minute at one account. Now the delay is a
// queue: each try waits for its own turn, after the one before, and a try
// whose turn is over 30 s away is told to come back.
func TestParallelGuessesFromManyNetworksWaitTheirTurn(t *testing.T) {
	e := newEnv(t, trustProxy)
	e.signUp("ivy", "ivy@example.com", "secret1")
	for i := range 12 { // the delay grows to its 5 s
		expect(t, e.from(fmt.Sprintf("198.51.100.%d", i)).post("/api/auth/login", creds{"username": "ivy", "password": "guess"}),
			401, "Wrong username or password")
	}
	e.Sleeps.all, e.Sleeps.clock = nil, nil // twelve tries at one instant
	statuses := make(chan int, 12)
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			statuses <- e.from(fmt.Sprintf("203.0.113.%d", i)).post("/api/auth/login", creds{"username": "ivy", "password": "guess"}).Status
		})
	}
	wg.Wait()
	close(statuses)
	refused := 0
	for s := range statuses {
		if s == 429 {
			refused++
		} else if s != 401 {
			t.Errorf("status %d", s)
		}
	}
	waits := slices.Sorted(slices.Values(e.Sleeps.all))
	want := []time.Duration{5 * time.Second, 10 * time.Second, 15 * time.Second, 20 * time.Second, 25 * time.Second, 30 * time.Second}
	if refused != 6 || !slices.Equal(waits, want) {
		t.Fatalf("%d refused; the checked waited %v, want %v: one turn each 5 s, none over 30 s away", refused, waits, want)
	}
}
