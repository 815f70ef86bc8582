package textin

import (
	"bytes"
	"unicode/utf8"
)

// HeadSize is how much of an input Sniff needs: a file that is not text
// says so in its first few kilobytes.
const HeadSize = 8 << 10

// BOM is the UTF-8 byte order mark, which spreadsheet programs and some
// editors put at the start of the files they write.
var BOM = []byte{0xEF, 0xBB, 0xBF}

// StripBOM drops a leading UTF-8 byte order mark.
func StripBOM(data []byte) []byte { return bytes.TrimPrefix(data, BOM) }

// Problem is why an input's first block is not text.
type Problem int

// The problems Sniff finds.
const (
	OK       Problem = iota
	UTF16            // a UTF-16 byte order mark
	NUL              // NUL bytes, as in every binary format
	Binary           // bytes that are not UTF-8 in what is mostly not text
	Encoding         // mostly text, but not UTF-8 (a Latin-1 export)
)

// Message says what the problem is, in words for the user.
func (p Problem) Message() string {
	switch p {
	case UTF16:
		return "the file is UTF-16 text; save it as UTF-8 (in a spreadsheet, \"CSV UTF-8\")"
	case NUL:
		return "this is not a text file (it holds NUL bytes)"
	case Binary:
		return "this is not a text file (its first bytes are not UTF-8)"
	case Encoding:
		return "the file is not UTF-8 text; save it as UTF-8 (in a spreadsheet, \"CSV UTF-8\")"
	}
	return ""
}

// Sniff looks at head, the first block of an input (all of it when
// atEOF), and says whether it can be UTF-8 text. With utf8Only false,
// only NUL bytes and UTF-16 are refused: TREC files are bytes, and
// trec_eval takes any byte in a document number.
func Sniff(head []byte, atEOF, utf8Only bool) Problem {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return UTF16
	case bytes.IndexByte(head, 0) >= 0:
		return NUL
	case !utf8Only:
		return OK
	}
	// A character cut by the end of the block is not an error.
	if !atEOF {
		for back := 1; back < utf8.UTFMax && back <= len(head); back++ {
			if utf8.RuneStart(head[len(head)-back]) {
				if !utf8.FullRune(head[len(head)-back:]) {
					head = head[:len(head)-back]
				}
				break
			}
		}
	}
	if utf8.Valid(head) {
		return OK
	}
	if mostlyText(head) {
		return Encoding
	}
	return Binary
}

// mostlyText reports whether data is mostly printable ASCII, as a
// Latin-1 export is and a binary file is not.
func mostlyText(data []byte) bool {
	printable := 0
	for _, c := range data {
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\r' || c == '\t' {
			printable++
		}
	}
	return printable*10 >= len(data)*9
}
