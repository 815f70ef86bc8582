package webterm

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/browsertest"
)

// In a real browser: the page joins with a name and passphrase (a wrong
// one first), the terminal shows what the program writes, keys typed
// reach it, and the page's own policy refuses nothing it needs.
func TestInRealBrowser(t *testing.T) {
	ctx, console := browsertest.Start(t, 1000, 700)
	srv := httptest.NewServer(New(Config{Title: "Tuesday's class", Room: "QX7K", Passphrase: true,
		Join: func(_ context.Context, req JoinRequest) (Joined, error) {
			if req.Passphrase != "swordfish" {
				return Joined{}, &Refusal{Message: "that passphrase is not this room's: ask your instructor", Failure: true}
			}
			return Joined{Name: req.Name, Resume: "R1", Run: echo}, nil
		}}))
	defer srv.Close()

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/QX7K"),
		chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "ada"),
		chromedp.SendKeys(chromedp.ID("passphrase"), "guess"),
		chromedp.Click(chromedp.ID("go")),
	))
	message, err := chromedp.Run(ctx, chromedp.Poll[string](
		`document.getElementById("message").textContent || null`, chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err)
	assert.Contains(t, message, "not this room's")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("passphrase"), "swordfish"),
		chromedp.Click(chromedp.ID("go")),
		chromedp.WaitNotVisible(chromedp.ID("join")),
	))
	require.NoError(t, chromedp.Do(ctx, browsertest.Type("hello\r")))
	browsertest.WaitScreen(t, ctx, "HELLO")
	resume, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`localStorage.getItem("ndcg-explorer resume "+location.host+"/QX7K")`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"name": "ada", "code": "R1"}`, resume, "the page keeps the resume code that brings the attendee back, with the name it came with")

	for _, line := range console() {
		assert.NotContains(t, line, "Content Security Policy", "the page's policy refused something it uses")
	}
}

// A lab's browser is shared. The page fills in nothing for the next
// person: it asks whether they are the one it last joined as, and "I am
// someone else" forgets that one's code, so it joins them afresh; the
// first, back on another browser, gives their code in its field, or
// after their name as the ssh line has it, which leaves the name field
// at once.
func TestSharedLabBrowser(t *testing.T) {
	ctx, console := browsertest.Start(t, 1000, 700)
	var mu sync.Mutex
	var reqs []JoinRequest
	srv := httptest.NewServer(New(Config{Room: "QX7K", Passphrase: true,
		Join: func(_ context.Context, req JoinRequest) (Joined, error) {
			mu.Lock()
			req.Tell = nil // (a func: no two are equal)
			reqs = append(reqs, req)
			mu.Unlock()
			if req.Passphrase != "swordfish" {
				return Joined{}, &Refusal{Message: "wrong passphrase", Failure: true}
			}
			return Joined{Name: req.Name, Resume: "code4" + req.Name, Run: echo}, nil
		}}))
	defer srv.Close()
	last := func() JoinRequest {
		mu.Lock()
		defer mu.Unlock()
		return reqs[len(reqs)-1]
	}
	// join opens the page, does fill, types the passphrase and presses
	// the button press names.
	join := func(press string, fill ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		actions := append([]chromedp.Action[chromedp.Void]{chromedp.Navigate(srv.URL + "/QX7K"), chromedp.WaitVisible(chromedp.ID("passphrase"))}, fill...)
		actions = append(actions, chromedp.SendKeys(chromedp.ID("passphrase"), "swordfish"), chromedp.Click(chromedp.ID(press)),
			chromedp.WaitNotVisible(chromedp.ID("join")))
		require.NoError(t, chromedp.Do(ctx, actions...))
	}

	// stud1 joins on a fresh browser, and leaves it.
	join("go", chromedp.WaitVisible(chromedp.ID("name")), chromedp.SendKeys(chromedp.ID("name"), "stud1"))
	assert.Equal(t, JoinRequest{Name: "stud1", Passphrase: "swordfish", Cols: last().Cols, Rows: last().Rows, Addr: "127.0.0.1"}, last())

	// stud2 sits down: nothing of stud1's is filled in or sent.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/QX7K"), chromedp.WaitVisible(chromedp.ID("someone-else"))))
	offered, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`document.getElementById("continue").textContent + " | name field: " + document.getElementById("name").value + (document.getElementById("name").offsetParent ? " (shown)" : " (hidden)")`))
	require.NoError(t, err)
	assert.Equal(t, "Continue as stud1 | name field:  (hidden)", offered)
	join("go", chromedp.Click(chromedp.ID("someone-else")), chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "stud2"))
	assert.Equal(t, "stud2", last().Name)
	assert.Empty(t, last().Resume, "stud1's code is not sent for stud2")

	// stud2 again, later: they say it is them.
	join("continue", chromedp.WaitVisible(chromedp.ID("continue")))
	assert.Equal(t, "stud2", last().Name)
	assert.Equal(t, "code4stud2", last().Resume)

	// stud1 on another browser: the code after the name, then in its field.
	require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`)))
	join("go", chromedp.WaitVisible(chromedp.ID("name")), chromedp.SendKeys(chromedp.ID("name"), "stud1+K7M2P9XQ"))
	assert.Equal(t, "stud1", last().Name)
	assert.Equal(t, "K7M2P9XQ", last().Resume)
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("name").value`))
	require.NoError(t, err)
	assert.Equal(t, "stud1", shown, "the code leaves the name field")
	require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`)))
	join("go", chromedp.WaitVisible(chromedp.ID("code")), chromedp.SendKeys(chromedp.ID("name"), "stud1"),
		chromedp.SendKeys(chromedp.ID("code"), "k7m2p9xq"))
	assert.Equal(t, "k7m2p9xq", last().Resume)

	for _, line := range console() {
		assert.NotContains(t, line, "Content Security Policy", "the page's policy refused something it uses")
	}
}

// A wrong passphrase past the throttle's budget waits; the page shows
// why on the form, in view, until the answer comes.
func TestPageSaysWhyItWaits(t *testing.T) {
	ctx, _ := browsertest.Start(t, 1000, 700)
	srv := httptest.NewServer(New(Config{Room: "QX7K", Passphrase: true,
		Throttle: &budget{delay: time.Second, budget: 0, left: map[string]int{}},
		Join: func(_ context.Context, req JoinRequest) (Joined, error) {
			return Joined{}, &Refusal{Message: "that passphrase is not this room's", Failure: true}
		}}))
	defer srv.Close()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/QX7K"),
		chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "ada"),
		chromedp.SendKeys(chromedp.ID("passphrase"), "guess"),
		chromedp.Click(chromedp.ID("go")),
	))
	shown, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(m => { const r = m.getBoundingClientRect(); return m.textContent.includes("this answer waits") && document.elementFromPoint(r.left + 2, r.top + 2) === m ? m.textContent : null })(document.getElementById("message"))`,
		chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err, "the reason is not shown, in view, while the answer waits")
	assert.Contains(t, shown, "too many wrong passphrases")
	_, err = chromedp.Run(ctx, chromedp.Poll[string](
		`(m => m.textContent.includes("not this room's") ? m.textContent : null)(document.getElementById("message"))`,
		chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err)
}
