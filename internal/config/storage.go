package config

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// S3 is where media goes when MUSICIFY_STORAGE_URL is s3://BUCKET[/prefix];
// credentials come from the usual AWS variables, file or role.
type S3 struct {
	Bucket    string
	Prefix    string // "" or a folder ending in '/'
	Endpoint  string // "" for AWS
	Region    string
	PathStyle bool
}

// bucketName is S3's rule for bucket names, which also keeps a host out.
var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

// storage reads MUSICIFY_STORAGE_URL: a local directory (the default, or
// file://DIR) or an S3 bucket.
func (p *parser) storage(name, dataDir string) (string, *S3) {
	v := p.str(name, "")
	switch {
	case v == "":
		return filepath.Join(dataDir, "media"), nil
	case strings.HasPrefix(v, "file://"):
		if path := strings.TrimPrefix(v, "file://"); path != "" {
			return path, nil
		}
		p.fail(name, "file:// needs a directory, such as file:///srv/musicify/media")
	case strings.HasPrefix(v, "s3://"):
		return "", p.s3(name, v)
	default:
		p.fail(name, fmt.Sprintf("%q is neither file://DIR nor s3://BUCKET", v))
	}
	return "", nil
}

func (p *parser) s3(name, v string) *S3 {
	const example = "such as s3://my-bucket/musicify?region=eu-west-1 or s3://media?endpoint=http://127.0.0.1:7070&path_style=true"
	u, err := url.Parse(v)
	if err != nil {
		p.fail(name, fmt.Sprintf("is not a URL %s", example))
		return nil
	}
	if u.User != nil {
		p.fail(name, "must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or use a shared credentials file or an IAM role)")
		return nil
	}
	if !bucketName.MatchString(u.Host) {
		p.fail(name, fmt.Sprintf("bucket %q is not an S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens), %s", u.Host, example))
		return nil
	}
	s := &S3{Bucket: u.Host}
	if prefix := strings.Trim(u.Path, "/"); prefix != "" {
		for _, part := range strings.Split(prefix, "/") {
			if part == "" || part == "." || part == ".." {
				p.fail(name, fmt.Sprintf("prefix %q has an empty, . or .. folder", prefix))
				return nil
			}
		}
		s.Prefix = prefix + "/"
	}
	q := u.Query()
	for k := range q {
		if k != "endpoint" && k != "region" && k != "path_style" {
			p.fail(name, fmt.Sprintf("unknown option %q; the options are endpoint, region and path_style", k))
			return nil
		}
	}
	if e := q.Get("endpoint"); e != "" {
		eu, err := url.Parse(e)
		if err != nil || (eu.Scheme != "http" && eu.Scheme != "https") || eu.Host == "" || strings.Trim(eu.Path, "/") != "" || eu.User != nil {
			p.fail(name, fmt.Sprintf("endpoint %q is not an http(s)://host:port URL", e))
			return nil
		}
		s.Endpoint = eu.Scheme + "://" + eu.Host
	}
	s.Region = q.Get("region")
	if ps := q.Get("path_style"); ps != "" {
		b, err := strconv.ParseBool(ps)
		if err != nil {
			p.fail(name, fmt.Sprintf("path_style=%q is not true or false", ps))
			return nil
		}
		s.PathStyle = b
	}
	return s
}

// String is the storage for the start-up log; it holds no secret.
func (s *S3) String() string {
	out := "s3://" + s.Bucket + "/" + s.Prefix
	if s.Endpoint != "" {
		out += " at " + s.Endpoint
	}
	return out
}

// Storage parses a storage URL given other than in MUSICIFY_STORAGE_URL
// (migrate's --to-storage): a local directory or an S3 bucket. Errors name
// name.
func Storage(name, value string) (mediaDir string, s3 *S3, err error) {
	if strings.TrimSpace(value) == "" {
		return "", nil, &Error{Var: name, Msg: "say where, as file://DIR or s3://BUCKET"}
	}
	p := parser{getenv: func(string) string { return value }}
	mediaDir, s3 = p.storage(name, "")
	return mediaDir, s3, p.err
}
