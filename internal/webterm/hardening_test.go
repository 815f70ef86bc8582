package webterm

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// get fetches path with the Host header host ("" leaves the server's),
// following no redirect.
func get(t *testing.T, url, host string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	if host != "" {
		req.Host = host
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(body)
}

// /assets/ serves the page's files by name: not the page's template
// (raw, with no Content-Security-Policy) and no directory listing.
func TestAssetsServeOnlyThePagesFiles(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{Room: "ABCD"})
	for _, path := range []string{"/assets/index.html", "/assets/vendor/", "/assets/", "/assets/vendor/SHA256SUMS", "/assets/../static/index.html"} {
		status, _, body := get(t, srv.URL+path, "")
		assert.NotEqual(t, http.StatusOK, status, path)
		assert.NotContains(t, body, "{{", path)
		assert.NotContains(t, body, "xterm.js</a>", path)
	}
	for _, path := range []string{"/assets/app.js", "/assets/vendor/xterm.js", "/assets/vendor/addon-fit.js", "/assets/app.css", "/assets/vendor/xterm.css"} {
		status, _, _ := get(t, srv.URL+path, "")
		assert.Equal(t, http.StatusOK, status, path)
	}
}

// A request whose Host names another site (a page that pointed its own
// name at this address: DNS rebinding) is refused; the server's address,
// localhost and a certificate's names are served.
func TestHostHeaderIsChecked(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{Room: "ABCD", Hosts: []string{"ndcg.example.org"}})
	for host, want := range map[string]int{
		"evil.example:8080": http.StatusMisdirectedRequest, "rebind.attacker.test": http.StatusMisdirectedRequest,
		"127.0.0.1:8080": http.StatusOK, "[::1]:8080": http.StatusOK, "localhost:8080": http.StatusOK,
		"192.168.1.20": http.StatusOK, "ndcg.example.org": http.StatusOK, "NDCG.example.org.:443": http.StatusOK,
	} {
		status, _, _ := get(t, srv.URL+"/ABCD", host)
		assert.Equal(t, want, status, host)
	}
	_, resp, err := dial(t, srv, "/ws?room=ABCD", http.Header{"Host": {"evil.example"}, "Origin": {"http://evil.example"}})
	require.Error(t, err)
	if resp != nil {
		assert.NotEqual(t, http.StatusSwitchingProtocols, resp.StatusCode)
	}
}

// A room code copied in the wrong case finds the room; any other path
// gets the page that asks for the room's address, not a bare 404.
func TestRoomCodeInTheWrongCase(t *testing.T) {
	t.Parallel()
	srv := room(t, Config{Room: "ABCD"})
	status, h, _ := get(t, srv.URL+"/abcd", "")
	assert.Equal(t, http.StatusPermanentRedirect, status)
	assert.Equal(t, "/ABCD", h.Get("Location"))
	status, h, body := get(t, srv.URL+"/nope", "")
	assert.Equal(t, http.StatusNotFound, status)
	assert.Contains(t, body, "No room here")
	assert.True(t, strings.HasPrefix(h.Get("Content-Security-Policy"), "default-src 'none'"))
}
