package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// remoteModel is an attendee's explorer at w×h on grades 3,2,3,0,1.
func remoteModel(t *testing.T, w, h int, o Options) *Workshop {
	t.Helper()
	o.Doc, o.Settings, o.NoColor = inlineDoc(t, "3,2,3,0,1", ""), linearK5(), true
	m := NewWorkshop(o)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// An offer that comes while the attendee is in the quiz is answered
// there: the footer names its keys, and enter opens the list (shown in
// the explorer) instead of going to the quiz's field.
func TestOfferAnsweredInTheQuiz(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{})
	press(m, "f10")
	sent := inlineDoc(t, "1,0,2", "")
	m.Update(Offer{Doc: sent, Settings: linearK5()})
	assert.Contains(t, screen(m), offerPrompt)
	assert.Contains(t, lastLine(m), "list from the instructor: enter open it • esc keep yours")
	press(m, "enter")
	assert.NotContains(t, screen(m), "as a number")
	assert.Equal(t, 3, m.Workspace().N(), "the list sent is open")
	assert.Equal(t, 0, m.active, "and on screen, in the explorer")
	assert.NotContains(t, lastLine(m), "list from the instructor")

	// An answer being typed keeps enter and esc: the offer waits until
	// it is sent, then esc keeps the attendee's own list.
	m = remoteModel(t, 80, 24, Options{})
	press(m, "f10")
	typeText(m, "0.87")
	m.Update(Offer{Doc: sent, Settings: linearK5()})
	assert.Contains(t, screen(m), "the instructor sent a list: send your answer, then enter opens it")
	assert.Contains(t, lastLine(m), "enter answer")
	press(m, "enter")
	assert.True(t, *fieldAs[bool](m.views[m.active], "answered"), "enter sent the answer")
	assert.Equal(t, 5, m.Workspace().N())
	press(m, "down") // the verdict's long line gives the footer back
	assert.Contains(t, lastLine(m), "list from the instructor: enter open it • esc keep yours")
	press(m, "esc")
	assert.Contains(t, screen(m), "kept your list")
	assert.Equal(t, 5, m.Workspace().N())
	assert.Contains(t, screen(m), "[0.87", "the answer stays")
}

// An offer not answered stays in the footer, whatever the keys pressed
// since and the view; enter opens it only while the footer says so,
// never from a question or field that had the keys.
func TestOfferWaitsInTheFooter(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{})
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	press(m, "f10", "down", "f1", "down")
	assert.NotContains(t, screen(m), offerPrompt, "the status moved on")
	assert.Contains(t, lastLine(m), "list from the instructor: enter open it • esc keep yours")
	press(m, "k")
	assert.NotContains(t, lastLine(m), "list from the instructor", "the cutoff field has the keys")
	press(m, "esc")
	assert.Equal(t, 5, m.Workspace().N(), "esc closed the field, the offer waits")
	assert.Contains(t, lastLine(m), "list from the instructor")
	press(m, "enter")
	assert.Equal(t, 3, m.Workspace().N())
	press(m, "u")
	assert.Equal(t, 5, m.Workspace().N(), "u takes it back")
}

// An enter typed as the offer comes (before it could be read) keeps
// its meaning in the view; the offer waits.
func TestOfferNotAnsweredByAKeyTypedAsItCame(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	uitest.UseClock(t, &frame.Now, func() time.Time { return at })
	m := remoteModel(t, 80, 24, Options{})
	press(m, "f10")
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	at = at.Add(100 * time.Millisecond)
	press(m, "enter")
	assert.Contains(t, screen(m), "as a number, e.g. 0.87", "the quiz had the enter")
	assert.Equal(t, 5, m.Workspace().N())
	assert.Contains(t, lastLine(m), "list from the instructor")
	at = at.Add(time.Second)
	press(m, "enter")
	assert.Equal(t, 3, m.Workspace().N(), "read, then answered")
}

// Over the network the quiz's heading names no command-line flag, and
// says whose count it shows: the attendee's own, not the room's.
func TestRemoteQuizHeading(t *testing.T) {
	m := remoteModel(t, 100, 30, Options{})
	m.Update(RoomRound{ID: 2, Seed: 218250, Round: 2, Settings: linearK5()})
	head := strings.Split(screen(m), "\n")[3]
	assert.Equal(t, "Quiz · round 2 · your answers: 0 of 0 right · seed 218250", strings.TrimSpace(head))

	local := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 100, 30)
	press(local, "f10")
	assert.Contains(t, screen(local), "0 of 0 right · seed ")
	assert.Contains(t, screen(local), "gives everyone these lists", "locally the flag is the way to share the lists")
}

// An attendee back mid-round finds the answer they gave, shown as sent
// and counted, and scored when the round ends. Round 1 of seed 7 is
// grades 2,0,0,1,0,0 at k=3: NDCG@3 = 3 / (3 + 1/log2 3) = 0.8262 by
// hand, under exponential gain.
func TestRoomRoundCarriesTheAnswerGiven(t *testing.T) {
	var sent []RoomAnswer
	m := remoteModel(t, 80, 24, Options{Remote: &Remote{OnAnswer: func(a RoomAnswer) { sent = append(sent, a) }}})
	m.Update(RoomRound{ID: 3, Seed: 7, Round: 1, Settings: ndcg.DefaultSettings(), Answer: "0.83"})
	s := screen(m)
	assert.Contains(t, s, "NDCG@3 = [0.83")
	assert.Contains(t, s, "answer sent and counted: the working comes when the round ends")
	assert.Contains(t, s, "round 1 is under way and your answer 0.83 counts: the working comes when it ends")
	press(m, "enter")
	assert.Empty(t, sent, "not sent again")
	m.Update(RoomRoundEnd{ID: 3})
	s = screen(m)
	assert.Contains(t, s, "✓ Right: NDCG@3 = 0.8262")
	assert.Contains(t, s, "your answers: 1 of 1 right")

	// Without an answer, the field is empty and takes one.
	m = remoteModel(t, 80, 24, Options{Remote: &Remote{OnAnswer: func(a RoomAnswer) { sent = append(sent, a) }}})
	m.Update(RoomRound{ID: 4, Seed: 7, Round: 1, Settings: ndcg.DefaultSettings()})
	assert.Contains(t, screen(m), "NDCG@3 = [          ]")
	assert.Contains(t, screen(m), "the instructor started a quiz round")
	typeText(m, "0.76")
	press(m, "enter")
	assert.Equal(t, []RoomAnswer{{ID: 4, Text: "0.76"}}, sent)
}

// A welcome is said in the status's own ink, not as an error as a
// Notice is; a round that resumes the answer it speaks of leaves it up.
func TestWelcomeIsCalm(t *testing.T) {
	const welcome = "welcome back: your list and your answer are as you left them"
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: ndcg.DefaultSettings(), Remote: &Remote{}, Welcome: welcome})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	st := m.c.Styles
	require.NotEqual(t, st.StatusInk.Paint(welcome), st.ErrorInk.Paint(welcome), "the two inks differ")
	assert.Contains(t, m.View().Content, st.StatusInk.Paint(welcome))
	assert.NotContains(t, screen(m), "a digit sets a grade", "in place of the greeting")

	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: ndcg.DefaultSettings(), Answer: "0.83"})
	assert.Contains(t, screen(m), welcome)
	assert.Contains(t, screen(m), "NDCG@3 = [0.83")

	warned := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: ndcg.DefaultSettings(), Notice: "a recovery copy waits"})
	warned.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, warned.View().Content, st.ErrorInk.Paint("a recovery copy waits"))
}

// Over a server that keeps the list, the question before quitting with
// edits not copied says the list is kept, and quitting is not "without
// copying" as if the edits went; a list given back modified is still
// modified, so q asks, until it is copied.
func TestQuitQuestionWhenTheServerKeepsTheList(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{Remote: &Remote{KeepsList: true}})
	press(m, "0", "q")
	s := screen(m)
	assert.Contains(t, s, "Edits not copied; the server keeps your list (your key, or the ssh line")
	assert.Contains(t, s, "as you leave, brings it back). w: copy it and quit · y: quit · esc: stay", "whole at 80 columns")
	assert.NotContains(t, s, "without copying")
	assert.True(t, uitest.IsQuit(press(m, "y")))

	back := remoteModel(t, 80, 24, Options{Remote: &Remote{KeepsList: true}, Modified: true})
	assert.Contains(t, screen(back), "modified")
	assert.False(t, uitest.IsQuit(press(back, "q")), "a list given back with edits not copied asks first")
	assert.Contains(t, screen(back), "Edits not copied")
	press(back, "esc", "w")
	assert.Contains(t, screen(back), "copied the list")
	assert.NotContains(t, screen(back), "modified")
	assert.True(t, uitest.IsQuit(press(back, "q")), "copied: q quits")

	// In a browser, no ssh line is printed and no key used: the page
	// brings the list back. Before, it promised both.
	page := remoteModel(t, 80, 24, Options{Remote: &Remote{KeepsList: true, Browser: true}})
	press(page, "0", "q")
	assert.Contains(t, screen(page), "Edits not copied; the server keeps your list (reloading this page brings it")
	assert.NotContains(t, screen(page), "ssh line")

	// A server that keeps nothing: quitting loses the edits.
	gone := remoteModel(t, 80, 24, Options{})
	press(gone, "0", "q")
	assert.Contains(t, screen(gone), "Unsaved edits. w: copy the list and quit · y: quit without copying · esc: stay")
}

// A returning attendee is offered the last list sent, or put in the
// round under way, as they arrive: the welcome stays on the status line
// before the news, where the news replaced it.
func TestWelcomeKeptBeforeTheNews(t *testing.T) {
	const welcome = "welcome back: your list is as you left it"
	m := remoteModel(t, 80, 24, Options{Welcome: welcome})
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	assert.Contains(t, screen(m), welcome+"; the instructor sent a list: enter to…", "cut to one line above the offer's footer")
	assert.Contains(t, lastLine(m), "list from the instructor: enter open it • esc keep yours")

	m = remoteModel(t, 80, 24, Options{Welcome: welcome})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	assert.Contains(t, strings.Join(strings.Fields(screen(m)), " "), welcome+"; the instructor started a quiz round")

	// Once another status has replaced the welcome, the news comes alone.
	m = remoteModel(t, 80, 24, Options{Welcome: welcome})
	press(m, "1")
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	assert.NotContains(t, screen(m), "welcome back")
	assert.Contains(t, screen(m), offerPrompt)
}

// While an offer waits, a status too long for its line is cut to it
// rather than drawn over the footer, which names what enter and esc do
// until the offer is answered; a question still takes both lines.
func TestLongStatusLeavesTheOffersFooter(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{})
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	press(m, "y", "s")
	s := screen(m)
	assert.Contains(t, s, "copied the screen as an SVG image to your clipboard (no file is written over SS…")
	assert.Contains(t, lastLine(m), "list from the instructor: enter open it • esc keep yours")

	press(m, "1", "q")
	assert.Contains(t, strings.Join(strings.Fields(screen(m)), " "), "esc: stay", "the quit question is read whole")
	assert.NotContains(t, lastLine(m), "list from the instructor")
}

// An attendee who opened the instructor's list over edits of their own
// is asked before quitting: the list on screen has no edits, and the
// server keeps it rather than theirs, so only u brings their edits
// back. With no edits of their own, q quits at once.
func TestQuitAfterOpeningTheInstructorsListOverEdits(t *testing.T) {
	sent := inlineDoc(t, "3,2,3,0,1", "")
	m := remoteModel(t, 80, 24, Options{Remote: &Remote{KeepsList: true}})
	press(m, "0")
	m.Update(Offer{Doc: sent, Settings: linearK5()})
	press(m, "enter")
	require.False(t, m.Workspace().Dirty(), "the instructor's list is the one served")
	assert.False(t, uitest.IsQuit(press(m, "q")))
	s := screen(m)
	assert.Contains(t, s, "The instructor's list replaced your edits: u undoes it. y: quit · esc: stay")
	for _, l := range strings.Split(s, "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 80)
	}
	press(m, "esc", "u")
	assert.Equal(t, 0.0, m.Workspace().Doc.List.Items[0].Grade, "u brought the edit back")
	assert.True(t, m.Workspace().Dirty())
	assert.False(t, uitest.IsQuit(press(m, "q")), "their own list, modified, asks as ever")
	assert.Contains(t, screen(m), "Edits not copied")
	press(m, "esc", "ctrl+r") // the instructor's list again
	assert.False(t, uitest.IsQuit(press(m, "q")))
	assert.Contains(t, screen(m), "The instructor's list replaced your edits")
	assert.True(t, uitest.IsQuit(press(m, "y")), "y quits")

	// Nothing of their own replaced: q quits.
	m = remoteModel(t, 80, 24, Options{Remote: &Remote{KeepsList: true}})
	m.Update(Offer{Doc: sent, Settings: linearK5()})
	press(m, "enter")
	assert.True(t, uitest.IsQuit(press(m, "q")))

	// Nor when the instructor's list differs from the one served: opened
	// and not changed, it is not modified, where q asked about edits.
	m = remoteModel(t, 80, 24, Options{Remote: &Remote{KeepsList: true}})
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	press(m, "enter")
	assert.Equal(t, 3, m.Workspace().N())
	assert.False(t, m.Workspace().Dirty())
	assert.NotContains(t, screen(m), "modified")
	assert.True(t, uitest.IsQuit(press(m, "q")))
}

// A lab attendee who joins after a list was sent is offered it at once,
// and the status line, one line above the offer's footer, cut the
// welcome that names what brings their list back. Answering the offer
// gives it back whole (after opening the list too, unless it is a
// welcome back, which speaks of the list just replaced).
func TestWelcomeCutByTheOfferComesBack(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	uitest.UseClock(t, &frame.Now, func() time.Time { return at })
	const welcome = "a new list, as student-3: others connect as student here too, so the list kept for student may not be yours; if it is, connect as student-2"
	for _, k := range []string{"esc", "enter"} {
		m := remoteModel(t, 80, 24, Options{Welcome: welcome})
		m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
		assert.NotContains(t, screen(m), "connect as student-2", "cut above the offer's footer")
		at = at.Add(time.Second)
		press(m, k)
		assert.Contains(t, strings.Join(strings.Fields(screen(m)), " "), welcome+";", "after %s", k)
	}
	const back = "welcome back: your list is as you left it"
	m := remoteModel(t, 80, 24, Options{Welcome: back})
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	at = at.Add(time.Second)
	press(m, "enter")
	assert.Equal(t, 3, m.Workspace().N())
	assert.NotContains(t, screen(m), back)
}

// A step of the guided path sent to the room is offered as a list is;
// enter opens it in place of the attendee's explorer, with its
// instruction, question and keys, the list of step 2 (idcg-slip, exp
// gain, k=3) hiding its answer; the step's own keys judge an answer
// (step 2's slip 10.26, its DCG@3 as linear gain would give); q goes
// back to the attendee's own list, untouched, and the step is gone.
func TestOfferedStepOpensTheLesson(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{})
	press(m, "1") // the attendee's own edit: rank 1's grade 3 → 1
	st, _ := sendStep(t, m, 2)
	assert.Contains(t, screen(m), "the instructor sent step 2 (DCG): enter to open it\n")
	assert.Contains(t, lastLine(m), "step 2 from the instructor: enter open it • esc keep yours")
	press(m, "enter")
	s := screen(m)
	assert.Contains(t, s, "Step 2 of 13: DCG")
	assert.Contains(t, s, st.Question)
	assert.Contains(t, s, "From the instructor: type the answer, then enter; q goes back to your list.")
	assert.Contains(t, lastLine(m), "q your list")
	assert.Contains(t, s, "?.???", "the answer is hidden")
	assert.Equal(t, "ndcg-explorer learn: step 2 of 13", m.View().WindowTitle)

	typeText(m, st.Slip)
	press(m, "enter")
	assert.Contains(t, lessonFlat(screen(m)), "✗ Not quite: your "+st.Slip+" for DCG@3 is too ")
	assert.Equal(t, 1.0, m.Workspace().List().Items[0].Grade, "the step's answer is not the attendee's edit")

	press(m, "q")
	s = screen(m)
	assert.NotContains(t, s, "Step 2 of 13")
	assert.Contains(t, s, "back to your list, as you left it (step 2 closed)")
	assert.Equal(t, 5, m.Workspace().N(), "the attendee's own list")
	assert.Equal(t, 1.0, m.Workspace().List().Items[0].Grade)
	assert.True(t, m.Workspace().Dirty(), "their edit still theirs")
}

// A round or a list from the instructor while a step is on screen closes
// the step: the instructor has moved on, and the round needs the quiz.
func TestARoundClosesTheStep(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{})
	sendStep(t, m, 1)
	press(m, "enter")
	require.Contains(t, screen(m), "Step 1 of 13")
	m.Update(RoomNotice{Text: "round 1 closes in 2m"})
	assert.Contains(t, screen(m), "round 1 closes in 2m", "news from the room reaches the step's screen")
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	s := screen(m)
	assert.NotContains(t, s, "Step 1 of 13")
	assert.Contains(t, s, "the instructor started a quiz round")
}

// The instructor's ask to show the screen reaches an attendee in a step:
// the step's status line asks it, y agrees (the screen shown is the
// step's), and ^x stops it, the step still on screen.
func TestAStepAnswersTheAskToShowTheScreen(t *testing.T) {
	var said []ShareAnswer
	m := remoteModel(t, 80, 24, Options{Remote: &Remote{OnShare: func(a ShareAnswer) { said = append(said, a) }}})
	sendStep(t, m, 1)
	press(m, "enter")
	m.Update(ShareAsk{ID: 1})
	assert.Contains(t, screen(m), sharePrompt)
	press(m, "y")
	require.Equal(t, []ShareAnswer{{ID: 1, Shown: true}}, said)
	s := screen(m)
	assert.Contains(t, s, "Step 1 of 13", "the step stays")
	assert.Contains(t, s, shareShownNote)
	assert.Contains(t, strings.Split(s, "\n")[0], shareMark, "the step's title line says it, as the explorer's")
	assert.Equal(t, 1, m.SharedAsk())
	press(m, "ctrl+x")
	assert.Equal(t, []ShareAnswer{{ID: 1, Shown: true}, {ID: 1}}, said)
	assert.Contains(t, screen(m), shareStopped)
	assert.Contains(t, screen(m), "Step 1 of 13")
	assert.NotContains(t, screen(m), shareMark)
	// The step's help says what q does there.
	press(m, "?")
	assert.Contains(t, screen(m), "q        your list")
	assert.NotContains(t, screen(m), "q        quit")
}

// A step sent while the attendee is on it already (they went on to it
// from the one before) leaves them there, with nothing to answer.
func TestTheStepOnScreenIsNotAskedAgain(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{})
	st, doc := sendStep(t, m, 2)
	press(m, "enter")
	typeText(m, "12.39")
	press(m, "enter")
	require.Contains(t, screen(m), "✓ Right")
	m.Update(Offer{Doc: doc, Settings: st.Opens, Step: 2})
	s := screen(m)
	assert.Contains(t, s, "Step 2 of 13")
	assert.NotContains(t, s, "the instructor sent step 2")
	assert.Nil(t, m.offer)
}

// A keyless attendee's help (?) says again the ssh line that brings
// their list back: the welcome that said it goes with the next news.
// The help still fits 80×24 in every view.
func TestHelpSaysTheLineBack(t *testing.T) {
	const back = "ssh -p 24801 dee-2+q5jggct2@192.168.100.200"
	for i, r := range views.All {
		m := remoteModel(t, 80, 24, Options{Remote: &Remote{Back: back}})
		press(m, fKey(r), "?")
		require.Equal(t, i, m.active)
		if r.Name == "explorer" {
			// Its keys fill the first page: the line is on the second.
			press(m, "?")
		}
		s := screen(m)
		assert.Contains(t, strings.Join(strings.Fields(s), " "), "Your list comes back with "+back, r.Name)
		assert.NotContains(t, strings.Split(s, "\n")[23], "lines ", "%s: the help scrolls", r.Name)
	}
	m := remoteModel(t, 80, 24, Options{})
	press(m, "?")
	assert.NotContains(t, screen(m), "Your list comes back", "a key brings them back")
}

// At 60 columns the offer's footer keeps what the offer is and both its
// answers, enter and esc, help and quit giving way: the status line may
// hold the welcome, cut before the news.
func TestOfferFooterKeepsBothAnswers(t *testing.T) {
	m := remoteModel(t, 60, 20, Options{})
	sendStep(t, m, 1)
	assert.Equal(t, "step 1 from the instructor: enter open it • esc keep yours", strings.TrimSpace(lastLine(m)))
	m = remoteModel(t, 80, 24, Options{})
	sendStep(t, m, 1)
	assert.Contains(t, lastLine(m), "step 1 from the instructor: enter open it • esc keep yours • ? help • q quit")
}

// sendStep sends m step n of the guided path as the instructor's F1
// does, and returns the step and its list.
func sendStep(t *testing.T, m tea.Model, n int) (learn.Step, *listio.Document) {
	t.Helper()
	st, err := learn.At(n)
	require.NoError(t, err)
	doc, err := st.Doc()
	require.NoError(t, err)
	m.Update(Offer{Doc: doc, Settings: st.Opens, Step: n})
	return st, doc
}
