package httpapi

import (
	"net/http"
	"strconv"

	"github.com/musicify/musicify/internal/delivery"
)

// refuseRangeAbuse answers 416 to a Range header that cannot be served
// (delivery.Unsatisfiable) for a file of size bytes, and reports whether it
// did.
func (s *Server) refuseRangeAbuse(w http.ResponseWriter, r *http.Request, size int64) bool {
	msg := delivery.Unsatisfiable(r.Header.Get("Range"), size)
	if msg == "" {
		return false
	}
	w.Header().Set("Content-Range", "bytes */"+strconv.FormatInt(size, 10))
	writeJSON(w, http.StatusRequestedRangeNotSatisfiable, message{Message: msg})
	return true
}
