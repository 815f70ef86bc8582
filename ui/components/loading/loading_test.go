package loading

import (
	"errors"
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
)

func TestLoading(t *testing.T) {
	release := make(chan struct{})
	l := New("run.txt", func(progress func(int64)) error {
		progress(1234567)
		<-release
		return errors.New("run.txt:3: bad line")
	})
	cmd := l.Init()
	assert.NotNil(t, cmd)
	assert.Equal(t, "⠋ reading run.txt: 0 lines", l.View().Content)

	// The work reports lines; the next spinner frame shows them.
	l.lines.Store(1234567)
	_, next := l.Update(spinner.TickMsg{ID: l.spin.ID()})
	assert.NotNil(t, next, "the spinner keeps turning")
	assert.Contains(t, l.View().Content, "reading run.txt: 1,234,567 lines")

	close(release)
	_, quit := l.Update(loadDoneMsg{errors.New("run.txt:3: bad line")})
	assert.Equal(t, tea.Quit(), quit())
	assert.EqualError(t, l.Err(), "run.txt:3: bad line")
	assert.Empty(t, l.View().Content)

	l = New("r", func(func(int64)) error { return nil })
	l.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	assert.ErrorIs(t, l.Err(), ErrInterrupted)
	assert.Equal(t, "999", GroupDigits(999))
	assert.Equal(t, "-1,000", GroupDigits(-1000))
}
