package serve

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"
)

// saver writes the room's state within saveEvery of each change, until
// stopped; stop writes it a last time and waits. A write that fails is
// tried again every retryEvery, changes or not, the state directory
// made again if it is gone, until one works: meanwhile the failure is
// the saver's problem (Problem), which the dashboard shows on its first
// line, and the log says it once, and once more when it is over.
type saver struct {
	path string
	room *Room
	log  func(format string, args ...any)
	// remade, when set, is told the directory was made again (to lock
	// it again).
	remade func()
	// onProblem, when set, is told the problem came or went.
	onProblem func()

	poke chan struct{}
	done chan struct{}
	// problem says why the last write failed; nil once one works.
	problem atomic.Pointer[string]
}

// retryEvery is how often a failed write is tried again.
const retryEvery = 2 * time.Second

func newSaver(dir string, room *Room, log func(format string, args ...any)) *saver {
	return &saver{path: filepath.Join(dir, StateFile), room: room, log: log, poke: make(chan struct{}, 1), done: make(chan struct{})}
}

// changed asks for a save; it never blocks.
func (s *saver) changed() {
	select {
	case s.poke <- struct{}{}:
	default:
	}
}

// Problem says why the room is not kept on disk now, "" when it is.
func (s *saver) Problem() string {
	if p := s.problem.Load(); p != nil {
		return *p
	}
	return ""
}

func (s *saver) run(stop <-chan struct{}) {
	defer close(s.done)
	for {
		var retry <-chan time.Time
		if s.problem.Load() != nil {
			retry = time.After(retryEvery)
		}
		select {
		case <-s.poke:
		case <-retry:
		case <-stop:
			s.save()
			return
		}
		select {
		case <-time.After(saveEvery): // changes close together, one write
		case <-stop:
		}
		s.save()
	}
}

func (s *saver) save() {
	data, err := s.room.snapshot()
	if err == nil {
		err = writeAtomic(s.path, data, 0o600)
		if errors.Is(err, os.ErrNotExist) {
			// The directory is gone (removed during the class): made
			// again, and the write tried once more.
			dir := filepath.Dir(s.path)
			if mk := os.MkdirAll(dir, 0o700); mk == nil {
				s.log("the state directory %s was gone: made again", dir)
				if s.remade != nil {
					s.remade()
				}
				err = writeAtomic(s.path, data, 0o600)
			}
		}
	}
	was := s.problem.Load() != nil
	switch {
	case err != nil:
		var pe *os.PathError
		if errors.As(err, &pe) {
			// The temporary file's name says nothing the path does not.
			err = pe.Err
		}
		p := fmt.Sprintf("cannot keep the room in %s: %v", s.path, err)
		s.problem.Store(&p)
		if !was {
			s.log("%s (attendees' lists live only in memory until it works again; tried again every %s)", p, ShortDuration(retryEvery))
			s.told()
		}
	case was:
		s.problem.Store(nil)
		s.log("the room is kept in %s again", s.path)
		s.told()
	}
}

func (s *saver) told() {
	if s.onProblem != nil {
		s.onProblem()
	}
}
