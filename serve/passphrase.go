package serve

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/internal/boundedfile"
)

// MaxPassphrase is the longest passphrase, in characters: the page's
// field takes no more.
const MaxPassphrase = 200

// MaxPassphraseFileBytes bounds the passphrase file read: a phrase is
// a line, and /dev/zero given as the file ran the server out of memory.
const MaxPassphraseFileBytes = 64 << 10

// ReadPassphrase reads the passphrase from a file: its first line,
// without the line ending (\n or \r\n), a byte order mark before it (as
// Windows Notepad writes one) or spaces around it, so `echo secret >
// FILE` works and so does a file saved on Windows. A passphrase nobody
// could type is refused at start, saying what to do, rather than locking
// every attendee out in silence: an empty one, one with control
// characters (an ESC, a NUL, a tab), one that is not UTF-8 text (a
// binary file given by mistake), one longer than MaxPassphrase.
func ReadPassphrase(path string) (string, error) {
	data, err := boundedfile.Read(path, MaxPassphraseFileBytes)
	if err != nil {
		return "", fmt.Errorf("--passphrase-file: %v: write the passphrase on the first line of a file (echo 'a phrase' > %s) and give that file", err, path)
	}
	text := strings.TrimPrefix(string(data), "\uFEFF")
	line, _, _ := strings.Cut(text, "\n")
	line = strings.Trim(strings.TrimSuffix(line, "\r"), " ")
	switch {
	case !utf8.ValidString(line):
		return "", fmt.Errorf("--passphrase-file: %s is not text (UTF-8): write the passphrase on its first line with a text editor", path)
	case line == "":
		return "", fmt.Errorf("--passphrase-file: %s has an empty first line: write the passphrase there", path)
	case strings.IndexFunc(line, unicode.IsControl) >= 0:
		return "", fmt.Errorf("--passphrase-file: the first line of %s holds control characters (a tab, an escape, a NUL) no attendee can type: write the passphrase in plain words", path)
	case utf8.RuneCountInString(line) > MaxPassphrase:
		return "", fmt.Errorf("--passphrase-file: the passphrase in %s has %d characters: give one of %d or fewer", path, utf8.RuneCountInString(line), MaxPassphrase)
	}
	return line, nil
}
