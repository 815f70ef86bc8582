package webterm

import (
	"context"
	"net/http/httptest"
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
		chromedp.Click(chromedp.CSS("button")),
	))
	message, err := chromedp.Run(ctx, chromedp.Poll[string](
		`document.getElementById("message").textContent || null`, chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err)
	assert.Contains(t, message, "not this room's")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("passphrase"), "swordfish"),
		chromedp.Click(chromedp.CSS("button")),
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
