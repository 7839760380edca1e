package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/musicify/musicify/internal/musicify"
)

// S3Options says where an S3 store keeps its blobs.
type S3Options struct {
	Bucket string
	Prefix string // "" or a folder such as "musicify/", ending in '/'
	// Endpoint is the server's URL (http://127.0.0.1:7070); "" for AWS.
	Endpoint  string
	Region    string
	PathStyle bool
	// AccessKey and SecretKey, when set, replace the AWS chain (the
	// AWS_* variables, the shared credentials file, an IAM role).
	AccessKey, SecretKey string
	// PartSize is the size of a multipart upload's parts, and so the memory
	// an upload of unknown length holds; 0 means 16 MiB. S3 wants 5 MiB or more.
	PartSize uint64
	// Transport replaces the HTTP transport (tests count requests).
	Transport http.RoundTripper
	// Timeout bounds each request's wait for an answer (and a connection),
	// so no call hangs on a bucket that stopped answering; 0 means 30 s.
	Timeout time.Duration
}

// S3 stores blobs as objects in a bucket; S3 itself makes a Put atomic.
type S3 struct {
	client   *minio.Client
	bucket   string
	prefix   string
	timeout  time.Duration // of one call that moves no file
	partSize uint64
}

var _ musicify.BlobStore = (*S3)(nil)

// NewS3 connects to the bucket and checks that it is there.
func NewS3(ctx context.Context, o S3Options) (*S3, error) {
	host, secure := "s3.amazonaws.com", true
	if o.Endpoint != "" {
		u, err := url.Parse(o.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("S3 endpoint %q is not an http(s) URL", o.Endpoint)
		}
		host, secure = u.Host, u.Scheme == "https"
	}
	creds := credentials.NewStaticV4(o.AccessKey, o.SecretKey, "")
	if o.AccessKey == "" {
		// Half a key pair in the environment is a mistake to name, not one
		// to leave to the chain's next provider.
		id, secret := os.Getenv("AWS_ACCESS_KEY_ID") != "", os.Getenv("AWS_SECRET_ACCESS_KEY") != ""
		if id && !secret {
			return nil, errors.New("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not: set both, or neither to use ~/.aws/credentials or an IAM role")
		}
		if secret && !id {
			return nil, errors.New("AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not: set both, or neither to use ~/.aws/credentials or an IAM role")
		}
		creds = credentials.NewChainCredentials([]credentials.Provider{
			&credentials.EnvAWS{}, &credentials.FileAWSCredentials{}, &credentials.IAM{},
		})
	}
	lookup := minio.BucketLookupAuto
	if o.PathStyle {
		lookup = minio.BucketLookupPath
	}
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	transport := o.Transport
	if transport == nil {
		t, err := minio.DefaultTransport(secure)
		if err != nil {
			return nil, fmt.Errorf("connecting to S3: %w", err)
		}
		t.ResponseHeaderTimeout = o.Timeout
		t.DialContext = (&net.Dialer{Timeout: min(o.Timeout, 5*time.Second), KeepAlive: 30 * time.Second}).DialContext
		transport = t
	}
	// A few tries: an outage fails a call in seconds, not after ten
	// backed-off retries of a minute each.
	client, err := minio.New(host, &minio.Options{Creds: creds, Secure: secure, Region: o.Region,
		BucketLookup: lookup, Transport: transport, MaxRetries: 3})
	if err != nil {
		return nil, fmt.Errorf("connecting to S3: %w", err)
	}
	s := &S3{client: client, bucket: o.Bucket, prefix: o.Prefix, partSize: o.PartSize, timeout: o.Timeout}
	if s.partSize == 0 {
		s.partSize = 16 << 20
	}
	if err := s.Ping(ctx); err != nil {
		if v, verr := creds.GetWithContext(nil); o.AccessKey == "" && (verr != nil || v.AccessKeyID == "") {
			return nil, fmt.Errorf("%w (no credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE with ~/.aws/credentials)", err)
		}
		return nil, err
	}
	return s, nil
}

// Ping checks that the bucket is there and the credentials are good.
func (s *S3) Ping(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("reaching S3 bucket %s: %w", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("S3 bucket %s does not exist", s.bucket)
	}
	return nil
}

// Put uploads r in one request when its length is known and fits a part,
// else as a multipart upload; S3 shows the object only once it is whole.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if err := checkKey(key); err != nil {
		return 0, err
	}
	info, err := s.client.PutObject(ctx, s.bucket, s.prefix+key, ctxReader{ctx, r}, knownSize(r),
		minio.PutObjectOptions{PartSize: s.partSize, ContentType: "application/octet-stream"})
	if err != nil {
		return 0, fmt.Errorf("storing %s: %w", key, err)
	}
	return info.Size, nil
}

// knownSize is what is left to read of a file or an in-memory reader, -1
// for anything else.
func knownSize(r io.Reader) int64 {
	switch r := r.(type) {
	case interface{ Len() int }:
		return int64(r.Len())
	case *os.File:
		info, err := r.Stat()
		if err != nil || !info.Mode().IsRegular() {
			return -1
		}
		off, err := r.Seek(0, io.SeekCurrent)
		if err != nil {
			return -1
		}
		return info.Size() - off
	}
	return -1
}

// Open asks for the object's size and version only; the bytes come as they
// are read, so seeking (ServeContent seeks to the end first) costs nothing.
func (s *S3) Open(ctx context.Context, key string) (*musicify.Blob, error) {
	if checkKey(key) != nil {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This file does not exist.")
	}
	stat, cancel := context.WithTimeout(ctx, statTimeout)
	defer cancel()
	info, err := s.client.StatObject(stat, s.bucket, s.prefix+key, minio.StatObjectOptions{})
	if notFound(err) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This file does not exist.")
	} else if err != nil && ctx.Err() == nil {
		down := *errStorageDown
		down.Err = fmt.Errorf("opening %s: %w", key, err)
		return nil, &down
	} else if err != nil {
		return nil, fmt.Errorf("opening %s: %w", key, err)
	}
	body := &s3Reader{ctx: ctx, core: minio.Core{Client: s.client}, bucket: s.bucket, key: s.prefix + key,
		etag: info.ETag, size: info.Size}
	return &musicify.Blob{Body: body, Size: info.Size, ModTime: info.LastModified}, nil
}

// statTimeout bounds the one request Open makes before a file is served:
// a bucket that does not answer is a 503 in a second, not a request held
// through the client's retries.
const statTimeout = time.Second

// errStorageDown is what a request for media meets while the bucket does
// not answer: worth trying again in a moment.
var errStorageDown = &musicify.Error{Code: musicify.EUNAVAILABLE, RetryAfter: 5 * time.Second,
	Message: "The media storage is not answering just now. Please try again in a moment."}

func notFound(err error) bool {
	r := minio.ToErrorResponse(err)
	return r.StatusCode == http.StatusNotFound || r.Code == minio.NoSuchKey
}

func (s *S3) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	if err := s.client.RemoveObject(ctx, s.bucket, s.prefix+key, minio.RemoveObjectOptions{}); err != nil && !notFound(err) {
		return fmt.Errorf("deleting %s: %w", key, err)
	}
	return nil
}

// List pages through the objects under the prefix.
func (s *S3) List(ctx context.Context, fn func(key string, size int64, written time.Time) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	objects := s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix, Recursive: true})
	defer func() {
		cancel()
		for range objects { // the lister stops on cancel; let it end
		}
	}()
	for obj := range objects {
		if obj.Err != nil {
			return fmt.Errorf("listing media: %w", obj.Err)
		}
		key := strings.TrimPrefix(obj.Key, s.prefix)
		if checkKey(key) != nil {
			continue // a folder marker or another tool's object: never Musicify's
		}
		if err := fn(key, obj.Size, obj.LastModified); err != nil {
			return err
		}
	}
	return nil
}

// SignedURL is a URL at which anyone may GET key, with Range, straight
// from the bucket until ttl passes; the answer carries contentType and,
// if set, disposition.
func (s *S3) SignedURL(ctx context.Context, key string, ttl time.Duration, contentType, disposition string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	params := url.Values{"response-content-type": {contentType}}
	if disposition != "" {
		params.Set("response-content-disposition", disposition)
	}
	u, err := s.client.PresignedGetObject(ctx, s.bucket, s.prefix+key, ttl, params)
	if err != nil {
		return "", fmt.Errorf("signing a URL for %s: %w", key, err)
	}
	return u.String(), nil
}

// checkKey refuses keys that could name something outside the store or
// that two stores would read differently.
func checkKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") || !fs.ValidPath(key) || strings.HasPrefix(key, ".") {
		return fmt.Errorf("invalid blob key %q", key)
	}
	return nil
}
