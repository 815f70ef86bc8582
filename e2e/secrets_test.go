package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/browsertest"
	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// TestServeNeverLogsACode: a class's day with OpenSSH, every natural
// mistake made with a resume code in the user name (the take-home line
// while still connected, a typo of it, a command, ssh -T, a full room,
// the code mistyped by a letter), and another attendee in the room. The
// attendee reads their own line back; serve's log (the dashboard's
// status, the projected screen) and the other attendee's screen never
// show the code, nor seven of its eight letters.
func TestServeNeverLogsACode(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	s := startServe(t, bin, "--max-sessions", "2")
	ada, _ := sshIn(t, s, 100, 30, "ada", noKey)
	code := codeOn(t, ada, "ada")
	user := "ada+" + code
	bob, _ := sshIn(t, s, 100, 30, "bob", noKey)
	bob.waitFor("NDCG@")

	try := func(flags []string, command ...string) string {
		t.Helper()
		x, status := sshIn(t, s, 200, 24, user, append(noKey, flags...), command...)
		waitForExit(t, x, status)
		return x.screen()
	}
	assert.Contains(t, try(nil, "report"), "ada is still in the explorer")
	assert.Contains(t, try(nil, "reprot"), user, "the attendee reads their own line back")
	try(nil, "ls")
	assert.Contains(t, try([]string{"-T"}), "needs a terminal")
	assert.Contains(t, try(nil), "the room is full")

	ada.run("kill-server")
	s.waitLog(t, "ada left")
	try(nil, "ls")
	typo, _ := sshIn(t, s, 100, 30, "ada+"+code[:7], noKey)
	typo.waitFor("no list kept for that code")
	log := s.waitLog(t, "ada-2 joined")

	assert.Contains(t, log, "refused ada+…@127.0.0.1")
	for _, l := range strings.Split(log, "\n") {
		assert.NotContains(t, strings.ToLower(l), code[:7], "serve logged ada's code: %q", l)
	}
	assert.NotContains(t, bob.screen(), code[:7])
}

// TestServeThrottleNeverRefusesTheRoom: a classroom behind one address
// (127.0.0.1), one student scripting wrong passphrases with sshpass, many
// at once: past the budget each waits in turn and OpenSSH prints why;
// meanwhile the others type the right passphrase and get in at once.
func TestServeThrottleNeverRefusesTheRoom(t *testing.T) {
	t.Parallel()
	needSSH(t)
	sshpass := testenv.Tool(t, "sshpass", "sshpass")
	bin := build(t)
	pass := filepath.Join(t.TempDir(), "passphrase")
	require.NoError(t, os.WriteFile(pass, []byte("ndcg at five\n"), 0o600))
	s := startServe(t, bin, "--passphrase-file", pass, "--fail-budget", "5")

	attempt := func(passphrase string, command ...string) (string, time.Duration, error) {
		// (LogLevel INFO, not sshOptions' ERROR: ssh prints the server's
		// banners at INFO.)
		args := []string{"-p", passphrase, "ssh", "-p", s.port, "-o", "LogLevel=INFO", "-o", "StrictHostKeyChecking=no",
			"-o", "UserKnownHostsFile=/dev/null", "-F", "/dev/null"}
		args = append(args, "-o", "NumberOfPasswordPrompts=1", "-o", "PreferredAuthentications=password", "mallory@127.0.0.1")
		t0 := time.Now()
		out, err := exec.Command(sshpass, append(args, command...)...).CombinedOutput()
		return string(out), time.Since(t0), err
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var said []string
	for range 6 {
		wg.Go(func() {
			out, _, err := attempt("guess")
			assert.Error(t, err)
			mu.Lock()
			said = append(said, out)
			mu.Unlock()
		})
	}
	s.waitLog(t, "127.0.0.1: 5 failed attempts")
	for i := range 3 {
		out, took, _ := attempt("ndcg at five", "report")
		assert.Contains(t, out, "no list kept for mallory", "attempt %d got in", i)
		assert.Less(t, took, 5*time.Second, "the right passphrase waited")
	}
	wg.Wait()
	assert.Contains(t, strings.Join(said, "\n"), "The right passphrase gets in at once")
}

// TestServeSharedLabBrowser: one Chromium, as on a lab machine, two
// students in turn. The second finds nothing of the first's filled in:
// "I am someone else" joins them on a new list. The first, on another
// browser, comes back to their list with the code their first screen
// showed, typed after their name; serve's log never shows it.
func TestServeSharedLabBrowser(t *testing.T) {
	ctx, _ := browsertest.Start(t, 1000, 640)
	bin := build(t)
	dir := t.TempDir()
	addr, _ := freeAddr(t)
	logPath := filepath.Join(dir, "serve.log")
	logFile, err := os.Create(logPath)
	require.NoError(t, err)
	cmd := exec.Command(bin, "serve", "--listen", "none", "--web", addr, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5",
		"--host-key", filepath.Join(dir, "key"), "--state-dir", filepath.Join(dir, "state"))
	cmd.Stdout, cmd.Stderr = logFile, logFile
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
		logFile.Close()
	})
	s := server{log: logPath, proc: cmd.Process}
	banner := s.waitLog(t, "in a browser")
	url := "http://" + addr + "/" + strings.SplitN(strings.SplitN(banner, "http://"+addr+"/", 2)[1], " ", 2)[0]

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "stud1"), chromedp.Click(chromedp.ID("go")),
		chromedp.WaitNotVisible(chromedp.ID("join"))))
	browsertest.WaitScreen(t, ctx, "your code: ")
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.parse(localStorage.getItem("ndcg-explorer resume "+location.host+location.pathname)).code`))
	require.NoError(t, err)
	code := kept
	require.Len(t, code, 8)
	require.NoError(t, chromedp.Do(ctx, browsertest.Type("0")))
	browsertest.WaitScreen(t, ctx, "NDCG@5 = 0.6612")
	s.waitLog(t, "stud1 joined")

	// The next student, same browser.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("someone-else"))))
	filled, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("name").value`))
	require.NoError(t, err)
	assert.Empty(t, filled)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("someone-else")), chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "stud2"), chromedp.Click(chromedp.ID("go")),
		chromedp.WaitNotVisible(chromedp.ID("join"))))
	second := browsertest.WaitScreen(t, ctx, "NDCG@5 = 0.9724")
	assert.NotContains(t, second, "welcome back")
	s.waitLog(t, "stud2 joined")

	// stud1 on another browser, their code after their name.
	other, _ := browsertest.Start(t, 1000, 640)
	require.NoError(t, chromedp.Do(other,
		chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("name")),
		chromedp.SendKeys(chromedp.ID("name"), "stud1+"+code), chromedp.Click(chromedp.ID("go")),
		chromedp.WaitNotVisible(chromedp.ID("join"))))
	browsertest.WaitScreen(t, other, "NDCG@5 = 0.6612")
	browsertest.WaitScreen(t, other, "welcome back")
	log := s.waitLog(t, "stud1 is back")
	assert.NotContains(t, log, code)
}

// TestServeDashboardNeverShowsACode: the same mistakes with a resume
// code, seen on the instructor's dashboard (the projector) screen by
// screen, then its room view and the rounds' export: no screen and no
// exported file holds the code.
func TestServeDashboardNeverShowsACode(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	addr, port := freeAddr(t)
	state := filepath.Join(t.TempDir(), "state")
	teacher, _, _ := dashboard(t, bin, addr, "--max-sessions", "2", "--seed", "7", "--host-key", filepath.Join(t.TempDir(), "key"), "--state-dir", state)
	s := server{port: port}
	ada, _ := sshIn(t, s, 100, 30, "ada", noKey)
	code := codeOn(t, ada, "ada")
	user := "ada+" + code
	var screens []string
	see := func(want string) {
		t.Helper()
		screens = append(screens, teacher.waitFor(want))
	}
	see("ada joined")
	teacher.keys("F3")
	ada.waitFor("Quiz · round 1 · your answers: 0 of 0 right")
	ada.waitFor("score 0.6 0.5 0.4 │ 0.3 0.3 0.3")
	ada.keys("0.55", "Enter")
	ada.waitFor("answer sent to the instructor")
	see("answered 1 of 1")
	teacher.keys("F4")
	for _, c := range []struct {
		flags   []string
		command []string
		want    string
	}{
		{nil, []string{"report"}, "ada is still in the explorer"},
		{nil, []string{"reprot"}, "not commands"},
		{[]string{"-T"}, nil, "needs a terminal"},
	} {
		x, status := sshIn(t, s, 200, 24, user, append(noKey, c.flags...), c.command...)
		waitForExit(t, x, status)
		see(c.want)
	}
	teacher.keys("F7")
	see("ada")
	teacher.keys("F9")
	see("exported")
	exported := ""
	_ = filepath.Walk(state, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && filepath.Base(path) != "room.json" && !strings.HasSuffix(path, ".lock") {
			b, _ := os.ReadFile(path)
			exported += string(b)
		}
		return nil
	})
	assert.Contains(t, exported, "0.55", "the export holds ada's answer")
	for _, screen := range append(screens, exported) {
		assert.NotContains(t, strings.ToLower(screen), code[:7])
	}
}
