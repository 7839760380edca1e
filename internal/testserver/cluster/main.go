// Command cluster runs two `musicify serve` instances on one PostgreSQL, one
// S3 bucket (versitygw) and one NATS, all on free loopback ports in temp
// dirs, for the multi-instance end-to-end test (web/e2e-cluster). When all
// answer it prints one JSON line with the instances' URLs and its control
// URL, through which the test restarts NATS and kills instance A. It stops
// everything and removes its files when its standard input closes (the test
// runner ended, however it ended) or on SIGINT/SIGTERM.
//
//	cluster -musicify bin/musicify
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/musicify/musicify/internal/testserver"
)

// Ready is the line printed when the cluster answers.
type Ready struct {
	A       string `json:"a"`       // instance A's base URL: demo mode, with the dev outbox
	B       string `json:"b"`       // instance B's base URL
	Control string `json:"control"` // see control.go
}

func main() {
	bin := flag.String("musicify", "bin/musicify", "the musicify binary to run")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("cluster: ")
	c, err := start(*bin)
	if err != nil {
		if c != nil {
			c.stop()
		}
		log.Fatal(err)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); cancel() }()
	<-ctx.Done()
	c.stop()
}

// cluster is everything this program started, stopped in reverse order.
type cluster struct {
	dir     string
	nats    *testserver.NATS
	a, b    *instance
	stops   []func()
	control *http.Server
}

func start(bin string) (*cluster, error) {
	abs, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("no musicify binary (run make build): %w", err)
	}
	dir, err := os.MkdirTemp("", "musicify-cluster-")
	if err != nil {
		return nil, err
	}
	c := &cluster{dir: dir}
	c.stops = append(c.stops, func() { os.RemoveAll(dir) })

	c.stops = append(c.stops, testserver.StopPostgres)
	database, drop, err := testserver.NewDatabase()
	if err != nil {
		return c, fmt.Errorf("PostgreSQL (run scripts/system-deps.sh): %w", err)
	}
	c.stops = append(c.stops, func() { _ = drop() })

	s3, err := testserver.StartS3()
	c.stops = append(c.stops, testserver.StopS3)
	if err != nil {
		return c, fmt.Errorf("starting versitygw: %w", err)
	}
	bucket, remove, err := s3.NewBucket()
	if err != nil {
		return c, err
	}
	c.stops = append(c.stops, func() { _ = remove() })

	natsDir := filepath.Join(dir, "nats")
	if err := os.Mkdir(natsDir, 0o700); err != nil {
		return c, err
	}
	if c.nats, err = testserver.StartNATS(natsDir); err != nil {
		return c, err
	}
	c.stops = append(c.stops, c.nats.Stop)

	shared := []string{
		"MUSICIFY_DATABASE_URL=" + database,
		fmt.Sprintf("MUSICIFY_STORAGE_URL=s3://%s?endpoint=%s&region=%s&path_style=true", bucket, s3.Endpoint, s3.Region),
		"AWS_ACCESS_KEY_ID=" + s3.AccessKey, "AWS_SECRET_ACCESS_KEY=" + s3.SecretKey, "AWS_SESSION_TOKEN=",
		"MUSICIFY_PUBSUB_URL=" + c.nats.URL,
		// Accounts the test makes through the API come from addresses of their
		// own (X-Forwarded-For), as in web/e2e.
		"MUSICIFY_TRUST_PROXY=true",
	}
	// A seeds the demo catalog and keeps the dev outbox (codes are read from
	// the shared database, so an account made on A signs in on B); B is a
	// plain production instance.
	if c.a, err = startInstance(abs, filepath.Join(dir, "a"), append(shared, "MUSICIFY_DEMO=true", "MUSICIFY_DEV_MAIL=true")); err != nil {
		return c, fmt.Errorf("instance A: %w", err)
	}
	c.stops = append(c.stops, c.a.stop)
	if c.b, err = startInstance(abs, filepath.Join(dir, "b"), append(shared, "MUSICIFY_DEMO=false")); err != nil {
		return c, fmt.Errorf("instance B: %w", err)
	}
	c.stops = append(c.stops, c.b.stop)
	for _, in := range []*instance{c.a, c.b} {
		if err := in.waitReady(); err != nil {
			return c, err
		}
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return c, err
	}
	c.control = &http.Server{Handler: c.routes()}
	go func() {
		if err := c.control.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Print(err)
		}
	}()
	c.stops = append(c.stops, func() { _ = c.control.Close() })
	ready, _ := json.Marshal(Ready{A: c.a.url, B: c.b.url, Control: "http://" + ln.Addr().String()})
	fmt.Println(string(ready))
	return c, nil
}

func (c *cluster) stop() {
	for i := len(c.stops) - 1; i >= 0; i-- {
		c.stops[i]()
	}
}
