package textfield

import (
	"strings"
	"testing"
)

// BenchmarkTextFieldKeystroke: a key typed into a field holding a short
// value, and one holding 64 KiB (the most a paste over SSH keeps); each
// edit cuts the whole value into characters again, so the long one
// costs in proportion, and must stay well inside a frame.
func BenchmarkTextFieldKeystroke(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int
	}{{"20B", 20}, {"64KiB", 64 << 10}} {
		value := strings.Repeat("ab 東京e\u0301 ", c.n/12+1)[:c.n]
		b.Run(c.name, func(b *testing.B) {
			f := focusedField(60, value)
			for b.Loop() {
				fieldDo(f, "type:x", "backspace")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2/1e6, "ms/key")
		})
	}
}
