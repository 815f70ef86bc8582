package webterm

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// Browser starts Debian's Chromium headless on a page of srv, with the
// flags this machine's closed network needs, and collects what the
// page's console says (a Content-Security-Policy refusal among them).
func Browser(t *testing.T) (ctx context.Context, console func() []string) {
	t.Helper()
	testenv.Slow(t)
	bin := testenv.Tool(t, "chromium", "chromium")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1000, 700),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelC := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	require.NoError(t, chromedp.Do(ctx), "starting chromium")
	var mu sync.Mutex
	var lines []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			mu.Lock()
			lines = append(lines, m.String())
			mu.Unlock()
		}
	}()
	return ctx, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), lines...)
	}
}

// Type presses the keys of s as a person does: each key down and up.
// chromedp.KeyEvent also sends the char event that a real keyboard sends
// only when the page lets the key down through; xterm.js stops it, so a
// char event on top types every key twice.
func Type(s string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, r := range s {
			for _, k := range kb.Encode(r) {
				if k.Type == kb.KeyChar {
					continue
				}
				if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, *k); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// screenText is what the terminal shows, row by row.
func screenText(ctx context.Context) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](
		`Array.from(document.querySelectorAll(".xterm-rows > div")).map(d => d.textContent).join("\n")`))
}

func waitScreen(t *testing.T, ctx context.Context, want string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		var err error
		s, err = screenText(ctx)
		require.NoError(t, err)
		if strings.Contains(s, want) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the terminal never showed %q; it shows:\n%s", want, s)
	return s
}

// In a real browser: the page joins with a name and passphrase (a wrong
// one first), the terminal shows what the program writes, keys typed
// reach it, and the page's own policy refuses nothing it needs.
func TestInRealBrowser(t *testing.T) {
	ctx, console := Browser(t)
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
	require.NoError(t, chromedp.Do(ctx, Type("hello\r")))
	waitScreen(t, ctx, "HELLO")
	resume, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`localStorage.getItem("ndcg-explorer resume "+location.host+"/QX7K")`))
	require.NoError(t, err)
	assert.Equal(t, "R1", resume, "the page keeps the resume code that brings the attendee back")

	for _, line := range console() {
		assert.NotContains(t, line, "Content Security Policy", "the page's policy refused something it uses")
	}
}
