// Package listio reads and writes ranked lists: the JSON list format,
// CSV/TSV, one query of a TREC qrels and run pair, inline grades, and the
// built-in samples.
package listio

import (
	"encoding/json"

	"ndcg-explorer/ndcg"
)

// Document is a list as a file holds it: the list itself, the settings
// and claims written beside it, and whatever else the file carried, kept
// so that saving does not drop it.
type Document struct {
	// Name is where the document came from: a path, "-", "sample:NAME"
	// or "inline".
	Name  string
	Title string
	Notes string
	// Settings are the conventions the file asks for; flags override them.
	Settings FileSettings
	List     *ndcg.List
	Claims   *Claims
	// Extra holds the top-level fields this program does not know.
	Extra map[string]json.RawMessage
}

// FileSettings are the conventions a file may set; nil means unset.
type FileSettings struct {
	Gain     *string  `json:"gain,omitempty"`
	Discount *string  `json:"discount,omitempty"`
	K        *int     `json:"k,omitempty"`
	Ties     *string  `json:"ties,omitempty"`
	IDCG     *string  `json:"idcg,omitempty"`
	Zero     *float64 `json:"zero,omitempty"`
	Preset   *string  `json:"preset,omitempty"`
}

// Claims are numbers a person computed by hand, to be checked.
type Claims struct {
	K             *int     `json:"k,omitempty"`
	Gain          *string  `json:"gain,omitempty"`
	DCG           *Number  `json:"dcg,omitempty"`
	IDCG          *Number  `json:"idcg,omitempty"`
	NDCG          *Number  `json:"ndcg,omitempty"`
	Contributions []Number `json:"contributions,omitempty"`
}

// Number is a claimed value with the digits it was written with: 0.94
// claims less precision than 0.9400.
type Number struct {
	Value float64
	// Text is the number as written.
	Text string
}

// MarshalJSON writes the number as it was written.
func (n Number) MarshalJSON() ([]byte, error) {
	if n.Text != "" {
		return []byte(n.Text), nil
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON keeps the digits as written.
func (n *Number) UnmarshalJSON(b []byte) error {
	var f json.Number
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	v, err := f.Float64()
	if err != nil {
		return err
	}
	n.Value, n.Text = v, string(f)
	return nil
}

// Settings returns base with the file's settings applied in order:
// preset first, then each explicit field.
func (fs FileSettings) Apply(base ndcg.Settings) (ndcg.Settings, error) {
	s := base
	if fs.Preset != nil {
		p, err := ndcg.FindPreset(*fs.Preset)
		if err != nil {
			return s, err
		}
		s = p.Apply(s)
	}
	var err error
	if fs.Gain != nil {
		if s.Gain, err = ndcg.ParseGain(*fs.Gain); err != nil {
			return s, err
		}
	}
	if fs.Discount != nil {
		if s.Discount, err = ndcg.ParseDiscount(*fs.Discount); err != nil {
			return s, err
		}
	}
	if fs.K != nil {
		if *fs.K < 0 {
			return s, errorf("k must be ≥ 1 or 0 for the whole list, not %d", *fs.K)
		}
		s.K = *fs.K
	}
	if fs.Ties != nil {
		if s.Ties, err = ndcg.ParseTiePolicy(*fs.Ties); err != nil {
			return s, err
		}
	}
	if fs.IDCG != nil {
		if s.IDCG, err = ndcg.ParseIDCGSource(*fs.IDCG); err != nil {
			return s, err
		}
	}
	if fs.Zero != nil {
		if *fs.Zero != 0 && *fs.Zero != 1 {
			return s, errorf("zero must be 0 or 1, not %v", *fs.Zero)
		}
		s.Zero = *fs.Zero
	}
	return s, nil
}

// SettingsOf records s as file settings, for saving.
func SettingsOf(s ndcg.Settings) FileSettings {
	str := func(v string) *string { return &v }
	k, zero := s.K, s.Zero
	fs := FileSettings{
		Gain: str(s.Gain.String()), Discount: str(s.Discount.String()), K: &k,
		Ties: str(s.Ties.String()), IDCG: str(s.IDCG.String()), Zero: &zero,
	}
	if s.TruncateGrades {
		fs.Preset = str("trec_eval")
	}
	return fs
}
