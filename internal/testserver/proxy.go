package testserver

import (
	"io"
	"net"
	"sync"
	"testing"
)

// Proxy forwards TCP connections to a server until it is cut: then it
// drops every connection and refuses new ones, as a server restarting or
// a network falling over does, until restored. Stalled, it takes new
// connections and never answers, as a server that hangs does.
type Proxy struct {
	Addr  string // where it listens: give it instead of the server's
	ln    net.Listener
	mu    sync.Mutex
	cut   bool
	stall bool
	conns []net.Conn
}

// NewProxy forwards to addr until the test ends.
func NewProxy(t testing.TB, addr string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{Addr: ln.Addr().String(), ln: ln}
	t.Cleanup(func() { ln.Close(); p.Cut() })
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.stall {
				p.conns = append(p.conns, in) // held, unanswered
				p.mu.Unlock()
				continue
			}
			out, err := net.Dial("tcp", addr)
			if p.cut || err != nil {
				p.mu.Unlock()
				in.Close()
				if out != nil {
					out.Close()
				}
				continue
			}
			p.conns = append(p.conns, in, out)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(out, in); out.Close() }()
			go func() { _, _ = io.Copy(in, out); in.Close() }()
		}
	}()
	return p
}

// Cut drops every connection and refuses new ones.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = true
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// Stall drops every connection and holds new ones without an answer.
func (p *Proxy) Stall() {
	p.Cut()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut, p.stall = false, true
}

// Restore lets connections through again.
func (p *Proxy) Restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut, p.stall = false, false
}
