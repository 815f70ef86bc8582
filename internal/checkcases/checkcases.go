// Package checkcases reads the table of claims whose verdict check and
// the explorer's check view must give alike (verdict/testdata/
// check-cases.json), for the tests of verdict, cli and ui.
package checkcases

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Want is the verdict on one claim: its cause (verdict.Cause), whether
// it is a guess, and a phrase every interface says for it.
type Want struct {
	Cause string `json:"cause"`
	Guess bool   `json:"guess"`
	Says  string `json:"says"`
}

// Case is a list, the conventions, the claims and their verdicts.
type Case struct {
	Name   string    `json:"name"`
	Why    string    `json:"why"`
	Grades []float64 `json:"grades"`
	Scores []float64 `json:"scores"`
	K      int       `json:"k"`
	Gain   string    `json:"gain"`
	Claims struct {
		DCG           string   `json:"dcg"`
		IDCG          string   `json:"idcg"`
		NDCG          string   `json:"ndcg"`
		Contributions []string `json:"contributions"`
	} `json:"claims"`
	// Want is keyed by quantity: dcg, idcg, ndcg.
	Want map[string]Want `json:"want"`
}

// Load reads the table.
func Load() ([]Case, error) {
	_, file, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "..", "verdict", "testdata", "check-cases.json"))
	if err != nil {
		return nil, err
	}
	var t struct{ Cases []Case }
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, err
	}
	return t.Cases, nil
}

// Args are the command line of check for the case.
func (c Case) Args() []string {
	args := []string{"check", "--grades", join(c.Grades), "-k", strconv.Itoa(c.K), "--gain", c.Gain}
	if len(c.Scores) > 0 {
		args = append(args, "--scores", join(c.Scores))
	}
	for _, f := range []struct{ flag, v string }{{"--dcg", c.Claims.DCG}, {"--idcg", c.Claims.IDCG}, {"--ndcg", c.Claims.NDCG}} {
		if f.v != "" {
			args = append(args, f.flag, f.v)
		}
	}
	if len(c.Claims.Contributions) > 0 {
		args = append(args, "--contributions", strings.Join(c.Claims.Contributions, ","))
	}
	return args
}

// ListJSON is the case as a list file with its claims, as the explorer
// opens it.
func (c Case) ListJSON() string {
	type item struct {
		ID    string   `json:"id"`
		Grade float64  `json:"grade"`
		Score *float64 `json:"score,omitempty"`
	}
	doc := map[string]any{}
	var items []item
	for i, g := range c.Grades {
		it := item{ID: string(rune('A' + i)), Grade: g}
		if len(c.Scores) > 0 {
			it.Score = &c.Scores[i]
		}
		items = append(items, it)
	}
	doc["items"] = items
	doc["settings"] = map[string]any{"k": c.K, "gain": c.Gain}
	claims := map[string]any{"k": c.K, "gain": c.Gain}
	for _, f := range []struct{ key, v string }{{"dcg", c.Claims.DCG}, {"idcg", c.Claims.IDCG}, {"ndcg", c.Claims.NDCG}} {
		if f.v != "" {
			claims[f.key] = json.RawMessage(f.v)
		}
	}
	if len(c.Claims.Contributions) > 0 {
		var cs []json.RawMessage
		for _, v := range c.Claims.Contributions {
			cs = append(cs, json.RawMessage(v))
		}
		claims["contributions"] = cs
	}
	doc["claims"] = claims
	data, _ := json.Marshal(doc) // maps of plain values always marshal
	return string(data)
}

func join(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}
