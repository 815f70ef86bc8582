package serve

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// startWebServer serves the room over SSH and its page on loopback ports
// for the test's length; it returns the page's address (host:port).
func startWebServer(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	cfg.Web = "127.0.0.1:0"
	s, _ := startServer(t, cfg)
	ln, err := s.ListenWeb()
	require.NoError(t, err)
	s.webAddr = ln.Addr()
	done := make(chan error, 1)
	go func() { done <- s.ServeWeb(ln) }()
	t.Cleanup(func() {
		_ = s.web.Close()
		<-done
	})
	return s, ln.Addr().String()
}

// browser is one attendee on the room's page, as its script talks to
// the server: a join, then typed bytes one way and the screen the other.
type browser struct {
	t    testing.TB
	conn *websocket.Conn

	mu       sync.Mutex
	out      bytes.Buffer
	controls []map[string]string
	// tap, when set, sees each screen message instead of out keeping it.
	tap func()
}

func (b *browser) Stamp(f func()) {
	b.mu.Lock()
	b.tap = f
	b.out.Reset()
	b.mu.Unlock()
}

func (b *browser) Close() { _ = b.conn.Close(websocket.StatusNormalClosure, "") }

func openPage(t testing.TB, addr, room string, h http.Header) (*browser, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws?room="+room, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 24)
	b := &browser{t: t, conn: c}
	t.Cleanup(func() { _ = c.CloseNow() })
	go b.read()
	return b, nil
}

func (b *browser) read() {
	for {
		typ, data, err := b.conn.Read(context.Background())
		if err != nil {
			return
		}
		b.mu.Lock()
		switch {
		case typ == websocket.MessageBinary && b.tap != nil:
			b.tap()
		case typ == websocket.MessageBinary:
			b.out.Write(data)
		default:
			var m map[string]string
			_ = json.Unmarshal(data, &m)
			b.controls = append(b.controls, m)
		}
		b.mu.Unlock()
	}
}

func (b *browser) join(name, passphrase, resume string) {
	b.t.Helper()
	msg, _ := json.Marshal(map[string]any{"name": name, "passphrase": passphrase, "resume": resume, "cols": 80, "rows": 24})
	require.NoError(b.t, b.conn.Write(context.Background(), websocket.MessageText, msg))
}

func (b *browser) Send(keys string) {
	b.t.Helper()
	if err := b.conn.Write(context.Background(), websocket.MessageBinary, []byte(keys)); err != nil {
		b.t.Errorf("typing %q: %v", keys, err)
	}
}

func (b *browser) Text() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return ansi.Strip(b.out.String())
}

func (b *browser) WaitFor(want string) {
	b.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(b.Text(), want) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.t.Fatalf("the page never showed %q; it shows %q", want, sshtest.LastBytes(b.Text(), 400))
}

// control waits for the page's control message of type typ (and file,
// for a download) and returns it.
func (b *browser) control(typ, file string) map[string]string {
	b.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		b.mu.Lock()
		for _, m := range b.controls {
			if m["type"] == typ && (file == "" || m["file"] == file) {
				b.mu.Unlock()
				return m
			}
		}
		b.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
	b.t.Fatalf("no %s %s message came; came %v", typ, file, b.controls)
	return nil
}

// A browser joins the room with a name and the passphrase, gets the
// same explorer an ssh session does (NDCG 0.9575 by hand in
// serve_test.go), edits it (0.9136 with rank 2 graded 0), and is on the
// dashboard's list of the room as joined from the web.
func TestWebAttendeeJoinsAndEdits(t *testing.T) {
	t.Parallel()
	s, addr := startWebServer(t, Config{Passphrase: "open sesame"})
	b, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	b.join("ada", "open sesame", "")
	joined := b.control("joined", "")
	assert.Equal(t, "ada", joined["name"])
	assert.True(t, wellFormedCode(joined["resume"]), "the page keeps a resume code: %q", joined["resume"])
	b.WaitFor(ndcgStart)
	b.Send("\x1b[B0")
	b.WaitFor(ndcgEdited)

	members := s.Room().Members()
	require.Len(t, members, 1)
	assert.Equal(t, "ada", members[0].Name)
	assert.Equal(t, ViaWeb, members[0].Via)
}

// The same browser, back with the resume code its page kept, finds the
// list it left with; quitting offers the list as a download, the JSON
// the explorer opens, with the edit in it.
func TestWebResumeAndTakeHome(t *testing.T) {
	t.Parallel()
	s, addr := startWebServer(t, Config{})
	b, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	b.join("ada", "", "")
	code := b.control("joined", "")["resume"]
	b.WaitFor(ndcgStart)
	b.Send("\x1b[B0")
	b.WaitFor(ndcgEdited)
	b.Send("q")
	// Edits not copied: the question, answered y.
	b.WaitFor("y")
	time.Sleep(400 * time.Millisecond) // a person's pause to read it
	b.Send("y")
	file := b.control("file", "ada.json")
	data, err := base64.StdEncoding.DecodeString(file["data"])
	require.NoError(t, err)
	doc, err := listio.ReadJSON("ada.json", data)
	require.NoError(t, err)
	assert.Equal(t, []float64{3, 0, 3, 0, 1}, gradesOf(doc))
	b.control("file", "ada.md")
	b.control("end", "")

	// Back with the code: the edited list, and a welcome that says so.
	emptied(t, s)
	b2, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	b2.join("ada", "", code)
	assert.Equal(t, code, b2.control("joined", "")["resume"])
	b2.WaitFor(ndcgEdited)
	b2.WaitFor("welcome back")

	// Another browser typing the same name is someone else, on a new list.
	b3, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	b3.join("ada", "", "")
	assert.Equal(t, "ada-2", b3.control("joined", "")["name"])
	b3.WaitFor(ndcgStart)
}

func gradesOf(doc *listio.Document) []float64 {
	var out []float64
	for _, it := range doc.List.Items {
		out = append(out, it.Grade)
	}
	return out
}

// A round the instructor runs reaches the browser, and its answer is
// counted in the tally as an ssh attendee's is. The question is seed
// 7's first list under the default conventions; its true NDCG is
// worked out by the engine and the answer typed to four decimals.
func TestWebQuizRoundIsCounted(t *testing.T) {
	t.Parallel()
	s, addr := startWebServer(t, Config{})
	b, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	b.join("ada", "", "")
	b.WaitFor(ndcgStart)
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	b.WaitFor("of this ranking?")
	r, err := ndcg.Compute(rd.Question.List, rd.Conventions())
	require.NoError(t, err)
	b.Send(fmt.Sprintf("%.4f\r", r.NDCG()))
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	s.Room().EndRound()
	tally := s.Room().Tally()
	assert.Equal(t, 1, tally.Right)

	// The report the browser offers on the way out carries the round,
	// as ssh … report does: before, it had none.
	b.WaitFor("the round is over")
	b.Send("q")
	file := b.control("file", "ada.md")
	data, err := base64.StdEncoding.DecodeString(file["data"])
	require.NoError(t, err)
	assert.Contains(t, string(data), fmt.Sprintf("## Your quiz rounds\n\n| round | question | your answer | NDCG@k | verdict | the mistake behind it |\n|---|---|---|---|---|---|\n"+
		"| 1 | seed 7, question 1 | %.4f | NDCG@3 = 0.8262 | right |  |\n", r.NDCG()))
}

// A page on another site cannot open the room's WebSocket for its
// visitor; a wrong room code finds no room.
func TestWebRefusesAnotherOriginAndAWrongCode(t *testing.T) {
	t.Parallel()
	s, addr := startWebServer(t, Config{})
	_, err := openPage(t, addr, s.webCode, http.Header{"Origin": {"https://elsewhere.example"}})
	require.Error(t, err)
	_, err = openPage(t, addr, "ZZZZ", nil)
	require.Error(t, err)
}

// Wrong passphrases from a browser count against the address as over
// ssh: past the budget each waits the penalty, the page told why before
// it waits, and the right passphrase still gets in at once from the
// same address (a classroom behind one NAT).
func TestWebWrongPassphrasesAreThrottled(t *testing.T) {
	t.Parallel()
	s, addr := startWebServer(t, Config{Passphrase: "open sesame", FailDelay: 20 * time.Millisecond, FailBudget: 3, Penalty: 300 * time.Millisecond})
	b, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	start := time.Now()
	for range 4 {
		b.join("x", "guess", "")
	}
	assert.Contains(t, b.control("wait", "")["message"], "this answer waits")
	require.Eventually(t, func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		n := 0
		for _, c := range b.controls {
			if c["type"] == "refused" {
				n++
			}
		}
		return n >= 4
	}, 10*time.Second, 10*time.Millisecond)
	assert.GreaterOrEqual(t, time.Since(start), 3*20*time.Millisecond+300*time.Millisecond, "each failure waits, the fourth the penalty")
	b2, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	t0 := time.Now()
	b2.join("x", "open sesame", "")
	b2.control("joined", "")
	assert.Less(t, time.Since(t0), 300*time.Millisecond, "the right passphrase does not wait")
	failures, slowed, worst, _ := s.throttle.counts()
	assert.Equal(t, 4, failures)
	assert.Equal(t, 1, slowed)
	assert.Equal(t, "127.0.0.1", worst)
}

// until resizes the page's terminal, which redraws the whole screen
// (a frame otherwise carries only the cells that changed), until what is
// drawn after it holds want; from any goroutine.
func (b *browser) until(want string, within time.Duration) error {
	deadline := time.Now().Add(within)
	for i := 0; time.Now().Before(deadline); i++ {
		b.mu.Lock()
		mark := b.out.Len()
		b.mu.Unlock()
		msg, _ := json.Marshal(map[string]any{"type": "resize", "cols": 90 + i%2, "rows": 24})
		if err := b.conn.Write(context.Background(), websocket.MessageText, msg); err != nil {
			return err
		}
		for wait := time.Now().Add(time.Second); time.Now().Before(wait); {
			b.mu.Lock()
			drawn := ansi.Strip(b.out.String()[mark:])
			b.mu.Unlock()
			if strings.Contains(drawn, want) {
				return nil
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return fmt.Errorf("after redraws, never saw %q; saw %q", want, sshtest.LastBytes(b.Text(), 300))
}

// TestHundredBrowsers is TestHundredSessions from the room's page: 100
// browsers at once, each typing its own edits, each seeing the NDCG of
// its own list (had the lists been shared, each would show the sum of
// everyone's edits), and the room empties when they leave.
func TestHundredBrowsers(t *testing.T) {
	testenv.Slow(t)
	s, addr := startWebServer(t, Config{})
	distinct := map[string]bool{}
	var wg sync.WaitGroup
	errs := make(chan error, loadSessions)
	for i := range loadSessions {
		keys, grades, _ := attendeeEdits(i)
		want := expectedNDCG(t, grades)
		distinct[want] = true
		wg.Go(func() {
			b, err := openPage(t, addr, s.webCode, nil)
			if err != nil {
				errs <- fmt.Errorf("browser %d: %w", i, err)
				return
			}
			b.join(fmt.Sprintf("attendee%d", i), "", "")
			if err := b.until(ndcgStart, time.Minute); err != nil {
				errs <- fmt.Errorf("browser %d: %w", i, err)
				return
			}
			b.Send(keys)
			if err := b.until(want, time.Minute); err != nil {
				errs <- fmt.Errorf("browser %d: %w", i, err)
			}
			b.Close()
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assert.Greater(t, len(distinct), 10, "the lists should end different")
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 20*time.Second, 20*time.Millisecond)
}

// A browser attendee's seat says they came by the page, for the
// dashboard's room view to say "page" where an ssh attendee's says key
// or code.
func TestRoomSaysWhoCameByThePage(t *testing.T) {
	t.Parallel()
	s, addr := startWebServer(t, Config{})
	b, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	b.join("ada", "", "")
	b.WaitFor(ndcgStart)
	seats := s.Room().Seats(time.Now())
	require.Len(t, seats, 1)
	assert.Equal(t, ViaWeb, seats[0].Via)
	assert.Equal(t, "explorer", seats[0].Where, "a browser attendee's view too")
}

// With --tls-cert and --tls-key the page and its WebSocket are served
// over https and wss: a browser that trusts the certificate joins, and
// plain http gets no page.
func TestWebOverTLS(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	pool := writeSelfSigned(t, certFile, keyFile)
	s, addr := startWebServer(t, Config{TLSCert: certFile, TLSKey: keyFile})
	assert.True(t, strings.HasPrefix(s.WebURL(s.webAddr), "https://"), s.WebURL(s.webAddr))
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := client.Get("https://" + addr + "/" + s.webCode)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'none'")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "wss://"+addr+"/ws?room="+s.webCode, &websocket.DialOptions{HTTPClient: client})
	require.NoError(t, err)
	b := &browser{t: t, conn: c}
	t.Cleanup(func() { _ = c.CloseNow() })
	go b.read()
	b.join("ada", "", "")
	b.WaitFor(ndcgStart)

	plain, err := http.Get("http://" + addr + "/" + s.webCode)
	if err == nil {
		plain.Body.Close()
		assert.NotEqual(t, http.StatusOK, plain.StatusCode, "plain http gets no page")
	}
}

// writeSelfSigned writes a certificate for 127.0.0.1 and its key, and
// returns a pool that trusts it.
func writeSelfSigned(t *testing.T, certFile, keyFile string) *x509.CertPool {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "ndcg-explorer test"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	keyDER, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600))
	require.NoError(t, os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600))
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return pool
}
