package background

import (
	"context"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// The teaching views work out more than the workspace's one result: the
// distribution over every tie order, a dozen computations of the list
// for the check's convention search or the side-by-side presets, a map
// of swaps. On a long list that takes from tens of milliseconds to
// minutes, so there it runs off the update loop (a tea.Cmd) on the list
// as it was (lent by the workspace, not copied), while the view shows a
// spinner and every key keeps working; an edit made meanwhile makes the
// result stale, and it is dropped when it arrives.

// From is the length from which a view works its numbers out
// off the update loop. Below it they are worked out on the keystroke,
// as they always were: on 1,999 items the slowest view (check, looking
// for what explains a wrong claim) takes 2.7 ms a key on the keystroke
// and conventions 2.1 ms (BenchmarkViewKey's code at that length, on a
// shared machine), far under a frame (16 ms), so the screen after the
// key is the finished one and never flickers through a spinner, and
// the screens of the samples and of the golden tests (all far shorter)
// are unchanged. At 5,000 items the check view already takes 12 ms. A
// variable, so that a test can draw one list both ways and compare.
var From = 2_000

// Job is a view's computation off the update loop. gen counts the
// changes of what the view works from (an edit of the workspace, a
// field typed, a resize); a result carries the gen it was started at and
// is kept only if nothing changed since. At most one computation runs
// per view: a change made while one runs cancels it (where the work
// checks its context) and the next starts when it is back, so a burst
// of keys costs one computation more, not one per key.
type Job struct {
	gen     uint64
	Running bool
	cancel  context.CancelFunc
	// spin turns while a computation runs; spinning says its ticks are
	// going (a tick arriving when nothing runs is not renewed).
	spin     spinner.Model
	spinning bool
	// giveBack ends the loan of the list taken by snapshot, for the
	// computation that start runs next.
	giveBack func()
}

// Done brings a computation's result back to the update loop, where
// install puts it in the view (nil when it was cancelled).
type Done struct {
	W       *Job
	gen     uint64
	install func()
}

// Changed notes a change of the view's inputs: what runs is stale.
func (w *Job) Changed() {
	w.gen++
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
}

// Start runs compute off the update loop. compute works only from what
// it was given (snapshot, never the workspace, which the next edit
// changes in place) and returns the function that installs its result;
// it may return nil once ctx is cancelled.
func (w *Job) Start(compute func(ctx context.Context) func()) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel, w.Running = cancel, true
	gen := w.gen
	giveBack := w.giveBack
	w.giveBack = nil
	run := func() tea.Msg {
		defer cancel()
		if giveBack != nil {
			defer giveBack()
		}
		return Done{W: w, gen: gen, install: compute(ctx)}
	}
	if w.spinning {
		return run
	}
	if w.spin.ID() == 0 {
		w.spin = spinner.New()
	}
	w.spinning = true
	return tea.Batch(run, w.spin.Tick)
}

// Update takes the messages of the view's computation: its result and
// the spinner's ticks. handled is false for every other message.
func (w *Job) Update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	switch m := msg.(type) {
	case Done:
		if m.W != w {
			return nil, false
		}
		w.Running = false
		if m.gen == w.gen && m.install != nil {
			m.install()
		}
		return nil, true
	case spinner.TickMsg:
		if m.ID != w.spin.ID() || w.spin.ID() == 0 {
			return nil, false
		}
		if !w.Running {
			w.spinning = false
			return nil, true
		}
		w.spin, cmd = w.spin.Update(m)
		return cmd, true
	}
	return nil, false
}

// Glyph is the spinner's current frame in the style sheet's glyphs.
func (w *Job) Glyph(st common.Styles) string {
	s := w.spin
	s.Spinner = st.G.Spinner
	s.Style = st.Subtle
	return s.View()
}

// Needed reports whether a view works out from ws off the update
// loop.
func Needed(ws *workspace.Workspace) bool { return ws.N() >= From }

// Snapshot is the list being edited and the settings in force, for the
// computation that start runs next: the workspace lends its arrays
// (workspace.Lend), so nothing is copied on the update loop, and an
// edit made while the computation reads them writes into arrays of the
// workspace's own. The loan ends with the computation; a result kept
// after it may then see later edits of the list, which make it stale
// (each edit marks every view stale, and a stale view draws again from
// the next computation).
func (w *Job) Snapshot(ws *workspace.Workspace) (*ndcg.List, ndcg.Settings) {
	if w.giveBack != nil {
		w.giveBack() // lent for a computation that never started
	}
	l, s, giveBack := ws.Lend()
	w.giveBack = giveBack
	return l, s
}

// Cancelled reports whether ctx says the result is no longer wanted.
func Cancelled(ctx context.Context) bool { return ctx.Err() != nil }
