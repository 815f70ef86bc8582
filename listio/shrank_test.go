package listio

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A list truncated while it is read (a CSV emptied by another program)
// is refused, where the items of its first block were taken for the
// whole list with exit 0.
func TestShrankWhileRead(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,grade\n")
	for b.Len() < 3*sniffSize {
		b.WriteString("doc,1\n")
	}
	data := b.String()
	_, err := readLimited("l.csv", strings.NewReader(data[:sniffSize+100]), int64(len(data)))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "l.csv: the file shrank while it was read (")
	assert.Contains(t, err.Error(), "something is writing to it; read it again once that is done")
}

// A file emptied before its first block is read is refused too, not
// called empty.
func TestShrankBeforeRead(t *testing.T) {
	_, err := readLimited("l.csv", strings.NewReader("id,grade\n"), 20000)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the file shrank while it was read")
}
