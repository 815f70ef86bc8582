package listio

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/internal/textin"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Error is a problem in an input, located as precisely as the format
// allows, with what to do about it.
type Error struct {
	// Name is the file ("-" for standard input, "sample:NAME", or the
	// flag for inline values).
	Name string
	// Line is 1-based; 0 when unknown.
	Line int
	// Field names what is wrong ("items[2].grade", "settings.k",
	// "column score", …); may be empty.
	Field string
	Msg   string
	// Err is the error Msg came from, if any.
	Err error
}

// Unwrap gives the error the message came from.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Name)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ": %s", e.Field)
	}
	fmt.Fprintf(&b, ": %s", e.Msg)
	return b.String()
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// lineAt is the 1-based line of byte offset off in data.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// stripBOM drops a UTF-8 byte order mark, which spreadsheet programs
// put at the start of the files they export.
func stripBOM(data []byte) []byte { return textin.StripBOM(data) }

// checkUTF8 refuses text that is not UTF-8 (a Latin-1 export, say),
// which would otherwise come back with its letters replaced.
func checkUTF8(name string, data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	off := 0
	for off < len(data) {
		r, size := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		off += size
	}
	return &Error{Name: name, Line: lineAt(data, int64(off)), Msg: "the file is not UTF-8 text; save it as UTF-8 (in a spreadsheet, \"CSV UTF-8\")"}
}

// parseNumber reads a number written as text (a CSV cell, an inline
// value): plain decimal notation, or NaN and Inf so that they can be
// reported as not finite rather than as not numbers. It refuses what
// strconv would also take (hex floats, digit underscores), which no
// spreadsheet writes and which are more likely typos.
func parseNumber(s string) (float64, error) {
	t := strings.TrimSpace(s)
	switch strings.ToLower(strings.TrimLeft(t, "+-")) {
	case "nan":
		return math.NaN(), nil
	case "inf", "infinity":
		if strings.HasPrefix(t, "-") {
			return math.Inf(-1), nil
		}
		return math.Inf(1), nil
	}
	if t == "" {
		return 0, errors.New("empty")
	}
	for _, c := range t {
		if !strings.ContainsRune("0123456789+-.eE", c) {
			return 0, fmt.Errorf("%s is not a number", termsafe.Quote(t))
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil && !math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s is not a number", termsafe.Quote(t))
	}
	// An overflow comes back as ±Inf: it is then reported as not finite.
	return v, nil
}

// notANumber says why cell, the text of a grade or a score (what), is
// not a number, and what to write instead: a grade written as a word
// ("high") or a percentage ("90%") is a habit of hand-made tables.
func notANumber(what, cell string) string {
	t := strings.TrimSpace(cell)
	q := termsafe.Quote(t)
	if pct, ok := strings.CutSuffix(t, "%"); ok {
		if _, err := strconv.ParseFloat(strings.TrimSpace(pct), 64); err == nil {
			return fmt.Sprintf("%s is a percentage; write the number it stands for, as in 0.9 for 90%% (or 90 on a scale of 0 to 100)", q)
		}
	}
	if strings.IndexFunc(t, unicode.IsLetter) >= 0 && strings.IndexFunc(t, unicode.IsDigit) < 0 {
		if what == "grade" {
			return fmt.Sprintf("%s is a word; a grade is a number ≥ 0, as in 0 (not relevant) to 3 (highly relevant): write each grade as the number it stands for", q)
		}
		return fmt.Sprintf("%s is a word; a %s is a number, as in 0.87", q, what)
	}
	if _, err := strconv.ParseFloat(strings.Replace(t, ",", ".", 1), 64); err == nil && strings.Count(t, ",") == 1 {
		return fmt.Sprintf("%s is not a number; write the decimal point as a point, as in %s", q, strings.Replace(t, ",", ".", 1))
	}
	return q + " is not a number"
}

// overflowMsg says why a number literal that overflowed is refused.
func overflowMsg(what, lit string) string {
	if len(lit) > termsafe.QuoteMax+16 {
		lit = termsafe.Quote(lit)
	}
	return fmt.Sprintf("%s %s overflows a 64-bit float, so it is not a finite number; use a smaller value", what, lit)
}
