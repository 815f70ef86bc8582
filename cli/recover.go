package cli

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// recoveryNotice is what the explorer says on opening a list whose
// unsaved edits were kept by an earlier run stopped by a signal; "" when
// there are none.
func recoveryNotice(name string) string {
	p, at, ok := listio.FindRecovery(name)
	if !ok {
		return ""
	}
	// The command comes first, so that an 80-column status line shows
	// it whole.
	return fmt.Sprintf("quit, then run ndcg-explorer %s to go on with the unsaved edits kept there at %s",
		p, at.Format("2006-01-02 15:04"))
}

// runExplorer runs the explorer until it quits; see runKeeping.
func runExplorer(env *Env, m *ui.Model) error {
	return runKeeping(env, m, func() []*ui.Model { return []*ui.Model{m} })
}

// runKeeping runs a Bubble Tea model until it quits. SIGTERM (kill, a
// shutdown) and SIGHUP (the terminal closed) end it too; the unsaved
// edits of the explorers unsaved returns are then written to recovery
// copies beside their lists (see listio.RecoveryPath), and the error
// says where.
func runKeeping(env *Env, model tea.Model, unsaved func() []*ui.Model) error {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	// Bubble Tea's own handler is off: it would quit on SIGTERM without
	// telling which signal, and a second sender of its quit message can
	// block its shutdown. p.Send gives up once the program has ended.
	p := newProgram(env, model, tea.WithoutSignalHandler())
	var got os.Signal
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			select {
			case s := <-sigs:
				if s == syscall.SIGINT {
					// Only when keys do not come from a terminal in
					// raw mode, where ctrl+c is a key.
					p.Send(tea.InterruptMsg{})
					continue
				}
				got = s
				p.Send(tea.QuitMsg{})
				return
			case <-done:
				return
			}
		}
	}()
	_, err := p.Run()
	close(done)
	<-stopped
	if got == nil {
		return err
	}
	return keepUnsaved(unsaved(), got)
}

// saveWait is how long a stopped explorer waits for a save being
// written to end before it keeps the edits in a recovery copy.
const saveWait = 10 * time.Second

// keepUnsaved writes the unsaved edits of each explorer in ms to its
// recovery copy after sig stopped the program, and says so; with nothing
// unsaved it only ends with the signal's status.
func keepUnsaved(ms []*ui.Model, sig os.Signal) error {
	code := 128
	if s, ok := sig.(syscall.Signal); ok {
		code += int(s)
	}
	var kept, failed []string
	for _, m := range ms {
		// A save being written when the signal came may complete: then
		// the edits are on disk, and a recovery copy of them would be
		// offered at the next open for nothing.
		m.SettleSave(saveWait)
		ws := m.Workspace()
		if !ws.Dirty() {
			continue
		}
		path := listio.RecoveryPath(m.FileName())
		data, err := listio.WriteJSON(ws.Doc, ws.Settings)
		if err == nil {
			err = listio.WriteFileAtomic(path, data)
		}
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		kept = append(kept, path)
	}
	switch {
	case len(failed) > 0:
		return withStatus(code, fmt.Errorf("stopped by %s with unsaved edits, which could not all be kept: %s", sigName(sig), strings.Join(failed, "; ")))
	case len(kept) == 1:
		return withStatus(code, fmt.Errorf("stopped by %s with unsaved edits: they are kept in %s; run ndcg-explorer %s to go on with them",
			sigName(sig), kept[0], kept[0]))
	case len(kept) > 1:
		return withStatus(code, fmt.Errorf("stopped by %s with unsaved edits: they are kept in %s; open each with ndcg-explorer FILE to go on with it",
			sigName(sig), strings.Join(kept, ", ")))
	}
	return withStatus(code, nil)
}

func sigName(sig os.Signal) string {
	switch sig {
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP (the terminal closed)"
	}
	return sig.String()
}

// newProgram is a Bubble Tea program drawing on the terminal.
func newProgram(env *Env, m tea.Model, extra ...tea.ProgramOption) *tea.Program {
	// The window drawn is bounded whatever the terminal's size: the
	// renderer keeps buffers of its every cell.
	opts := append([]tea.ProgramOption{tea.WithOutput(terminalOutput(env)), tea.WithFilter(winsize.Filter(nil))}, extra...)
	if f, ok := env.Stdin.(*os.File); ok && term.IsTerminal(f.Fd()) {
		opts = append(opts, tea.WithInput(f))
	}
	return tea.NewProgram(m, opts...)
}
