package listio

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ltr"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// ParseCutoff reads a cutoff the one way every flag, file and field
// takes it: a whole number ≥ 1, or all for the whole list, 0 too (as
// the explorer's k field and ltr -k read it; "none" and "" also mean
// the whole list, as ndcg.ParseK reads them). A whole number written
// with a point (3.0, as Python writes a float) is refused saying how to
// write it.
func ParseCutoff(s string) (int, error) {
	t := strings.TrimSpace(s)
	if t == "0" {
		return 0, nil
	}
	if k, err := ndcg.ParseK(t); err == nil {
		return k, nil
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil && f >= 1 && f == math.Trunc(f) && f <= math.MaxInt32 {
		return 0, fmt.Errorf("k must be a whole number written without a point: %d, not %s", int(f), termsafe.Quote(s))
	}
	return 0, fmt.Errorf("k must be a whole number ≥ 1, or all (or 0) for the whole list, not %s", termsafe.Quote(s))
}

// UnknownPreset is err, a preset name not found, with the name meant
// when one is within two edits (sklarn: did you mean "sklearn"?): the
// one wording of a mistyped preset for --preset, ltr -p and a file's
// settings.preset.
func UnknownPreset(name string, err error) error {
	if s := closest(strings.TrimSpace(name), ltr.PresetNames()); s != "" {
		return fmt.Errorf("%w; did you mean %s?", err, termsafe.Quote(s))
	}
	return err
}
