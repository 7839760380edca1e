package config

import (
	"errors"
	"runtime"
	"testing"
)

// Background jobs leave a core to requests unless told otherwise.
func TestJobWorkers(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(max(1, runtime.NumCPU()-1)); c.JobWorkers != want {
		t.Errorf("default JobWorkers = %d on %d cores, want %d", c.JobWorkers, runtime.NumCPU(), want)
	}
	if c, err := Load(env(map[string]string{"MUSICIFY_JOB_WORKERS": "3"})); err != nil || c.JobWorkers != 3 {
		t.Errorf("MUSICIFY_JOB_WORKERS=3: %v, %v", c, err)
	}
	for _, bad := range []string{"0", "-1", "two"} {
		_, err := Load(env(map[string]string{"MUSICIFY_JOB_WORKERS": bad}))
		var ce *Error
		if !errors.As(err, &ce) || ce.Var != "MUSICIFY_JOB_WORKERS" {
			t.Errorf("MUSICIFY_JOB_WORKERS=%q: %v, want an error naming it", bad, err)
		}
	}
}
