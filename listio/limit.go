package listio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/textin"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// MaxSize is the largest list file Load reads, in bytes. A list of a
// million items takes about 60 MB as JSON, so the default leaves room for
// ten times that while a file given by mistake (a disk image, a video, an
// endless device) is refused before it fills the memory. The command line
// sets it from --max-size.
var MaxSize int64 = DefaultMaxSize

// DefaultMaxSize is MaxSize's value unless --max-size changes it: 1 GiB.
const DefaultMaxSize = 1 << 30

// MaxSizeFlag is the flag that raises MaxSize, named in the error.
const MaxSizeFlag = "--max-size"

// MaxItems is the most items a list may hold. Every item costs about a
// hundred bytes in memory however short its line: a CSV of one-character
// grades holds an item in every two bytes, so --max-size alone would let
// a 100 MB file take several gigabytes. The command line sets it from
// --max-items.
var MaxItems = DefaultMaxItems

// DefaultMaxItems is MaxItems's value unless --max-items changes it: ten
// times the million items the explorer is measured at.
const DefaultMaxItems = 10_000_000

// MaxItemsFlag is the flag that raises MaxItems, named in the error.
const MaxItemsFlag = "--max-items"

// memoryBase is the constant of the memory a list is held to: ten
// times its file's size plus this (see holdMemory).
const memoryBase = 1536 << 20

// memoryHeadroom is what the process holds besides what the runtime's
// memory limit counts, kept free under the bound.
const memoryHeadroom = 128 << 20

// holdMemory sets the runtime's soft memory limit to ten times size (a
// source just read) plus memoryBase, unless a larger source set it
// higher: by default the collector lets the heap grow to twice what is
// in use before it collects, so that a list of ten million one-character
// grades, about a gigabyte in use, took 1.6 GB. A limit set from
// GOMEMLIMIT is left alone.
func holdMemory(size int64) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	// The process holds more than the runtime counts (its binary, the
	// threads' stacks): the limit leaves room for it under the bound.
	want := memoryBase - memoryHeadroom + 10*size
	if cur := debug.SetMemoryLimit(-1); cur == math.MaxInt64 || cur < want {
		debug.SetMemoryLimit(want)
	}
}

// tooManyItems is the error for a list past MaxItems, found at line.
func tooManyItems(name string, line int) error {
	return &Error{Name: name, Line: line, Msg: fmt.Sprintf("the list goes on past %d items, the limit for a list; if the list is really that large, raise the limit with %s (each item takes about 100 bytes of memory)",
		MaxItems, MaxItemsFlag)}
}

// sniffSize is how much of a source is looked at before the rest is read:
// a file that is not text says so in its first few kilobytes.
const sniffSize = textin.HeadSize

// tooLarge is the error for a source over MaxSize; size is its size
// when known, else -1.
func tooLarge(name string, size int64) error {
	if size < 0 {
		return &Error{Name: name, Msg: fmt.Sprintf("the input goes on past the %s limit for a list file; if the list is really that large, raise the limit with %s",
			FormatSize(MaxSize), MaxSizeFlag)}
	}
	need := MaxSize
	for need < size {
		need *= 2
	}
	return &Error{Name: name, Msg: fmt.Sprintf("the file is %d bytes, over the %s limit for a list file; if the list is really that large, raise the limit with %s %s",
		size, FormatSize(MaxSize), MaxSizeFlag, FormatSize(need))}
}

// FormatSize writes a byte count as --max-size reads it: 1GiB, 64MiB,
// 500KiB, or bytes.
func FormatSize(n int64) string {
	for _, u := range []struct {
		unit string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d%s", n/u.size, u.unit)
		}
	}
	return fmt.Sprintf("%dB", n)
}

// ParseSize reads a --max-size value: a number of bytes, optionally
// followed by K, M or G (or KB, KiB and so on; all powers of 1024).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	if i < 0 {
		i = len(t)
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	mult := map[string]int64{"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "KIB": 1 << 10, "M": 1 << 20, "MB": 1 << 20, "MIB": 1 << 20,
		"G": 1 << 30, "GB": 1 << 30, "GIB": 1 << 30}[strings.ToUpper(strings.TrimSpace(t[i:]))]
	if err != nil || mult == 0 || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a size; write a number of bytes, or one with K, M or G, as in 2G", s)
	}
	return n * mult, nil
}

// sniff looks at the first block of a source and refuses what cannot be
// a list: NUL bytes, UTF-16, or bytes that are not UTF-8.
func sniff(name string, head []byte, atEOF bool) error {
	switch p := textin.Sniff(head, atEOF, true); p {
	case textin.OK:
		if msg := trec.DoubleBOM(head); msg != "" {
			return &Error{Name: name, Line: 1, Msg: msg}
		}
		return nil
	case textin.Encoding:
		// checkUTF8 names the line where the text stops being UTF-8;
		// a block cut mid-file is looked at up to its last full line.
		upto := head
		if !atEOF {
			upto = head[:bytes.LastIndexByte(head, '\n')+1]
		}
		if err := checkUTF8(name, upto); err != nil {
			return err
		}
		return &Error{Name: name, Msg: p.Message()}
	case textin.UTF16, textin.Compressed, textin.LoneCR:
		return &Error{Name: name, Msg: textin.Explain(name, head, p)}
	default:
		return &Error{Name: name, Msg: p.Message() + "; a list is JSON, CSV or TSV text in UTF-8"}
	}
}

// readLimited reads r whole after looking at its first block, refusing a
// source that is not text before reading further and stopping past
// MaxSize. size is the source's size when known (a regular file), else
// -1. It holds at most about twice the bytes it returns.
func readLimited(name string, r io.Reader, size int64) ([]byte, error) {
	head := make([]byte, sniffSize)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	// io.ReadFull returns these two as they are, never wrapped; and
	// errors.Is, the first dynamic interface check of a short run, would
	// grow the runtime's table of them (a tenth of a millisecond).
	atEOF := err == io.EOF || err == io.ErrUnexpectedEOF
	if err != nil && !atEOF {
		return nil, err
	}
	if err := sniff(name, head, atEOF); err != nil {
		return nil, err
	}
	if size > MaxSize {
		return nil, tooLarge(name, size)
	}
	if atEOF {
		if int64(len(head)) < size {
			return nil, shrank(name, len(head), size)
		}
		return head, nil
	}
	if size > 0 {
		holdMemory(size)
		// Known size: one buffer, one byte more to see the end.
		buf := make([]byte, len(head), size+1)
		copy(buf, head)
		for {
			if len(buf) == cap(buf) {
				buf = slices.Grow(buf, 1)
			}
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if int64(len(buf)) > MaxSize {
				return nil, tooLarge(name, -1)
			}
			if err == io.EOF {
				if int64(len(buf)) < size {
					return nil, shrank(name, len(buf), size)
				}
				return buf, nil
			}
			if err != nil {
				return nil, err
			}
		}
	}
	// Unknown size (a pipe, a device): chunks of a fixed size, joined
	// once at the end, so no buffer is copied as it grows.
	chunks := [][]byte{head}
	total := int64(len(head))
	for {
		chunk := make([]byte, 1<<20)
		n, err := io.ReadFull(r, chunk)
		chunks = append(chunks, chunk[:n])
		total += int64(n)
		if total > MaxSize {
			return nil, tooLarge(name, -1)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	holdMemory(total)
	return bytes.Join(chunks, nil), nil
}

// shrank is the error of a file that ended before the size it had when
// opened: something truncated or rewrote it while it was read, and what
// was read is the start of one version or another, not a whole file.
func shrank(name string, got int, size int64) error {
	return &Error{Name: name, Msg: fmt.Sprintf("the file shrank while it was read (%s of its %s): something is writing to it; read it again once that is done", FormatSize(int64(got)), FormatSize(size))}
}

// openLimited reads the file at path as readLimited does.
func openLimited(path string) ([]byte, error) {
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	return readOpened(path, f)
}

// ErrNotRegular is why a file the program looked for itself, never named
// by the user, is not read: it is not a regular file (a FIFO, a device,
// a directory), and reading it could wait forever or never end.
var ErrNotRegular = errors.New("not a regular file")

// specialFile is ErrNotRegular naming what the file is.
type specialFile struct{ what string }

func (e specialFile) Error() string { return "not a regular file but " + e.what }
func (e specialFile) Unwrap() error { return ErrNotRegular }

// notRegular is ErrNotRegular naming what the file is.
func notRegular(fi os.FileInfo) error {
	what := "a special file"
	switch m := fi.Mode(); {
	case m.IsDir():
		what = "a directory"
	case m&os.ModeNamedPipe != 0:
		what = "a FIFO"
	case m&os.ModeDevice != 0:
		what = "a device"
	case m&os.ModeSocket != 0:
		what = "a socket"
	}
	return specialFile{what}
}

// ReadRegular reads the file at path as openLimited does, but only if it
// is a regular file (errors.Is(err, ErrNotRegular) else): for a file the
// program looks for on its own (a group file beside the data, the
// progress of learn), which a FIFO put there must not stop.
func ReadRegular(path string) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	return readOpened(path, f)
}

// readOpened reads f, opened at path, as readLimited does, and closes it.
func readOpened(path string, f *os.File) ([]byte, error) {
	defer f.Close()
	size := int64(-1)
	fi, err := f.Stat()
	if err == nil {
		if fi.IsDir() {
			return nil, &os.PathError{Op: "read", Path: path, Err: errors.New("is a directory")}
		}
		if fi.Mode().IsRegular() {
			size = fi.Size()
		}
	}
	data, err := readLimited(path, f, size)
	if err == nil && size >= 0 {
		// Written to while read (the same size, or more): what was read
		// may hold the start of one version and the end of another.
		if now, serr := f.Stat(); serr == nil && (now.Size() != size || !now.ModTime().Equal(fi.ModTime())) {
			return nil, &Error{Name: path, Msg: "the file changed while it was read: something is writing to it; read it again once that is done"}
		}
	}
	return data, err
}
