package cli

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestProgressLine(t *testing.T) {
	var buf bytes.Buffer
	p := &progressLine{w: &buf, start: time.Now()}
	p.update(1, 1000)
	assert.Empty(t, buf.String(), "nothing in the first second")

	p.start = time.Now().Add(-2 * progressDelay)
	p.update(1, 1234567)
	p.update(1, 1234999) // within a tenth of a second: not redrawn
	p.update(2, 50)
	assert.Equal(t, "\rreading the run: 1,234,567 lines\x1b[K", buf.String())
	p.last = time.Time{}
	p.update(2, 50)
	p.done()
	p.done()
	assert.Equal(t, "\rreading the run: 1,234,567 lines\x1b[K"+
		"\rreading the run again for its scattered queries (pass 2): 50 lines\x1b[K\r\x1b[K", buf.String())

	assert.Nil(t, newProgressLine(&buf), "only a terminal gets progress")
	var none *progressLine
	none.done()
}
