package trec

import (
	"bytes"
	"io"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/internal/textin"
)

// headSize is how much of a run is read first to tell its format.
const headSize = 64 << 10

// ReadHead reads the start of r, what DetectFormat needs: at least
// headSize bytes, and on to the end of the first line with data, up to
// the longest line a run may have (64 MiB). A first line cut short would
// seem to have fewer fields than it has: a docno of 65,540 bytes cut at
// 64 KiB read as MS MARCO's three, a JSON line cut in two as a document.
func ReadHead(r io.Reader) ([]byte, error) {
	buf := make([]byte, 0, headSize)
	for {
		n, err := io.ReadFull(r, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		// A head that is not text (/dev/zero) is refused by the reader
		// from its first block: no need to read on for a line end.
		if firstLineWhole(buf) || len(buf) > maxLine || opensDict(buf) || textin.Sniff(buf[:textin.HeadSize], false, false) != textin.OK {
			return buf, nil
		}
		buf = slices.Grow(buf, len(buf))
	}
}

// opensDict reports whether head opens as dict JSON does, {"QID": {,
// a first line that need not be read to its end to be told from a JSON
// lines row (a dict written by json.dump is one line, the whole file).
func opensDict(head []byte) bool {
	b := bytes.TrimLeft(textin.StripBOM(head), " \t\r\n")
	if len(b) == 0 || b[0] != '{' {
		return false
	}
	b = bytes.TrimLeft(b[1:], " \t\r\n")
	if len(b) == 0 || b[0] != '"' {
		return false
	}
	end := bytes.IndexByte(b[1:], '"')
	if end < 0 || bytes.IndexByte(b[1:end+1], '\\') >= 0 || roleOf(string(b[1:end+1])) != roleNone {
		return false
	}
	b = bytes.TrimLeft(b[end+2:], " \t\r\n")
	if len(b) == 0 || b[0] != ':' {
		return false
	}
	b = bytes.TrimLeft(b[1:], " \t\r\n")
	return len(b) > 0 && b[0] == '{'
}

// firstLineWhole reports whether head holds the first line with data
// (not blank, not a comment) up to its line end.
func firstLineWhole(head []byte) bool {
	rest := textin.StripBOM(head)
	for len(rest) > 0 {
		line, after, found := bytes.Cut(rest, []byte("\n"))
		if !found {
			return false
		}
		if blank, comment := blankOrComment(line); !blank && !comment {
			return true
		}
		rest = after
	}
	return false
}
