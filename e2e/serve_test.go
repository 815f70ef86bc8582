package e2e

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// needSSH skips t unless the slow tests are on, and needs tmux and the
// OpenSSH client.
func needSSH(t *testing.T) {
	t.Helper()
	needTmux(t)
	testenv.Tool(t, "ssh", "openssh-client")
}

// sshOptions make the client trust the test's fresh host key without
// asking, and write nothing to the user's known_hosts.
var sshOptions = []string{
	"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
	"-o", "BatchMode=no", "-F", "/dev/null",
}

// server runs `ndcg-explorer serve` on a free loopback port, without a
// terminal (so it logs plain lines), until the test ends.
type server struct {
	port, log string
	proc      *os.Process
}

func startServe(t *testing.T, bin string, args ...string) server {
	t.Helper()
	addr, port := freeAddr(t)
	dir := t.TempDir()
	logPath := filepath.Join(dir, "serve.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	base := []string{"serve", "--listen", addr, "--host-key", filepath.Join(dir, "key")}
	if !slices.Contains(args, "--state-dir") {
		// The room is kept apart from the user's own, test by test.
		base = append(base, "--state-dir", filepath.Join(dir, "state"))
	}
	cmd := exec.Command(bin, append(base, args...)...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
		logFile.Close()
	})
	s := server{port: port, log: logPath, proc: cmd.Process}
	s.waitLog(t, "serving the explorer on "+addr)
	return s
}

func (s server) waitLog(t *testing.T, want string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile(s.log)
		if bytes.Contains(b, []byte(want)) {
			return string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve never logged %q; it logged:\n%s", want, b)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sshIn runs ssh [flags] USER@127.0.0.1 [command] in a w×h tmux
// session, as an attendee types it; the exit status goes to the
// returned file.
func sshIn(t *testing.T, s server, w, h int, user string, flags []string, command ...string) (tmux, string) {
	t.Helper()
	dir := t.TempDir()
	x := tmux{t: t, socket: filepath.Join(dir, "tmux.sock")}
	status := filepath.Join(dir, "status")
	args := append([]string{"ssh", "-p", s.port}, sshOptions...)
	args = append(append(append(args, flags...), user+"@127.0.0.1"), command...)
	var quoted []string
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	script := strings.Join(quoted, " ") + "; echo EXIT=$? > " + shellQuote(status) + "; sleep 30"
	x.run("new-session", "-d", "-s", "e2e", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "-c", dir, "-e", "NO_COLOR=", script)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
	return x, status
}

// TestServeAsAnAttendee: the values asserted are NDCG@5 of grades
// 3,2,3,0,1 with linear gain (scikit-learn's ndcg_score gives
// 0.9723642841729145) and of 0,2,3,0,1 (0.6612358700743491), as in
// TestExplorerAsAPerson: over SSH the explorer shows what it shows
// locally.
func TestServeAsAnAttendee(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	s := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	log := s.waitLog(t, "host key SHA256:")
	if !strings.Contains(log, "no passphrase: anyone who reaches the port gets in") {
		t.Errorf("serve without --passphrase-file should say anyone gets in; it logged:\n%s", log)
	}

	x, status := sshIn(t, s, 80, 24, "alice", nil)
	x.waitFor("NDCG@5 = 0.9724")
	s.waitLog(t, "alice joined from 127.0.0.1")
	x.keys("0")
	x.waitFor("NDCG@5 = 0.6612")
	x.run("resize-window", "-t", "e2e", "-x", "100", "-y", "30")
	x.waitFor("NDCG@5 = 0.6612")
	x.fits(100)
	x.run("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
	x.waitFor("NDCG@5 = 0.6612")
	x.fits(80)
	x.keys("w")
	x.waitFor("copied the list (5 items, JSON) to your clipboard, if your terminal allows it\n")
	x.keys("q")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("ssh ended with %s, want EXIT=0", got)
	}
	s.waitLog(t, "alice left (0 in the room)")
}

// codeOn is the resume code the screen shows for name (NAME+CODE@).
func codeOn(t *testing.T, x tmux, name string) string {
	t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(name) + `\+([a-z2-9]{8})@`)
	deadline := time.Now().Add(10 * time.Second)
	for {
		screen := x.screen()
		if m := re.FindStringSubmatch(screen); m != nil {
			return m[1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no resume code for %s on the screen:\n%s", name, screen)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestServeReconnect: an attendee's terminal closes (ssh killed, as a
// laptop put to sleep drops its connection); the ssh line their first
// screen showed (with their resume code, as they have no key) brings
// back the list they edited (NDCG@5 0.6612, as above), still modified,
// while the same name without the code starts on the served one
// (0.9724). Quitting asks first, saying the server keeps the list.
func TestServeReconnect(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	s := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	x, _ := sshIn(t, s, 100, 30, "ada", noKey)
	x.waitFor("NDCG@5 = 0.9724")
	code := codeOn(t, x, "ada")
	x.waitFor("ssh -p " + s.port + " ada+" + code + "@127.0.0.1 brings you back to this list")
	x.keys("0")
	x.waitFor("NDCG@5 = 0.6612")
	x.run("kill-server")
	s.waitLog(t, "ada left (0 in the room)")

	imp, _ := sshIn(t, s, 80, 24, "ada", noKey)
	imp.waitFor("NDCG@5 = 0.9724")
	again, status := sshIn(t, s, 100, 30, "ada+"+code, noKey)
	again.waitFor("NDCG@5 = 0.6612")
	again.waitFor("welcome back: your list is as you left it")
	again.waitFor("[explorer] modified") // the edit was never copied
	s.waitLog(t, "ada is back, on the list they left with, from 127.0.0.1")
	again.keys("q")
	again.waitFor("Edits not copied; the server keeps your list (your key, or the ssh line")
	again.waitFor("w: copy it and quit · y: quit · esc: stay")
	again.answer("y")
	if got := waitForExit(t, again, status); got != "EXIT=0" {
		t.Fatalf("ssh ended with %s, want EXIT=0", got)
	}
}

// TestServeTakeTheListHome: an attendee who quits reads how to take
// their list home, and does it with the OpenSSH client alone,
// redirecting to a file as any shell does (the list edited to grades
// 0,2,3,0,1: NDCG@5 0.6612 with linear gain, as above).
func TestServeTakeTheListHome(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	s := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	x, status := sshIn(t, s, 100, 24, "ada", noKey)
	x.waitFor("NDCG@5 = 0.9724")
	code := codeOn(t, x, "ada")
	user := "ada+" + code
	x.keys("0")
	x.waitFor("NDCG@5 = 0.6612")
	x.keys("q")
	x.waitFor("Edits not copied")
	x.answer("y")
	if got := waitForExit(t, x, status); got != "EXIT=0" {
		t.Fatalf("ssh ended with %s, want EXIT=0", got)
	}
	screen := x.screen()
	for _, want := range []string{
		"ndcg-explorer: your list stays here until the workshop ends; to take it home:",
		"  ssh -p " + s.port + " " + user + "@127.0.0.1 report > ada.md   (the report, to read)",
		"  ssh -p " + s.port + " " + user + "@127.0.0.1 list > ada.json   (the list, for ndcg-explorer)",
	} {
		if !strings.Contains(screen, want+"\n") {
			t.Errorf("after quitting, the attendee should read the whole line %q; the screen:\n%s", want, screen)
		}
	}
	s.waitLog(t, "ada left (0 in the room)")

	dir := t.TempDir()
	for _, c := range []struct{ command, file, want string }{
		{"list", "ada.json", `"grade": 0`},
		{"report", "ada.md", "**NDCG@5** = 0.6612"},
	} {
		cmd := exec.Command("ssh", append(append(append([]string{"-p", s.port}, sshOptions...), noKey...), user+"@127.0.0.1", c.command)...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("ssh %s@127.0.0.1 %s: %v", user, c.command, err)
		}
		if err := os.WriteFile(filepath.Join(dir, c.file), out, 0o644); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), c.want) {
			t.Errorf("ssh ada@127.0.0.1 %s should print %q; it printed:\n%s", c.command, c.want, out)
		}
	}
	// The list taken home opens as it was left.
	out, err := exec.Command(bin, "report", filepath.Join(dir, "ada.json")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "NDCG@5 = 0.6612") {
		t.Errorf("report ada.json: %v\n%s", err, out)
	}
	s.waitLog(t, "ada took their list home (report)")
}

// TestServeAttendeeWords: over SSH the help says the save keys copy,
// the open dialog offers samples only, and stopping the server with
// SIGTERM (a restart: the room is kept) tells each attendee the room
// will be back, where it told them the workshop had ended (q on the
// dashboard says that: TestServeDashboard).
func TestServeAttendeeWords(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	s := startServe(t, bin, "--grades", "3,2,3,0,1")
	x, status := sshIn(t, s, 80, 24, "alice", nil)
	x.waitFor("NDCG@")
	x.keys("?")
	x.waitFor("w/^s/W copy list, report")
	x.keys("q", "o") // q closes the help (? turns to its second page)
	x.waitFor("over the network only the samples open: no paths")
	x.keys("Escape")
	if err := s.proc.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	x.waitForFlat("ndcg-explorer: the server is stopping; the room will be back, with your list, when it runs again.")
	waitForExit(t, x, status)
}

// TestServeRefuses: a command, a wrong passphrase and one session too
// many each get one line and a failing exit status.
func TestServeRefuses(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	pass := filepath.Join(t.TempDir(), "passphrase")
	if err := os.WriteFile(pass, []byte("ndcg at five\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, bin, "--passphrase-file", pass, "--max-sessions", "1")
	s.waitLog(t, "passphrase required")

	t.Run("command", func(t *testing.T) {
		x, status := sshIn(t, s, 200, 24, "bob", nil, "ls")
		x.waitFor("password:")
		x.keys("ndcg at five", "Enter")
		x.waitFor("ndcg-explorer: this server runs the explorer, not commands: connect with ssh -p " + s.port + " bob@127.0.0.1 and nothing after it")
		if got := waitForExit(t, x, status); got != "EXIT=1" {
			t.Fatalf("ssh HOST ls ended with %s, want EXIT=1", got)
		}
	})
	t.Run("wrong passphrase", func(t *testing.T) {
		x, status := sshIn(t, s, 100, 24, "bob", []string{"-o", "NumberOfPasswordPrompts=1", "-o", "PreferredAuthentications=password"})
		x.waitFor("password:")
		x.keys("ndcg at four", "Enter")
		x.waitFor("Permission denied")
		if got := waitForExit(t, x, status); got != "EXIT=255" {
			t.Fatalf("a wrong passphrase ended with %s, want EXIT=255 (ssh's own failure)", got)
		}
	})
	t.Run("room full", func(t *testing.T) {
		a, aStatus := sshIn(t, s, 80, 24, "alice", nil)
		a.waitFor("password:")
		a.keys("ndcg at five", "Enter")
		a.waitFor("NDCG@")
		x, status := sshIn(t, s, 100, 24, "bob", nil)
		x.waitFor("password:")
		x.keys("ndcg at five", "Enter")
		x.waitFor("ndcg-explorer: the room is full (1 session): tell the instructor (serve --max-sessions raises it)")
		if got := waitForExit(t, x, status); got != "EXIT=1" {
			t.Fatalf("the session after the last place ended with %s, want EXIT=1", got)
		}
		a.keys("q")
		if got := waitForExit(t, a, aStatus); got != "EXIT=0" {
			t.Fatalf("alice's session ended with %s, want EXIT=0", got)
		}
	})
}

// TestServeDashboard: the instructor runs serve on a terminal, edits
// their list (NDCG@5 0.9724 → 0.6612, as above) and sends it with F2;
// the attendee opens it with enter and takes it back with u. Quitting
// the dashboard with an attendee connected asks first.
func TestServeDashboard(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	addr, port := freeAddr(t)
	dir := t.TempDir()
	teacher := tmux{t: t, socket: filepath.Join(dir, "tmux.sock")}
	status := filepath.Join(dir, "status")
	state := filepath.Join(dir, "state")
	script := strings.Join([]string{shellQuote(bin), "serve", "--listen", addr, "--host-key", shellQuote(filepath.Join(dir, "key")),
		"--state-dir", shellQuote(state), "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5"}, " ") + "; echo EXIT=$? > " + shellQuote(status) + "; sleep 30"
	teacher.run("new-session", "-d", "-s", "e2e", "-x", "120", "-y", "30", "-c", dir, "-e", "NO_COLOR=", script)
	t.Cleanup(func() { exec.Command("tmux", "-S", teacher.socket, "kill-server").Run() })
	teacher.waitFor("ndcg-explorer serve · 0 connected · no passphrase · ssh -p " + port + " 127.0.0.1\n")
	teacher.waitFor("host key SHA256:")
	teacher.waitFor("F2 send list · F3 quiz round · F4 end round · F5 tally/explorer · F6 names")

	attendee, _ := sshIn(t, server{port: port}, 90, 28, "ada", nil)
	attendee.waitFor("NDCG@5 = 0.9724")
	teacher.waitFor("1 connected")

	teacher.keys("0")
	teacher.waitFor("NDCG@5 = 0.6612")
	teacher.keys("F2")
	teacher.waitFor("sent the list (5 items) and its conventions to 1 session")
	// (The footer names the keys; the status line's prompt follows the
	// attendee's welcome, which says what brings them back.)
	attendee.waitFor("list from the instructor: enter open it • esc keep yours")
	attendee.answer("Enter")
	attendee.waitFor("NDCG@5 = 0.6612")
	attendee.keys("u")
	attendee.waitFor("NDCG@5 = 0.9724")

	teacher.keys("q")
	teacher.waitFor("Unsaved edits") // the instructor's own explorer asks about its edit first
	teacher.answer("y")
	teacher.waitFor("1 attendee connected, 1 list not taken home: y stops serving (every list is kept in")
	teacher.answer("y") // read, then answered: a y in one go with the question does not stop the workshop
	if got := waitForExit(t, teacher, status); got != "EXIT=0" {
		t.Fatalf("serve ended with %s, want EXIT=0", got)
	}
	teacher.waitFor("ndcg-explorer serve: stopped; closed 1 session; 1 list not taken home, kept in")
	attendee.waitFor("ndcg-explorer: the instructor ended the workshop. Thank you for coming.")
	attendee.waitFor("ndcg-explorer: your list is kept for the next serve; then, to take it home:")
}

// freeAddr is a loopback address no one listens on, and its port, for a
// server started after: the port is free when it is handed out.
func freeAddr(t *testing.T) (addr, port string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = ln.Addr().String()
	ln.Close()
	_, port, _ = net.SplitHostPort(addr)
	return addr, port
}
