package recommend

// learned is a trained model as this engine reads it: its items mapped to
// the engine's song indexes, which differ between instances.
type learned struct {
	m     *Model
	songs []int32 // model item → engine song, or -1 for a song this engine does not know
	rowOf []int32 // engine song → model item, or -1; songs added since are past its end
}

// SetModel replaces the learned model, at once for every later query.
func (e *Engine) SetModel(m *Model) {
	e.mu.Lock()
	defer e.mu.Unlock()
	l := &learned{m: m, songs: make([]int32, len(m.Items)), rowOf: make([]int32, len(e.songs))}
	for i := range l.rowOf {
		l.rowOf[i] = -1
	}
	for i, id := range m.Items {
		s, ok := e.songIndex[id]
		if !ok {
			l.songs[i] = -1
			continue
		}
		l.songs[i] = s
		l.rowOf[s] = int32(i)
	}
	e.learned = l
	e.changes = 0
}

// Model is the learned model in use, or nil before the first.
func (e *Engine) Model() *Model {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.learned == nil {
		return nil
	}
	return e.learned.m
}

// Changes counts the events learned since the model was set: what the
// trainer weighs against retraining.
func (e *Engine) Changes() int {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.changes
}

func (l *learned) row(s int32) int32 {
	if int(s) >= len(l.rowOf) {
		return -1
	}
	return l.rowOf[s]
}
