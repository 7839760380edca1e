package platform

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// busyBody is what a connection past the cap is told.
const busyBody = `{"message":"The server is busy. Please try again in a few seconds."}`

// ConnLimits are the bounds LimitConnections keeps.
type ConnLimits struct {
	Max int // connections open at once
	// PerAddress bounds the connections of one client address (an IPv6
	// /64); 0 does not. Exempt peers (the proxies in front, which carry
	// everyone's requests) are not bounded by it.
	PerAddress int
	Exempt     func(netip.Addr) bool
	RetryAfter time.Duration
	// BusyIdle is how long a keep-alive connection may sit idle once three
	// quarters of Max are open (default 5 s): past it, it is closed. When
	// all are open, the connection idle longest makes room for a new one.
	BusyIdle time.Duration
	Now      func() time.Time // nil: time.Now
}

// LimitConnections lets at most limits.Max connections be open at once,
// and limits.PerAddress from one address. Past them a new connection is
// answered 503 with Retry-After and closed, so that a flood of connections
// cannot use up the process's file descriptors and leave the server unable
// to accept anyone; idle keep-alive connections give way first. Give the
// http.Server its ConnState, so that it knows which are idle.
func LimitConnections(ln net.Listener, limits ConnLimits) *Connections {
	if limits.BusyIdle <= 0 {
		limits.BusyIdle = 5 * time.Second
	}
	if limits.Now == nil {
		limits.Now = time.Now
	}
	return &Connections{Listener: ln, limits: limits, open: make(chan struct{}, limits.Max), refusing: make(chan struct{}, 64),
		perAddr: map[string]int{}, conns: map[*slotConn]time.Time{},
		busy: "HTTP/1.1 503 Service Unavailable\r\nRetry-After: " + strconv.Itoa(int(limits.RetryAfter.Seconds()+0.999)) +
			"\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n" +
			"Content-Length: " + strconv.Itoa(len(busyBody)) + "\r\n\r\n" + busyBody}
}

// Connections is the listener LimitConnections makes.
type Connections struct {
	net.Listener
	limits   ConnLimits
	open     chan struct{} // a slot per open connection
	refusing chan struct{} // a slot per connection being told it is refused
	busy     string

	mu      sync.Mutex
	perAddr map[string]int
	conns   map[*slotConn]time.Time // open connections: since when idle (zero: in use)
}

func (l *Connections) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr, bounded := l.addressOf(c)
		l.mu.Lock()
		if bounded && l.perAddr[addr] >= l.limits.PerAddress {
			l.mu.Unlock()
			l.refuse(c)
			continue
		}
		l.mu.Unlock()
		if len(l.open) >= l.limits.Max*3/4 {
			l.closeIdle(l.limits.Now().Add(-l.limits.BusyIdle))
		}
		if !l.take() && !(l.closeOldestIdle() && l.take()) {
			l.refuse(c)
			continue
		}
		sc := &slotConn{Conn: c}
		sc.free = func() {
			l.mu.Lock()
			if bounded {
				if l.perAddr[addr]--; l.perAddr[addr] <= 0 {
					delete(l.perAddr, addr)
				}
			}
			delete(l.conns, sc)
			l.mu.Unlock()
			<-l.open
		}
		l.mu.Lock()
		if bounded {
			l.perAddr[addr]++
		}
		l.conns[sc] = time.Time{}
		l.mu.Unlock()
		return sc, nil
	}
}

// ConnState follows which connections are idle; it is the http.Server's.
func (l *Connections) ConnState(c net.Conn, state http.ConnState) {
	sc, ok := c.(*slotConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, open := l.conns[sc]; !open {
		return
	}
	if state == http.StateIdle {
		l.conns[sc] = l.limits.Now()
	} else {
		l.conns[sc] = time.Time{}
	}
}

// Counts are the connections open and, of them, idle between requests.
func (l *Connections) Counts() (open, idle int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, since := range l.conns {
		if !since.IsZero() {
			idle++
		}
	}
	return len(l.conns), idle
}

func (l *Connections) take() bool {
	select {
	case l.open <- struct{}{}:
		return true
	default:
		return false
	}
}

// closeIdle closes the connections idle since before cutoff.
func (l *Connections) closeIdle(cutoff time.Time) {
	l.mu.Lock()
	var idle []*slotConn
	for c, since := range l.conns {
		if !since.IsZero() && since.Before(cutoff) {
			idle = append(idle, c)
		}
	}
	l.mu.Unlock()
	for _, c := range idle {
		c.Close()
	}
}

// closeOldestIdle closes the connection idle longest, if one is.
func (l *Connections) closeOldestIdle() bool {
	l.mu.Lock()
	var oldest *slotConn
	var at time.Time
	for c, since := range l.conns {
		if !since.IsZero() && (oldest == nil || since.Before(at)) {
			oldest, at = c, since
		}
	}
	l.mu.Unlock()
	if oldest == nil {
		return false
	}
	oldest.Close() // gives its slot back before returning
	return true
}

// addressOf is the key PerAddress counts c by, and whether it is bounded.
func (l *Connections) addressOf(c net.Conn) (string, bool) {
	if l.limits.PerAddress <= 0 {
		return "", false
	}
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return "", false
	}
	ip := ap.Addr().Unmap()
	if l.limits.Exempt != nil && l.limits.Exempt(ip) {
		return "", false
	}
	return networkOf(ip), true
}

// refuse answers 503 in the background; past 64 refusals at once it just
// closes, since answering must not cost more descriptors than it saves.
func (l *Connections) refuse(c net.Conn) {
	select {
	case l.refusing <- struct{}{}:
	default:
		c.Close()
		return
	}
	go func() {
		defer func() { <-l.refusing }()
		defer c.Close()
		// Answer after the request's head, as clients expect; a client that
		// sends nothing within the second is only closed.
		_ = c.SetDeadline(time.Now().Add(time.Second))
		head := make([]byte, 0, 8<<10)
		for !bytes.Contains(head, []byte("\r\n\r\n")) && len(head) < cap(head) {
			n, err := c.Read(head[len(head):cap(head)])
			head = head[:len(head)+n]
			if err != nil {
				return
			}
		}
		if _, err := io.WriteString(c, l.busy); err != nil {
			return
		}
		// Read the rest before closing: closing a socket with unread data
		// resets it, and the client may lose the answer.
		if tc, ok := c.(interface{ CloseWrite() error }); ok {
			_ = tc.CloseWrite()
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10))
	}()
}

// slotConn gives its slot back when closed, once.
type slotConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}

// A wrapped connection keeps what the server uses of a TCP connection:
// ReadFrom sends media files with sendfile, CloseWrite ends a connection cleanly.
var _ io.ReaderFrom = (*slotConn)(nil)

func (c *slotConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(c.Conn, r)
}

func (c *slotConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
