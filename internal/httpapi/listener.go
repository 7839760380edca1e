package httpapi

import (
	"bytes"
	"io"
	"net"
	"strconv"
	"sync"
	"time"
)

// busyBody is what a connection past the cap is told.
const busyBody = `{"message":"The server is busy. Please try again in a few seconds."}`

// LimitConnections lets at most max connections be open at once. Past it a
// new connection is answered 503 with Retry-After and closed, so that a
// flood of connections cannot use up the process's file descriptors and
// leave the server unable to accept anyone.
func LimitConnections(ln net.Listener, max int, retryAfter time.Duration) net.Listener {
	return &capListener{Listener: ln, open: make(chan struct{}, max), refusing: make(chan struct{}, 64),
		busy: "HTTP/1.1 503 Service Unavailable\r\nRetry-After: " + strconv.Itoa(int(retryAfter.Seconds()+0.999)) +
			"\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n" +
			"Content-Length: " + strconv.Itoa(len(busyBody)) + "\r\n\r\n" + busyBody}
}

type capListener struct {
	net.Listener
	open     chan struct{} // a slot per open connection
	refusing chan struct{} // a slot per connection being told it is refused
	busy     string
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case l.open <- struct{}{}:
			return &slotConn{Conn: c, free: func() { <-l.open }}, nil
		default:
			l.refuse(c)
		}
	}
}

// refuse answers 503 in the background; past 64 refusals at once it just
// closes, since answering must not cost more descriptors than it saves.
func (l *capListener) refuse(c net.Conn) {
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
	c.once.Do(c.free)
	return c.Conn.Close()
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
