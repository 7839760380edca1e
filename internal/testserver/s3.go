package testserver

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Server is an S3 endpoint for tests: MUSICIFY_TEST_S3_URL
// (http://ACCESS:SECRET@host:port) or a versitygw this package started.
type S3Server struct {
	Endpoint             string // http://127.0.0.1:PORT
	AccessKey, SecretKey string
	Region               string
	client               *minio.Client
}

var s3srv struct {
	once sync.Once
	srv  *S3Server
	err  error
	cmd  *exec.Cmd
	done chan struct{} // closed when the gateway has ended
	dir  string
}

// S3 returns the test binary's S3 server, starting versitygw on first use.
func S3(t testing.TB) *S3Server {
	t.Helper()
	Needs(t, "an S3 server (versitygw)")
	srv, err := StartS3()
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// StartS3 is S3 for a harness that is not a test; StopS3 ends it.
func StartS3() (*S3Server, error) {
	s3srv.once.Do(func() {
		port, err := freePort()
		if err != nil {
			s3srv.err = err
			return
		}
		s3srv.srv, s3srv.err = startS3(port)
	})
	return s3srv.srv, s3srv.err
}

// StopS3 ends the versitygw this test binary started, if any, and removes
// its data; TestMain calls it after m.Run. Should it not, the gateway is
// killed all the same when the test binary exits (see startS3).
func StopS3() {
	if s3srv.cmd != nil {
		_ = s3srv.cmd.Process.Kill()
		<-s3srv.done
		s3srv.cmd = nil
	}
	if s3srv.dir != "" {
		os.RemoveAll(s3srv.dir)
		s3srv.dir = ""
	}
}

func startS3(port int) (*S3Server, error) {
	if v := os.Getenv("MUSICIFY_TEST_S3_URL"); v != "" {
		u, err := url.Parse(v)
		pass, _ := u.User.Password()
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User.Username() == "" || pass == "" {
			return nil, fmt.Errorf("MUSICIFY_TEST_S3_URL: %q is not http(s)://ACCESS_KEY:SECRET@host:port", v)
		}
		region := u.Query().Get("region")
		if region == "" {
			region = "us-east-1"
		}
		return newS3Server(u.Scheme+"://"+u.Host, u.User.Username(), pass, region)
	}
	bin, err := versitygw()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "musicify-s3-")
	if err != nil {
		return nil, err
	}
	ln := "127.0.0.1:" + strconv.Itoa(port)
	key, secret := "musicifytest", "musicify-test-secret"
	cmd := exec.Command(bin, "--port", ln, "--quiet", "posix", dir)
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY_ID="+key, "ROOT_SECRET_ACCESS_KEY="+secret)
	out := &LockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := StartHeld(cmd); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("starting versitygw: %w", err)
	}
	s3srv.cmd, s3srv.dir, s3srv.done = cmd, dir, make(chan struct{})
	go func() { _ = cmd.Wait(); close(s3srv.done) }()
	srv, err := newS3Server("http://"+ln, key, secret, "us-east-1")
	if err != nil {
		return nil, err
	}
	// Ready when it answers an S3 call; a guard against a hang, not a speed check.
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := srv.client.ListBuckets(ctx)
		cancel()
		if err == nil {
			return srv, nil
		}
		select {
		case <-s3srv.done:
			deadline = time.Time{}
		default:
		}
		if time.Now().After(deadline) {
			StopS3()
			return nil, fmt.Errorf("versitygw did not answer on %s: %v\n%s", ln, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func newS3Server(endpoint, key, secret, region string) (*S3Server, error) {
	u, _ := url.Parse(endpoint)
	c, err := minio.New(u.Host, &minio.Options{Creds: credentials.NewStaticV4(key, secret, ""),
		Secure: u.Scheme == "https", Region: region, BucketLookup: minio.BucketLookupPath})
	if err != nil {
		return nil, fmt.Errorf("S3 client for %s: %w", endpoint, err)
	}
	return &S3Server{Endpoint: endpoint, AccessKey: key, SecretKey: secret, Region: region, client: c}, nil
}

// Bucket makes an empty bucket for one test and removes it, with what the
// test left, afterwards.
func (s *S3Server) Bucket(t testing.TB) string {
	t.Helper()
	name, remove, err := s.NewBucket()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := remove(); err != nil {
			t.Error(err)
		}
	})
	return name
}

// NewBucket makes an empty bucket and returns its name and what removes
// it with everything in it.
func (s *S3Server) NewBucket() (string, func() error, error) {
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "test-" + hex.EncodeToString(b[:])
	ctx := context.Background()
	if err := s.client.MakeBucket(ctx, name, minio.MakeBucketOptions{Region: s.Region}); err != nil {
		return "", nil, fmt.Errorf("making bucket %s: %w", name, err)
	}
	remove := func() error {
		for obj := range s.client.ListObjects(ctx, name, minio.ListObjectsOptions{Recursive: true}) {
			if obj.Err == nil {
				_ = s.client.RemoveObject(ctx, name, obj.Key, minio.RemoveObjectOptions{})
			}
		}
		for up := range s.client.ListIncompleteUploads(ctx, name, "", true) {
			if up.Err == nil {
				_ = s.client.RemoveIncompleteUpload(ctx, name, up.Key)
			}
		}
		if err := s.client.RemoveBucket(ctx, name); err != nil {
			return fmt.Errorf("removing bucket %s: %w", name, err)
		}
		return nil
	}
	return name, remove, nil
}

// versitygw is bin/tools/versitygw in the repository, which
// scripts/test-tools.sh installs.
func versitygw() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			bin := filepath.Join(dir, "bin", "tools", "versitygw")
			if _, err := os.Stat(bin); err != nil {
				return "", fmt.Errorf("the S3 suites need %s: run scripts/test-tools.sh (make test does), or set MUSICIFY_TEST_S3_URL=http://KEY:SECRET@host:port", bin)
			}
			return bin, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the test's directory, so no bin/tools/versitygw: set MUSICIFY_TEST_S3_URL")
		}
		dir = parent
	}
}

// LockedBuffer is a buffer that goroutines may write to while another
// reads it: a server's output kept for a failure message, a log a test
// looks into.
type LockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *LockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *LockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// IncompleteUploads names the multipart uploads begun in bucket and neither
// completed nor aborted: space a failed Put would leave taken.
func (s *S3Server) IncompleteUploads(t testing.TB, bucket string) []string {
	t.Helper()
	var keys []string
	for up := range s.client.ListIncompleteUploads(context.Background(), bucket, "", true) {
		if up.Err != nil {
			t.Fatalf("listing incomplete uploads: %v", up.Err)
		}
		keys = append(keys, up.Key)
	}
	return keys
}
