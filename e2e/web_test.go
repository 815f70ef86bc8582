package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/browsertest"
)

// An attendee without ssh joins the room from Chromium: `serve --web`
// with its SSH door closed (--listen none) and a passphrase, the page's
// address read off serve's own log, a name and the passphrase typed into
// the page, then the explorer in the page's terminal. The numbers, by
// scikit-learn: ndcg_score([[7,1,0,7,3,0]], [[.92,.85,.71,.71,.4,.12]],
// k=3) = 0.7263 for the default sample, and with rank 1's grade set to 0
// (gains [[0,1,0,7,3,0]]) 0.2535. Quitting offers the list as a
// download. NDCG_WEB_SHOT=FILE keeps a screenshot of the page (the
// docs' image of it).
func TestJoinFromABrowser(t *testing.T) {
	ctx, console := browsertest.Start(t, 1000, 640)
	bin := build(t)
	dir := t.TempDir()
	pass := filepath.Join(dir, "pass.txt")
	require.NoError(t, os.WriteFile(pass, []byte("open sesame\n"), 0o600))
	addr, _ := freeAddr(t)
	logPath := filepath.Join(dir, "serve.log")
	logFile, err := os.Create(logPath)
	require.NoError(t, err)
	cmd := exec.Command(bin, "serve", "--listen", "none", "--web", addr, "--passphrase-file", pass,
		"--host-key", filepath.Join(dir, "key"), "--state-dir", filepath.Join(dir, "state"))
	cmd.Stdout, cmd.Stderr = logFile, logFile
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
		}
		logFile.Close()
	})
	s := server{log: logPath, proc: cmd.Process}
	banner := s.waitLog(t, "in a browser")
	url := regexp.MustCompile(`open (http://\S+) in a browser`).FindStringSubmatch(banner)
	require.NotNil(t, url, banner)
	assert.Contains(t, url[1], addr)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(url[1]),
		chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "ada"),
		chromedp.SendKeys(chromedp.ID("passphrase"), "open sesame"),
		chromedp.Click(chromedp.ID("go")),
		chromedp.WaitNotVisible(chromedp.ID("join")),
	))
	browsertest.WaitScreen(t, ctx, "NDCG@3 = 0.7263")
	s.waitLog(t, "ada joined from")
	require.NoError(t, chromedp.Do(ctx, browsertest.Type("0")))
	browsertest.WaitScreen(t, ctx, "NDCG@3 = 0.2535")
	if shot := os.Getenv("NDCG_WEB_SHOT"); shot != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(shot, png, 0o644))
	}

	// q, then y for the edits not copied: the list is offered as a file.
	require.NoError(t, chromedp.Do(ctx, browsertest.Type("q")))
	time.Sleep(500 * time.Millisecond) // a person's pause to read the question
	require.NoError(t, chromedp.Do(ctx, browsertest.Type("y")))
	links, err := chromedp.Run(ctx, chromedp.Poll[string](
		`document.querySelectorAll("#file a").length == 2 ? Array.from(document.querySelectorAll("#file a")).map(a => a.download).join(" ") : null`,
		chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err)
	assert.Equal(t, "ada.json ada.md", links)

	// On a phone held upright (390×760, touch), a second attendee gets
	// the explorer whole, in smaller type, not the too-small screen. (The
	// browser is ada's: the page asks whether they are her first.)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 760, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(url[1]),
		chromedp.Click(chromedp.ID("someone-else")),
		chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "bo"),
		chromedp.SendKeys(chromedp.ID("passphrase"), "open sesame"),
		chromedp.Click(chromedp.ID("go")),
		chromedp.WaitNotVisible(chromedp.ID("join")),
	))
	phone := browsertest.WaitScreen(t, ctx, "NDCG@3 = 0.7263")
	assert.NotContains(t, phone, "too small")
	if shot := os.Getenv("NDCG_WEB_PHONE_SHOT"); shot != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(shot, png, 0o644))
	}

	for _, line := range console() {
		assert.NotContains(t, line, "Content Security Policy", "the page's policy refused something it uses")
	}
}

// The instructor's dashboard (in tmux, as on their laptop) and an
// attendee in Chromium: F3 starts a quiz round, the question reaches the
// page, the answer typed there is counted on the dashboard, and F4 shows
// the attendee the working.
func TestBrowserAnswersTheDashboardsRound(t *testing.T) {
	ctx, _ := browsertest.Start(t, 1000, 640)
	addr, _ := freeAddr(t)
	x, _, _ := start(t, 120, 30, "serve", "--listen", "none", "--web", addr, "--seed", "7",
		"--host-key", "key", "--state-dir", "state")
	screen := x.waitFor(addr + "/")
	url := regexp.MustCompile(`http://` + regexp.QuoteMeta(addr) + `/[A-Z0-9]{4}`).FindString(screen)
	require.NotEmpty(t, url, screen)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "ada"),
		chromedp.Click(chromedp.ID("go")),
		chromedp.WaitNotVisible(chromedp.ID("join")),
	))
	browsertest.WaitScreen(t, ctx, "NDCG@3 = 0.7263")
	x.waitFor("1 connected")
	x.keys("F3")
	browsertest.WaitScreen(t, ctx, "of this ranking?")
	require.NoError(t, chromedp.Do(ctx, browsertest.Type("0.50\r")))
	x.waitFor("answered 1 of 1 connected")
	x.keys("F4")
	browsertest.WaitScreen(t, ctx, "NDCG@")
	browsertest.WaitScreen(t, ctx, "IDCG@")
}
