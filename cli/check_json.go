package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// checkSchemaVersion is the version of check --format json's layout,
// written down in schema/check.schema.json.
const checkSchemaVersion = 2

// jsonCheck is check --format json: the layout of
// schema/check.schema.json, whose descriptions say what each field is.
type jsonCheck struct {
	SchemaVersion int             `json:"schema_version"`
	Name          string          `json:"name"`
	Title         string          `json:"title"`
	N             int             `json:"n"`
	Settings      report.Settings `json:"settings"`
	FixedByClaims []string        `json:"fixed_by_claims"`
	Holds         bool            `json:"holds"`
	Failed        int             `json:"failed"`
	Claims        []jsonClaim     `json:"claims"`
}

type jsonClaim struct {
	Quantity     string           `json:"quantity"`
	Rank         *int             `json:"rank"`
	ID           *string          `json:"id"`
	Label        string           `json:"label"`
	Claimed      string           `json:"claimed"`
	ClaimedValue float64          `json:"claimed_value"`
	Tolerance    float64          `json:"tolerance"`
	True         float64          `json:"true"`
	OffBy        float64          `json:"off_by"`
	Holds        bool             `json:"holds"`
	Truncated    bool             `json:"truncated"`
	RoundedTerms *jsonRounded     `json:"rounded_terms"`
	Quotient     *jsonQuotient    `json:"quotient"`
	Reproduced   []jsonMatch      `json:"reproduced_by"`
	Odds         *jsonOdds        `json:"odds"`
	Departure    *jsonDeparture   `json:"departure"`
	TrueTerm     *jsonTermOfClaim `json:"true_term"`
	Finding      jsonFinding      `json:"finding"`
	Diagnosis    jsonDiagnosis    `json:"diagnosis"`
	Explanation  []string         `json:"explanation"`
}

// jsonFinding is the verdict on a claim as package verdict finds it, the
// same the explorer's check view gives.
type jsonFinding struct {
	Cause   string `json:"cause"`
	Guess   bool   `json:"guess"`
	Summary string `json:"summary"`
}

// jsonDiagnosis names the mistakes behind a claim by their catalogue
// ids (verify.Diagnosis), as the room's tally groups answers.
type jsonDiagnosis struct {
	Mistakes   []string `json:"mistakes"`
	Ambiguous  bool     `json:"ambiguous"`
	Chance     bool     `json:"chance"`
	Impossible bool     `json:"impossible"`
}

type jsonRounded struct {
	Decimals int     `json:"decimals"`
	Value    float64 `json:"value"`
}

type jsonQuotient struct {
	DCG   string  `json:"dcg"`
	IDCG  string  `json:"idcg"`
	Value float64 `json:"value"`
	Holds bool    `json:"holds"`
}

type jsonMatch struct {
	ID      string       `json:"id"`
	Changes []jsonChange `json:"changes"`
	Value   float64      `json:"value"`
	Presets []string     `json:"presets"`
	Exotic  bool         `json:"exotic"`
	Chance  bool         `json:"chance"`
}

type jsonOdds struct {
	Settings int     `json:"settings"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
	Covered  float64 `json:"covered"`
}

type jsonChange struct {
	Setting string `json:"setting"`
	From    string `json:"from"`
	To      string `json:"to"`
	Text    string `json:"text"`
}

type jsonDeparture struct {
	Rank       *int       `json:"rank"`
	Claimed    *string    `json:"claimed"`
	True       *float64   `json:"true"`
	ClaimedSum *float64   `json:"claimed_sum"`
	Slips      []jsonSlip `json:"slips"`
	Sums       []string   `json:"sums"`
}

type jsonSlip struct {
	Rank    int     `json:"rank"`
	Ideal   bool    `json:"ideal"`
	What    string  `json:"what"`
	Term    float64 `json:"term"`
	Instead float64 `json:"instead"`
	Chance  bool    `json:"chance"`
}

// jsonTermOfClaim is, for a wrong contribution claim, the rank's true
// term: gain × discount.
type jsonTermOfClaim struct {
	Grade    float64 `json:"grade"`
	Gain     float64 `json:"gain"`
	Discount float64 `json:"discount"`
	Value    float64 `json:"value"`
}

func writeCheckJSON(w io.Writer, doc *listio.Document, rep *verify.Report, fixed []string) error {
	r := rep.Result
	k := rep.Settings.KString()
	work := explain.NewShown(r)
	out := jsonCheck{SchemaVersion: checkSchemaVersion, Name: doc.Name, Title: doc.Title, N: r.N,
		Settings: report.SettingsOf(rep.Settings), FixedByClaims: fixed,
		Holds: rep.Holds(), Failed: rep.Failed(), Claims: make([]jsonClaim, len(rep.Verdicts))}
	if out.FixedByClaims == nil {
		out.FixedByClaims = []string{}
	}
	for i, v := range rep.Verdicts {
		c := jsonClaim{Quantity: strings.ToLower(v.Claim.Quantity.String()), Label: v.Claim.Label(k),
			Claimed: v.Claim.String(), ClaimedValue: v.Claim.Value, Tolerance: v.Claim.Tolerance(),
			True: v.True, OffBy: v.Claim.Value - v.True, Holds: v.Holds, Truncated: v.Truncated,
			Reproduced: []jsonMatch{}}
		if v.Claim.Quantity == verify.Contribution {
			rank := v.Claim.Rank
			row := r.Row(rank - 1)
			id := row.Item.ID
			c.Rank, c.ID = &rank, &id
			if !v.Holds {
				c.TrueTerm = &jsonTermOfClaim{Grade: row.Grade, Gain: row.TermGain, Discount: row.Discount, Value: row.Contribution}
			}
		}
		if rs := v.Rounded; rs != nil {
			c.RoundedTerms = &jsonRounded{Decimals: rs.Decimals, Value: rs.Value}
		}
		if q := v.Quotient; q != nil {
			c.Quotient = &jsonQuotient{DCG: q.DCG.String(), IDCG: q.IDCG.String(), Value: q.Value, Holds: q.Holds}
		}
		for _, m := range v.Matches {
			jm := jsonMatch{ID: string(m.ID()), Value: m.Value, Presets: m.Presets, Exotic: m.Exotic, Chance: m.Chance}
			if jm.Presets == nil {
				jm.Presets = []string{}
			}
			for _, ch := range m.Changes {
				jm.Changes = append(jm.Changes, jsonChange{Setting: string(ch.Setting), From: ch.From, To: ch.To, Text: ch.String()})
			}
			c.Reproduced = append(c.Reproduced, jm)
		}
		if o := v.Odds; o != nil {
			c.Odds = &jsonOdds{Settings: o.Settings, Lo: o.Lo, Hi: o.Hi, Covered: o.Covered}
		}
		if d := v.Departure; d != nil {
			jd := &jsonDeparture{Slips: []jsonSlip{}, Sums: []string{}}
			if d.Rank > 0 {
				rank, claimed, tru := d.Rank, d.Claimed.String(), d.True
				jd.Rank, jd.Claimed, jd.True = &rank, &claimed, &tru
			}
			if d.Summed {
				sum := d.ClaimedSum
				jd.ClaimedSum = &sum
			}
			for _, s := range d.Slips {
				jd.Slips = append(jd.Slips, jsonSlip{Rank: s.Rank, Ideal: s.Ideal, What: s.What, Term: s.Term, Instead: s.Instead, Chance: s.Chance})
			}
			for _, q := range d.Sums {
				jd.Sums = append(jd.Sums, strings.ToLower(q.String()))
			}
			c.Departure = jd
		}
		f := verdict.Of(rep, i)
		c.Finding = jsonFinding{Cause: string(f.Cause), Guess: f.Guess, Summary: f.Summary()}
		c.Diagnosis = jsonDiagnosis{Mistakes: []string{}, Ambiguous: f.Diagnosis.Ambiguous, Chance: f.Diagnosis.Chance,
			Impossible: v.Claim.Impossible()}
		for _, id := range f.Diagnosis.Mistakes {
			c.Diagnosis.Mistakes = append(c.Diagnosis.Mistakes, string(id))
		}
		c.Explanation = []string{}
		if !v.Holds {
			// The text report's explanation, line by line, for a grader
			// to show as it is.
			var why bytes.Buffer
			writeWhy(&why, rep, work, i)
			for _, line := range strings.Split(strings.TrimRight(why.String(), "\n"), "\n") {
				c.Explanation = append(c.Explanation, strings.TrimSpace(line))
			}
		}
		out.Claims[i] = c
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// claimFixed lists the settings the claims fixed (k, gain), unless a
// flag overrode them.
func claimFixed(c *listio.Claims, lf listFlags) []string {
	var fixed []string
	if c == nil {
		return fixed
	}
	if c.K != nil && lf.k == "" {
		fixed = append(fixed, string(ndcg.SettingK))
	}
	if c.Gain != nil && lf.gain == "" {
		fixed = append(fixed, string(ndcg.SettingGain))
	}
	return fixed
}
