// Command cluster runs Musicify the way it is deployed, on free loopback
// ports in temp dirs, for the end-to-end tests. By default (the
// multi-instance test, web/e2e-cluster) two `musicify serve` instances on
// one PostgreSQL, one S3 bucket (versitygw) and one NATS, A with the demo
// catalog. With -real it runs what a self-hoster runs instead, without the
// demo (web/e2e-real): "single" is one instance on SQLite and local media,
// "cluster" two on PostgreSQL, S3 and NATS; both get a generated music
// folder, a real SMTP server and a metrics token (real.go).
//
// When all answer it prints one JSON line with the instances' URLs and its
// control URL (control.go). It stops everything and removes its files when
// its standard input closes (the test runner ended, however it ended) or on
// SIGINT/SIGTERM.
//
//	cluster -musicify bin/musicify
//	cluster -musicify bin/musicify -real single -genlibrary bin/genlibrary -hold 'Artist/Album'
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
	"slices"
	"strings"
	"syscall"

	"github.com/musicify/musicify/internal/testserver"
	"github.com/musicify/musicify/internal/testsmtp"
)

// Ready is the line printed when the cluster answers.
type Ready struct {
	A       string `json:"a"`           // instance A's base URL (the demo one by default, with the dev outbox)
	B       string `json:"b,omitempty"` // instance B's base URL; none in -real single
	Control string `json:"control"`     // see control.go
	// With -real: the bearer token of /metrics and the music folder.
	MetricsToken string `json:"metricsToken,omitempty"`
	Library      string `json:"library,omitempty"`
}

// options are the command's flags.
type options struct {
	bin        string
	real       string   // "", "single" or "cluster"
	genlibrary string   // the genlibrary binary, for -real
	hold       []string // library paths kept out until /library/add
}

func main() {
	var o options
	flag.StringVar(&o.bin, "musicify", "bin/musicify", "the musicify binary to run")
	flag.StringVar(&o.real, "real", "", `run as self-hosters do, without the demo: "single" or "cluster"`)
	flag.StringVar(&o.genlibrary, "genlibrary", "bin/genlibrary", "with -real: the genlibrary binary that writes the music folder")
	hold := flag.String("hold", "", "with -real: comma-separated paths of the generated library left out of the folder until /library/add")
	flag.Parse()
	if *hold != "" {
		o.hold = strings.Split(*hold, ",")
	}
	log.SetFlags(0)
	log.SetPrefix("cluster: ")
	if o.real != "" && o.real != "single" && o.real != "cluster" {
		log.Fatalf(`-real is "single" or "cluster", not %q`, o.real)
	}
	c, err := start(o)
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
	dir       string
	nats      *testserver.NATS // nil in -real single
	a, b      *instance        // b is nil in -real single
	instances []*instance
	stops     []func()
	control   *http.Server
	// With -real (real.go):
	smtp                      *testsmtp.Server
	library, staging, metrics string
}

func start(o options) (*cluster, error) {
	abs, err := filepath.Abs(o.bin)
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

	var shared []string
	if o.real != "single" {
		if shared, err = c.startShared(); err != nil {
			return c, err
		}
	}
	// The default: A seeds the demo catalog and keeps the dev outbox (codes
	// are read from the shared database, so an account made on A signs in
	// on B); B is a plain production instance. Accounts the test makes
	// through the API come from addresses of their own (X-Forwarded-For),
	// as in web/e2e.
	envA := slices.Concat(shared, []string{"MUSICIFY_DEMO=true", "MUSICIFY_DEV_MAIL=true", "MUSICIFY_TRUST_PROXY=true"})
	envB := slices.Concat(shared, []string{"MUSICIFY_DEMO=false", "MUSICIFY_TRUST_PROXY=true"})
	if o.real != "" {
		real, err := c.setupReal(o)
		if err != nil {
			return c, err
		}
		envA, envB = slices.Concat(shared, real), slices.Concat(shared, real)
	}
	if c.a, err = startInstance("A", abs, filepath.Join(dir, "a"), envA); err != nil {
		return c, fmt.Errorf("instance A: %w", err)
	}
	c.instances = append(c.instances, c.a)
	c.stops = append(c.stops, c.a.stop)
	if o.real != "single" {
		if c.b, err = startInstance("B", abs, filepath.Join(dir, "b"), envB); err != nil {
			return c, fmt.Errorf("instance B: %w", err)
		}
		c.instances = append(c.instances, c.b)
		c.stops = append(c.stops, c.b.stop)
	}
	for _, in := range c.instances {
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
	ready := Ready{A: c.a.url, Control: "http://" + ln.Addr().String(), MetricsToken: c.metrics, Library: c.library}
	if c.b != nil {
		ready.B = c.b.url
	}
	line, _ := json.Marshal(ready)
	fmt.Println(string(line))
	return c, nil
}

// startShared starts what the instances of a cluster share: PostgreSQL,
// an S3 bucket and NATS; it returns their settings.
func (c *cluster) startShared() ([]string, error) {
	c.stops = append(c.stops, testserver.StopPostgres)
	database, drop, err := testserver.NewDatabase()
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL (run scripts/system-deps.sh): %w", err)
	}
	c.stops = append(c.stops, func() { _ = drop() })

	s3, err := testserver.StartS3()
	c.stops = append(c.stops, testserver.StopS3)
	if err != nil {
		return nil, fmt.Errorf("starting versitygw: %w", err)
	}
	bucket, remove, err := s3.NewBucket()
	if err != nil {
		return nil, err
	}
	c.stops = append(c.stops, func() { _ = remove() })

	natsDir := filepath.Join(c.dir, "nats")
	if err := os.Mkdir(natsDir, 0o700); err != nil {
		return nil, err
	}
	if c.nats, err = testserver.StartNATS(natsDir); err != nil {
		return nil, err
	}
	c.stops = append(c.stops, c.nats.Stop)
	return []string{
		"MUSICIFY_DATABASE_URL=" + database,
		fmt.Sprintf("MUSICIFY_STORAGE_URL=s3://%s?endpoint=%s&region=%s&path_style=true", bucket, s3.Endpoint, s3.Region),
		"AWS_ACCESS_KEY_ID=" + s3.AccessKey, "AWS_SECRET_ACCESS_KEY=" + s3.SecretKey, "AWS_SESSION_TOKEN=",
		"MUSICIFY_PUBSUB_URL=" + c.nats.URL,
	}, nil
}

func (c *cluster) stop() {
	for i := len(c.stops) - 1; i >= 0; i-- {
		c.stops[i]()
	}
}
