package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/practice"
)

// The seed-000 sample claims DCG@5 12.78, IDCG@5 13.65 and NDCG@5 0.94 for
// 3,2,3,0,1 with exponential gain; scikit-learn gives 12.7796, 13.3472
// and 0.9575 (verify/testdata/reference.json), so only the DCG holds.
// 0.94 is the claimed DCG over the claimed IDCG: 12.78/13.65 = 0.9363.
func TestCheckTheFilesClaims(t *testing.T) {
	m := openSample(t, "idcg-slip", 80, 24)
	open(t, m, "check")
	s := screen(m)
	assert.Regexp(t, `DCG@5\s+\[12\.78\s*\] ✓ true 12\.7796 \(±0\.005\)`, s)
	assert.Regexp(t, `IDCG@5 \[13\.65\s*\] ✗ true 13\.3472`, s)
	assert.Regexp(t, `NDCG@5 \[0\.94\s*\] ✗ true 0\.9575`, s)
	assert.Contains(t, s, "IDCG@5 = 7/1.000 + 7/1.585 + 3/2.000 + 1/2.322 + 0/2.585")
	assert.Contains(t, s, "= 7.000 + 4.417 + 1.500 + 0.431 + 0.000 = 13.347")
	assert.Contains(t, s, "12.78 / 13.65 = 0.9363")
	assert.Contains(t, s, "inherits the slip in IDCG@5")
	assert.Contains(t, s, "5 per-rank terms all hold")

	// Typing into a field that holds a claim replaces it; a moving key
	// keeps it to edit from there; backspace clears it.
	press(m, "down")
	typeText(m, "13.35")
	assert.Regexp(t, `IDCG@5 \[13\.35\s*\] ✓ true 13\.3472`, screen(m))
	press(m, "down", "end", "backspace")
	typeText(m, "6")
	assert.Regexp(t, `NDCG@5 \[0\.96\s*\] ✓ true 0\.9575`, screen(m))
	press(m, "up", "backspace")
	assert.Regexp(t, `IDCG@5 \[type IDCG\s*\] \(not claimed\)`, screen(m), "backspace clears a selected claim")
	typeText(m, "13.35")
	press(m, "f")
	assert.Regexp(t, `IDCG@5 \[13\.65\s*\] ✗`, screen(m), "f puts the file's claims back")

	press(m, "b")
	s = screen(m)
	assert.Regexp(t, `DCG@5\s+\[12\.78\s*\] OK true`, s)
	assert.Regexp(t, `IDCG@5 \[13\.65\s*\] NO true`, s)
	assert.NotContains(t, s, "✓")
	assert.NotContains(t, s, "✗")
}

// Typed claims about 3,2,3,0,1 with linear gain and k=5, whose NDCG@5 is
// 0.9724 (scikit-learn 0.9723642841729145); with exponential gain it is
// 0.9575 (0.9574784666412696), so 0.96 is the exp-gain value.
// The round-last sample's IDCG claim, 6.324, is its terms rounded to
// three decimals and added: 3.000 + 1.893 + 1.000 + 0.431 + 0.000 =
// 6.324, where the exact sum is 3 + 3/log2(3) + 2/2 + 1/log2(5) =
// 6.32347. The view says so, as check does, where it said no convention
// or slip gives it; and the claim is off by +0.00053, past ±0.0005,
// where it read off by +0.0005.
func TestCheckSaysTermsWereRoundedFirst(t *testing.T) {
	m := openSample(t, "rounded-terms", 80, 24)
	open(t, m, "check")
	s := screen(m)
	assert.Contains(t, s, "IDCG@5 [6.324         ] ✗ true 6.32347 (±0.0005; off by +0.00053)")
	f := strings.Join(strings.Fields(s), " ")
	assert.Contains(t, f, "The terms rounded to 3 decimals add up to 6.324: the claim adds rounded terms; the exact sum is 6.32347.")
	assert.NotContains(t, f, "No convention or single slip gives it")
	assert.Contains(t, f, "The true working:")
}

func TestCheckLiveAsYouType(t *testing.T) {
	m := start(t)
	open(t, m, "check")
	assert.Contains(t, screen(m), "(not claimed)")
	press(m, "down", "down")
	typeText(m, "0.97")
	assert.Regexp(t, `NDCG@5 \[0\.97\s*\] ✓ true 0\.9724 \(±0\.005\)`, screen(m))
	typeText(m, "3")
	// Off by as many decimals as the true value: 0.973 − 0.97236 = +0.00064.
	assert.Regexp(t, `NDCG@5 \[0\.973\s*\] ✗ true 0\.97236 \(±0\.0005; off by \+0\.00064\)`, screen(m))
	press(m, "backspace", "backspace")
	typeText(m, "6")
	assert.Regexp(t, `NDCG@5 \[0\.96\s*\] ✗`, screen(m))
	assert.Contains(t, screen(m), "Given by gain exp (not linear)")
	assert.Contains(t, screen(m), "= 0.9575")

	// An edit in the explorer changes the verdict: 0,2,3,0,1 gives 0.6612.
	press(m, "esc")
	typeText(m, "0.97")
	press(m, "f1", "0")
	open(t, m, "check")
	assert.Regexp(t, `NDCG@5 \[0\.97\s*\] ✗ true 0\.6612`, screen(m))
	press(m, "u")
	assert.Regexp(t, `NDCG@5 \[0\.97\s*\] ✓`, screen(m))

	// esc and a digit typed at once reach the program as alt+digit.
	press(m, "up", "down")
	m.Update(tea.KeyPressMsg{Code: '0', Mod: tea.ModAlt})
	typeText(m, ".97")
	assert.Regexp(t, `NDCG@5 \[0\.97\s*\] ✓`, screen(m))

	// Not a number yet.
	press(m, "esc")
	typeText(m, "-")
	assert.Contains(t, screen(m), "not a number yet")
	// Letters are not typed into the field: g still changes the gain.
	press(m, "esc")
	gainTo(t, m, ndcg.Exp)
	assert.Contains(t, screen(m), "gain exp")
}

// f loads the file's claims and the k and gain they were made at, in one
// undoable edit.
func TestCheckFileClaimsKey(t *testing.T) {
	doc := sampleDoc(t, "idcg-slip")
	s := ndcg.DefaultSettings()
	s.Gain, s.K = ndcg.Linear, 3
	m := newModel(t, doc, s, 80, 24)
	open(t, m, "check")
	assert.Contains(t, screen(m), "press f to check them there")
	press(m, "f")
	ws := m.Workspace()
	assert.Equal(t, 5, ws.Settings.K)
	assert.Equal(t, "exp", ws.Settings.Gain.String())
	assert.Regexp(t, `DCG@5\s+\[12\.78\s*\] ✓`, screen(m))
	// The view says why the conventions moved: the edit it made reaches
	// every view at once, so its own word comes last.
	assert.Contains(t, screen(m), "u undoes the switch")
	press(m, "u")
	assert.Equal(t, 3, ws.Settings.K)

	m = start(t)
	open(t, m, "check")
	press(m, "f")
	assert.Contains(t, screen(m), "this file has no claims")
}

func TestCheckGolden80x24(t *testing.T) {
	doc := sampleDoc(t, "idcg-slip")
	s, _ := doc.Settings.Apply(ndcg.DefaultSettings())
	goldenView(t, practiceModel(t, doc, s), "check", "check_80x24", "down")
}

func TestCheckGolden80x24ASCII(t *testing.T) {
	doc := sampleDoc(t, "idcg-slip")
	s, _ := doc.Settings.Apply(ndcg.DefaultSettings())
	goldenView(t, practiceModel(t, doc, s), "check", "check_80x24_ascii", "b", "down", "down", "esc", "0", ".", "9", "5", "7", "5")
}

// On a long list, typing shows the verdict at once and looks for the
// explanation when the typing pauses. 20,000 items of grade 1 and one of
// grade 3 at the end, linear gain, k=5: DCG@5 = IDCG@5 less the top
// term's difference, so by hand NDCG@5 = (1 + Σ_{i=2..5} 1/log2(i+1)) /
// (3 + Σ_{i=2..5} 1/log2(i+1)) = 2.9485/4.9485 = 0.5958.
func TestCheckOnALongListWaitsForAPause(t *testing.T) {
	grades := strings.Repeat("1,", practice.QuickFrom) + "3"
	m := newModel(t, inlineDoc(t, grades, ""), linearK5(), 80, 24)
	open(t, m, "check")
	press(m, "down", "down")
	typeText(m, "0.6")
	assert.Regexp(t, `NDCG@5 \[0\.6\s*\] ✓ true 0\.5958`, screen(m))
	press(m, "backspace")
	typeText(m, "5")
	s := screen(m)
	assert.Regexp(t, `NDCG@5 \[0\.5\s*\] ✗ true 0\.5958`, s)
	assert.Contains(t, s, "looking for the convention")
	typed := *fieldAs[int](m.views[m.active], "typed")
	m.Update(practice.PausedMsg{Typed: typed - 1})
	assert.Contains(t, screen(m), "looking for the convention", "a pause before the last keystroke is not the end of typing")
	_, cmd := m.Update(practice.PausedMsg{Typed: typed})
	assert.Contains(t, screen(m), "⠋ looking for the convention", "the search runs off the update loop, with a spinner")
	finish(t, m, cmd)
	s = screen(m)
	assert.NotContains(t, s, "looking for the convention")
	assert.Contains(t, s, "true working")
}

// TestCheckHeadingWhole: at 80 columns the check view's heading keeps
// what it checks against (k and the gain) whole, its words giving way.
func TestCheckHeadingWhole(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), ndcg.DefaultSettings(), 80, 24)
	press(m, "f9")
	assert.Equal(t, "Check numbers worked out by hand (k=all, gain exp)", strings.TrimRight(strings.Split(screen(m), "\n")[3], " "))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	assert.Contains(t, screen(m), "Check numbers worked out by hand under the conventions in force (k=all, gain exp)")
}

// Enter moves to the next field, as the view's hint says ("↑/↓ or
// enter: next field"), without the status calling it a key that does
// nothing here; the view's help lists it. 3,2,0,3,1 at k=3, exp gain:
// DCG@3 = 7 + 3/log2 3 = 8.8928; IDCG@3 = 7 + 7/log2 3 + 3/2 = 12.9165.
func TestCheckEnterGoesToTheNextField(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,0,3,1", ""), ndcg.Settings{Gain: ndcg.Exp, Discount: ndcg.Log2, K: 3}, 80, 24)
	open(t, m, "check")
	typeText(m, "8.89")
	press(m, "enter")
	typeText(m, "12.92")
	press(m, "enter")
	s := screen(m)
	assert.Regexp(t, `DCG@3\s+\[8\.89\s*\] ✓ true 8\.8928`, s)
	assert.Regexp(t, `IDCG@3 \[12\.92\s*\] ✓ true 12\.9165`, s)
	assert.NotContains(t, s, "does nothing")
	press(m, "?")
	assert.Regexp(t, `enter\s+next field`, screen(m))
}
