package textin

import (
	"bytes"
	"fmt"
	"strings"
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
	OK         Problem = iota
	UTF16              // a UTF-16 byte order mark
	NUL                // NUL bytes, as in every binary format
	Binary             // bytes that are not UTF-8 in what is mostly not text
	Encoding           // mostly text, but not UTF-8 (a Latin-1 export)
	Compressed         // gzip, bzip2, xz, zstd or zip: Compression names which
	LoneCR             // lines that end with a carriage return alone (old Mac text)
)

// compressions are the archive formats a data set is often shipped in
// (train.txt.gz, MSLR-WEB10K.zip): their magic bytes, their name, and
// the command that gives back the text, which the error message spells
// out rather than "not a text file".
var compressions = []struct{ magic, name, undo string }{
	{"\x1f\x8b", "gzip", "gunzip -k"},
	{"BZh", "bzip2", "bunzip2 -k"},
	{"\xfd7zXZ\x00", "xz", "unxz -k"},
	{"\x28\xb5\x2f\xfd", "zstd", "unzstd"},
	{"PK\x03\x04", "zip", "unzip"},
}

// Compression names the compression of an input from its first bytes,
// and the command that undoes it ("" when it is not compressed).
func Compression(head []byte) (name, undo string) {
	for _, c := range compressions {
		if bytes.HasPrefix(head, []byte(c.magic)) {
			return c.name, c.undo
		}
	}
	return "", ""
}

// Explain says what the problem of the input called name is, in words
// for the user; for a compressed input, how to decompress it.
func Explain(name string, head []byte, p Problem) string {
	if p != Compressed {
		return p.Message()
	}
	format, undo := Compression(head)
	if name == "-" || name == "standard input" {
		return fmt.Sprintf("the input is %s-compressed; decompress it into the pipe: %s -c FILE | ndcg-explorer … -", format, strings.Fields(undo)[0])
	}
	return fmt.Sprintf("the file is %s-compressed; decompress it first: %s %s", format, undo, name)
}

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
	case Compressed:
		return "the file is compressed; decompress it first"
	case LoneCR:
		return `its lines end with a carriage return alone (\r, as on old Macs), which this program does not read as line ends; save it with Unix (\n) or Windows (\r\n) line endings, for example with tr '\r' '\n' < FILE > NEW`
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
	case compressedHead(head):
		return Compressed
	case bytes.IndexByte(head, 0) >= 0:
		return NUL
	case loneCR(head, atEOF):
		return LoneCR
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

// loneCR reports whether the first line end in head is a carriage
// return alone: the file's lines end that way, and read with \n as the
// line end it would be one line (a TREC run scored as one line of many
// fields, a CSV header naming a column "score\rA"). A carriage return
// further on, inside a quoted CSV field, is data.
func loneCR(head []byte, atEOF bool) bool {
	i := bytes.IndexAny(head, "\r\n")
	if i < 0 || head[i] == '\n' {
		return false
	}
	if i+1 == len(head) {
		return atEOF // at the end of a block, the \n may follow
	}
	return head[i+1] != '\n'
}

// compressedHead reports whether head starts with a compression's magic
// bytes and is not text: "BZh" and "PK" open text files too.
func compressedHead(head []byte) bool {
	name, _ := Compression(head)
	if name == "" {
		return false
	}
	// gzip, xz and zstd magic bytes are not text; bzip2's and zip's are,
	// so those need a byte further on that text does not hold.
	return bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(head[:min(len(head), 64)]) || (name != "bzip2" && name != "zip")
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
