package dashboard

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// Run serves with the dashboard on the terminal in/out until
// the instructor quits it or ctx is done; then it closes every session.
func Run(ctx context.Context, cfg serve.Config, in *os.File, out io.Writer, noColor bool) error {
	log := &eventLog{}
	// A change, and a frame of the screen an attendee shows, each wait
	// for the dashboard at most once: the dashboard reads the room as it
	// is when it takes them.
	notify, framed := make(chan struct{}, 1), make(chan struct{}, 1)
	wake := func(c chan struct{}) func() {
		return func() {
			select {
			case c <- struct{}{}:
			default:
			}
		}
	}
	poke := wake(notify)
	cfg.Log = func(line string) { log.add(line); poke() }
	cfg.OnChange = poke
	cfg.OnFrame = wake(framed)
	s, ln, served, err := serve.Start(cfg)
	if err != nil {
		return err
	}

	d := New(s, serve.ListenAddr(s, ln), log, noColor)
	// ctx already ends the program on SIGINT and SIGTERM (see the
	// caller); Bubble Tea's own handler would race it for the same
	// signal and can block the program's shutdown for good, sending to
	// an event loop that has stopped.
	p := tea.NewProgram(d, tea.WithInput(in), tea.WithOutput(out), tea.WithContext(ctx), tea.WithFilter(winsize.Filter(d.filter)),
		tea.WithoutSignalHandler())
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-notify:
				p.Send(roomChanged{})
			case <-framed:
				p.Send(shareFramed{})
			case <-stop:
				return
			}
		}
	}()
	_, runErr := p.Run()
	close(stop)
	n := s.Room().Count()
	if ctx.Err() != nil {
		// A signal (a restart), not q: attendees read that the room
		// will be back.
		s.StopBySignal()
	}
	s.ShutdownWithGrace()
	if path, err := s.ExportRounds(cfg.StateDir, time.Now()); err != nil {
		fmt.Fprintf(out, "ndcg-explorer serve: cannot export the rounds: %v\n", err)
	} else if path != "" {
		fmt.Fprintf(out, "ndcg-explorer serve: the class's rounds are in %s %s\n", path, serve.ExportedBeside)
	}
	// The dashboard has left the screen: a line says the room is closed,
	// as each attendee reads the workshop ended.
	fmt.Fprintf(out, "ndcg-explorer serve: stopped; closed %s; %s\n", serve.Plural(n, "session"), s.StoppedLists())
	if err := <-served; err != nil {
		return err
	}
	if runErr != nil && ctx.Err() == nil {
		return runErr
	}
	return nil
}

// eventLog keeps the last event, for the dashboard's status line; the
// server logs from many goroutines.
type eventLog struct {
	mu   sync.Mutex
	last string
}

func (l *eventLog) add(line string) {
	l.mu.Lock()
	l.last = line
	l.mu.Unlock()
}

func (l *eventLog) get() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last
}
