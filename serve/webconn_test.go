package serve

import (
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A client that opens far more connections than the room has places and
// leaves them idle holds no more than the cap: the oldest idle ones
// close as new ones come, and the page still loads for an attendee.
func TestWebConnectionsAreCapped(t *testing.T) {
	s, addr := startWebServer(t, Config{MaxSessions: 2})
	limit := 2*webConnsPerPlace + webConnsSpare
	var conns []net.Conn
	t.Cleanup(func() {
		for _, c := range conns {
			_ = c.Close()
		}
	})
	for range 3 * limit {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		conns = append(conns, c)
	}
	require.Eventually(t, func() bool { return s.webCap.open() <= limit }, 10*time.Second, 20*time.Millisecond,
		"open: %d, cap %d", s.webCap.open(), limit)
	resp, err := http.Get("http://" + addr + "/" + s.webCode)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), `id="join"`)
	assert.Equal(t, webIdleTimeout, s.web.IdleTimeout)
	assert.Equal(t, webReadTimeout, s.web.ReadTimeout)
	assert.Equal(t, webWriteTimeout, s.web.WriteTimeout)
}

// The http server's errors go to the room's log, not raw over the
// dashboard: plain http to the https page is a line of the log.
func TestWebErrorsGoToTheLog(t *testing.T) {
	var log logLines
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writeSelfSigned(t, certFile, keyFile)
	s, addr := startWebServer(t, Config{TLSCert: certFile, TLSKey: keyFile, Log: log.add})
	require.NotNil(t, s.web.ErrorLog)
	plain, err := http.Get("http://" + addr + "/" + s.webCode)
	if err == nil {
		plain.Body.Close()
	}
	require.Eventually(t, func() bool {
		return strings.Contains(strings.Join(log.all(), "\n"), "web: TLS handshake error")
	}, 10*time.Second, 20*time.Millisecond, "%q", log.all())
}

// The page's server checks the Host header: a DNS-rebinding page with a
// matching Origin gets no WebSocket and no page; a reverse proxy's name
// given with --web-host gets both.
func TestWebRefusesAnotherHost(t *testing.T) {
	s, addr := startWebServer(t, Config{WebHosts: []string{"workshop.example.org"}})
	for host, want := range map[string]int{
		"rebind.attacker.test:" + strings.Split(addr, ":")[1]: http.StatusMisdirectedRequest,
		"workshop.example.org":                                http.StatusOK,
	} {
		req, err := http.NewRequest(http.MethodGet, "http://"+addr+"/"+s.webCode, nil)
		require.NoError(t, err)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode, host)
	}
}

// A resume code that finds nothing, past the budget, waits its turn on
// the page as a wrong passphrase does, and the page is told why first.
func TestWebCodeGuessIsToldWhyItWaits(t *testing.T) {
	s, addr := startWebServer(t, Config{FailDelay: -1, FailBudget: 1, Penalty: 50 * time.Millisecond})
	for i, code := range []string{"abcdefgh", "bcdefghj"} {
		b, err := openPage(t, addr, s.webCode, nil)
		require.NoError(t, err)
		b.join("eve", "", code)
		b.control("joined", "")
		b.mu.Lock()
		var types []string
		for _, c := range b.controls {
			types = append(types, c["type"])
		}
		b.mu.Unlock()
		if i == 0 {
			assert.Equal(t, []string{"joined"}, types, "within the budget")
		} else {
			assert.Equal(t, []string{"wait", "joined"}, types, "past the budget")
		}
		b.Close()
	}
}

// open is how many connections the page's server holds.
func (c *connCap) open() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.order)
}
