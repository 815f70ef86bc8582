package verify

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Written is a number as a person wrote it. The digits carry the
// precision claimed: 0.94 says "somewhere in [0.935, 0.945]", 0.9400
// says much more.
type Written struct {
	Value float64
	// Text is the number as written; empty means the shortest form of Value.
	Text string
}

// ParseWritten reads a claimed number, keeping its digits: "0.94",
// "13", "1.0e-3", "-2.5".
func ParseWritten(text string) (Written, error) {
	t := strings.TrimSpace(text)
	if decimalComma().MatchString(t) {
		return Written{}, &CommaError{Text: t, Point: strings.Replace(t, ",", ".", 1)}
	}
	v, err := strconv.ParseFloat(t, 64)
	// Only decimal notation says how many digits were written: Go also
	// reads hexadecimal ("0x1p-1"), underscores and "Inf".
	if err != nil || !decimal().MatchString(t) || math.IsInf(v, 0) {
		if p, ok := strings.CutSuffix(t, "%"); ok && decimal().MatchString(p) {
			// NDCG as a percentage, as papers print it: the fraction,
			// with the digits the percentage was written with.
			return Written{}, fmt.Errorf("%s is a percentage; write it as a fraction, as the tools print NDCG: %s", termsafe.Quote(text), percentToFraction(p))
		}
		return Written{}, fmt.Errorf("%s is not a number; write it as printed, e.g. 0.94 or 12.78", termsafe.Quote(text))
	}
	return Written{Value: v, Text: t}, nil
}

// percentToFraction writes p percent as a fraction with the same
// digits: 81 is 0.81, 81.5 is 0.815, 100 is 1.00.
func percentToFraction(p string) string {
	sign := ""
	if strings.HasPrefix(p, "-") || strings.HasPrefix(p, "+") {
		sign, p = p[:1], p[1:]
	}
	whole, frac, _ := strings.Cut(p, ".")
	whole = strings.TrimLeft(whole, "0")
	for len(whole) < 3 {
		whole = "0" + whole
	}
	digits := whole[len(whole)-2:] + frac
	head := strings.TrimLeft(whole[:len(whole)-2], "0")
	if head == "" {
		head = "0"
	}
	return sign + head + "." + digits
}

// decimalComma matches a number written with a decimal comma (12,78),
// which would otherwise lose its comma somewhere and read as 1278.
// Compiled on first use: start-up, which every command pays, does not.
var decimalComma = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?[0-9]*,[0-9]+([eE][+-]?[0-9]+)?$`)
})

// CommaError is a number written with a decimal comma; Point is the same
// number with a point, as it must be typed.
type CommaError struct{ Text, Point string }

func (e *CommaError) Error() string {
	return fmt.Sprintf("%q has a decimal comma: use a point: %s", e.Text, e.Point)
}

// decimal matches a number in decimal notation, with an optional sign
// and exponent.
// Compiled on first use, like [decimalComma].
var decimal = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
})

// String is the number as written.
func (w Written) String() string {
	if w.Text != "" {
		return w.Text
	}
	return strconv.FormatFloat(w.Value, 'g', -1, 64)
}

// Decimals is the power of ten of the last digit written, negated: 2 for
// 0.94, 0 for 13, 4 for 1.0e-3, -2 for 3e2.
func (w Written) Decimals() int {
	t := strings.TrimLeft(w.String(), "+-")
	exp := 0
	if i := strings.IndexAny(t, "eE"); i >= 0 {
		e, err := strconv.Atoi(t[i+1:])
		if err == nil {
			exp = e
		}
		t = t[:i]
	}
	dec := 0
	if i := strings.IndexByte(t, '.'); i >= 0 {
		dec = len(t) - i - 1
	}
	return dec - exp
}

// Tolerance is half a unit in the last digit written: a claim holds when
// the true value rounds to it.
func (w Written) Tolerance() float64 {
	return 0.5 * math.Pow(10, -float64(w.Decimals()))
}

// Holds reports whether v, rounded to the digits written, gives the
// claim. The bound is inclusive (a true 0.945 may be written 0.94 or
// 0.95) and allows for binary floating point.
func (w Written) Holds(v float64) bool { return w.holder()(v) }

// holder is Holds with the bound worked out once, for the searches that
// try a claim against every term of a long list.
func (w Written) holder() func(v float64) bool {
	bound := w.bound()
	return func(v float64) bool { return math.Abs(v-w.Value) <= bound }
}

// bound is how far from the claim a value may be and the claim hold.
func (w Written) bound() float64 { return w.Tolerance()*(1+1e-9) + 1e-12 }

// within is the interval of the values the claim holds for.
func (w Written) within() (lo, hi float64) { return w.Value - w.bound(), w.Value + w.bound() }

// TruncatedFrom reports whether the claim is v cut off after the digits
// written rather than rounded (0.9575 written as 0.95).
func (w Written) TruncatedFrom(v float64) bool {
	unit := 2 * w.Tolerance()
	cut := math.Trunc(v/unit) * unit
	return !w.Holds(v) && math.Abs(cut-w.Value) <= unit*1e-6
}
