package cli

import (
	"bufio"
	"bytes"
	"io"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// trimWriter cuts the spaces at the end of each line. fang pads its help
// to the terminal's width; in a pipe or a file that padding is only
// trailing blanks.
type trimWriter struct {
	w   io.Writer
	buf []byte
}

func (t *trimWriter) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	for {
		i := bytes.IndexByte(t.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := bytes.TrimRight(t.buf[:i], " ")
		if _, err := t.w.Write(append(line, '\n')); err != nil {
			return len(p), err
		}
		t.buf = t.buf[i+1:]
	}
}

// Flush writes what is left after the last newline.
func (t *trimWriter) Flush() error {
	if len(t.buf) == 0 {
		return nil
	}
	_, err := t.w.Write(t.buf)
	t.buf = nil
	return err
}

// terminalText runs write on w through termsafe, so that control
// characters from the data (an id holding ESC [2J, a title setting the
// window title) are shown escaped instead of reaching the terminal. Every
// output a person reads goes through it; CSV and JSON do not, and stay
// exact.
// The text is buffered: a report is one write, not one a line.
func terminalText(w io.Writer, write func(io.Writer)) error {
	// bufio's 4 KB: a larger buffer is fresh pages to fault in, for a
	// short report more than the system calls it saves.
	bw := bufio.NewWriter(w)
	tw := termsafe.NewWriter(bw)
	write(tw)
	if err := tw.Flush(); err != nil {
		return err
	}
	return bw.Flush()
}
