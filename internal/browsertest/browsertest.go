// Package browsertest drives Debian's Chromium, headless, for the tests
// of the room's page: it starts the browser with the flags this
// machine's closed network needs, types as a person does, and reads the
// terminal xterm.js draws. A test that uses it runs only with the slow
// tests turned on (testenv.Slow) and needs the chromium package.
package browsertest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// Start starts Chromium for t, in a window w×h pixels, and returns its
// context and what the page's console has said so far (a refusal of the
// page's Content-Security-Policy among it).
func Start(t *testing.T, w, h int) (ctx context.Context, console func() []string) {
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
		chromedp.WindowSize(w, h),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelC := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
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

// Screen is what the page's terminal shows, row by row.
func Screen(ctx context.Context) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](
		`Array.from(document.querySelectorAll(".xterm-rows > div")).map(d => d.textContent).join("\n")`))
}

// WaitScreen polls the terminal until it shows want.
func WaitScreen(t *testing.T, ctx context.Context, want string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		var err error
		if s, err = Screen(ctx); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(s, want) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the terminal never showed %q; it shows:\n%s", want, s)
	return s
}
