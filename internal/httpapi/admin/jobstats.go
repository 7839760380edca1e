package admin

import (
	"context"
	"net/http"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
)

// JobStatter counts background jobs by kind and priority (the store).
type JobStatter interface {
	JobStats(ctx context.Context) ([]musicify.JobStat, error)
}

// jobStatView is one kind and priority of jobs (docs/api.md, "Background
// jobs (admin)").
type jobStatView struct {
	Kind     string `json:"kind"`
	Priority int    `json:"priority"`
	Class    string `json:"class"` // "interactive", "bulk" or "other"
	Pending  int    `json:"pending"`
	Running  int    `json:"running"`
	Failed   int    `json:"failed"`
}

type jobStatsView struct {
	Jobs    []jobStatView `json:"jobs"`
	Pending int           `json:"pending"`
	Running int           `json:"running"`
	Failed  int           `json:"failed"`
}

// handleJobStats is GET /api/admin/jobs: how far background work has come.
// It must be served behind the admin check; it checks nothing itself.
func (s *API) handleJobStats(w http.ResponseWriter, r *http.Request) error {
	if s.JobStats == nil {
		return musicify.Errorf(musicify.EUNAVAILABLE, "Background jobs are not counted on this server.")
	}
	stats, err := s.JobStats.JobStats(r.Context())
	if err != nil {
		return err
	}
	out := jobStatsView{Jobs: make([]jobStatView, len(stats))}
	for i, st := range stats {
		class := "other"
		switch st.Priority {
		case musicify.JobInteractive:
			class = "interactive"
		case musicify.JobBulk:
			class = "bulk"
		}
		out.Jobs[i] = jobStatView{Kind: st.Kind, Priority: st.Priority, Class: class, Pending: st.Pending, Running: st.Running, Failed: st.Failed}
		out.Pending += st.Pending
		out.Running += st.Running
		out.Failed += st.Failed
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}
