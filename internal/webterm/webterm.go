package webterm

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/ndcg-explorer/ndcg-explorer/internal/winsize"
)

//go:embed static
var static embed.FS

// Defaults for Config's limits.
const (
	// DefaultMaxMessage bounds one message from the browser: a paste of
	// a long list fits, a flood does not.
	DefaultMaxMessage = 64 << 10
	// DefaultJoinTimeout is how long a WebSocket may stay open before it
	// joins, as OpenSSH's LoginGraceTime bounds a login.
	DefaultJoinTimeout = 2 * time.Minute
	// DefaultSlowTimeout is how long a browser may leave its screen
	// unread, the queue full, before it is dropped.
	DefaultSlowTimeout = 15 * time.Second
	// MaxCols and MaxRows bound the window a browser may claim: the
	// most any screen of the program draws (winsize).
	MaxCols = winsize.MaxWidth
	MaxRows = winsize.MaxHeight
)

// JoinRequest is what the page sends to join: the name typed, the
// passphrase when the room has one, and the resume code a returning
// browser kept, with the terminal's size and the address it came from.
type JoinRequest struct {
	Name       string `json:"name"`
	Passphrase string `json:"passphrase"`
	Resume     string `json:"resume"`
	Cols       int    `json:"cols"`
	Rows       int    `json:"rows"`
	// Addr is the remote address (host only), filled in by the server.
	Addr string `json:"-"`
	// Tell shows the page a line while Join waits (the throttle's
	// reason), filled in by the server.
	Tell func(string) `json:"-"`
}

// Refusal is an error Join returns to refuse a browser, with the words
// the page shows; Failure marks a wrong passphrase, which the throttle
// counts against the address.
type Refusal struct {
	Message string
	Failure bool
}

func (r *Refusal) Error() string { return r.Message }

// Joined is what Join hands back: the program to run for this browser,
// and what the page keeps (the name shown, the resume code that brings
// the same attendee back).
type Joined struct {
	Name   string
	Resume string
	Run    func(t *Term)
}

// Config is what a Handler serves.
type Config struct {
	// Title names the page (the workshop's name).
	Title string
	// Room is the short code in the page's address, /CODE: the
	// address the instructor puts on a slide. Empty serves the page at /.
	Room string
	// Passphrase tells the page to ask for one.
	Passphrase bool
	// Join decides whether a browser joins, and what runs for it.
	Join func(ctx context.Context, req JoinRequest) (Joined, error)
	// Throttle counts failed joins by address (nil: none are counted).
	Throttle Throttle
	// Limits; zero means the default.
	MaxMessage  int64
	JoinTimeout time.Duration
	SlowTimeout time.Duration
	// Log, when set, is told of each refusal and throttling, once.
	Log func(format string, args ...any)
	// Hosts are the names, besides IP addresses, localhost and this
	// machine's own name, that a request's Host header may give (a
	// certificate's names). Any other is refused: a page on another
	// site whose name the attacker points at this address (DNS
	// rebinding) would otherwise be this page's origin.
	Hosts []string
}

// Throttle is what slows down guessing: Failed counts a failure and may
// wait before the answer goes back, which the page waits for, calling
// tell first with what the page shows of why. It never refuses: behind
// one address a whole classroom joins. serve passes the one throttle
// its SSH logins use, so that a guess costs the same by either door.
type Throttle interface {
	Failed(addr string, tell func(string))
}

// noThrottle counts nothing.
type noThrottle struct{}

func (noThrottle) Failed(string, func(string)) {}

// Handler serves the page, its assets and its WebSocket.
type Handler struct {
	cfg   Config
	page  *template.Template
	mux   *http.ServeMux
	hosts map[string]bool
}

// New makes a Handler for cfg.
func New(cfg Config) *Handler {
	if cfg.MaxMessage <= 0 {
		cfg.MaxMessage = DefaultMaxMessage
	}
	if cfg.JoinTimeout <= 0 {
		cfg.JoinTimeout = DefaultJoinTimeout
	}
	if cfg.SlowTimeout <= 0 {
		cfg.SlowTimeout = DefaultSlowTimeout
	}
	if cfg.Throttle == nil {
		cfg.Throttle = noThrottle{}
	}
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	h := &Handler{cfg: cfg, mux: http.NewServeMux(), hosts: map[string]bool{"localhost": true}}
	if name, err := os.Hostname(); err == nil {
		h.hosts[strings.ToLower(name)] = true
		h.hosts[strings.ToLower(name)+".local"] = true
	}
	for _, n := range cfg.Hosts {
		h.hosts[strings.ToLower(strings.TrimSuffix(n, "."))] = true
	}
	h.page = template.Must(template.ParseFS(static, "static/index.html"))
	assets, _ := fs.Sub(static, "static")
	files := http.FileServerFS(assets)
	// The page's own files, by name: not its template, and no listing
	// of a directory.
	h.mux.HandleFunc("GET /assets/{file...}", func(w http.ResponseWriter, r *http.Request) {
		if !assetFiles[r.PathValue("file")] {
			h.noRoom(w, http.StatusNotFound)
			return
		}
		http.StripPrefix("/assets/", files).ServeHTTP(w, r)
	})
	h.mux.HandleFunc("GET /ws", h.socket)
	h.mux.HandleFunc("GET /{$}", h.index)
	h.mux.HandleFunc("GET /{code}", func(w http.ResponseWriter, r *http.Request) {
		code := r.PathValue("code")
		switch {
		case cfg.Room != "" && code == cfg.Room:
			h.index(w, r)
		case cfg.Room != "" && strings.EqualFold(code, cfg.Room):
			// The code copied from a slide in the wrong case: the room.
			http.Redirect(w, r, "/"+cfg.Room, http.StatusPermanentRedirect)
		default:
			h.noRoom(w, http.StatusNotFound)
		}
	})
	return h
}

// assetFiles are the files the page loads from /assets/.
var assetFiles = map[string]bool{
	"app.js": true, "app.css": true, "vendor/xterm.js": true, "vendor/xterm.css": true, "vendor/addon-fit.js": true,
}

// noRoom serves the page that asks for the room's address, with status.
func (h *Handler) noRoom(w http.ResponseWriter, status int) {
	h.render(w, status, false)
}

// hostAllowed says whether a request's Host header names this server:
// an IP address, or a name of Config.Hosts' kind.
func (h *Handler) hostAllowed(hostport string) bool {
	host := hostport
	if hh, _, err := net.SplitHostPort(hostport); err == nil {
		host = hh
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	return h.hosts[host]
}

// ServeHTTP sets the headers every response carries, then routes.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Cache-Control", "no-store")
	if !h.hostAllowed(r.Host) {
		h.cfg.Log("web: %s: refused a request for the host %q (not this server's address)", remoteHost(r), r.Host)
		http.Error(w, "this page answers only at its own address: open the one your instructor gave", http.StatusMisdirectedRequest)
		return
	}
	h.mux.ServeHTTP(w, r)
}

// policy is the page's Content-Security-Policy: its own scripts, its own
// styles and those carrying the nonce, its own WebSocket, nothing else.
func policy(nonce string) string {
	return strings.Join([]string{
		"default-src 'none'",
		"script-src 'self'",
		"style-src 'self' 'nonce-" + nonce + "'",
		"connect-src 'self'",
		"img-src 'self' data:",
		"base-uri 'none'",
		"form-action 'none'",
		"frame-ancestors 'none'",
	}, "; ")
}

// index serves the page: at / when the room has no code, else only at
// /CODE, and at / a page that asks for the room's address.
func (h *Handler) index(w http.ResponseWriter, r *http.Request) {
	h.render(w, http.StatusOK, h.cfg.Room == "" || r.URL.Path == "/"+h.cfg.Room)
}

// render serves the page with status: the room's, or (inRoom false) the
// one that asks for its address.
func (h *Handler) render(w http.ResponseWriter, status int, inRoom bool) {
	var b [16]byte
	_, _ = rand.Read(b[:])
	nonce := base64.RawURLEncoding.EncodeToString(b[:])
	w.Header().Set("Content-Security-Policy", policy(nonce))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = h.page.Execute(w, map[string]any{
		"Title":      h.cfg.Title,
		"Nonce":      nonce,
		"InRoom":     inRoom,
		"Passphrase": h.cfg.Passphrase,
		"Room":       h.cfg.Room,
	})
}

// control is a JSON message on the socket, either way.
type control struct {
	Type    string `json:"type"`
	Message string `json:"message,omitempty"`
	Name    string `json:"name,omitempty"`
	Resume  string `json:"resume,omitempty"`
	Cols    int    `json:"cols,omitempty"`
	Rows    int    `json:"rows,omitempty"`
	File    string `json:"file,omitempty"`
	Data    string `json:"data,omitempty"`
	Mime    string `json:"mime,omitempty"`
}

// socket accepts a WebSocket from the page's own origin, waits for its
// join, and runs what Join hands back on a Term over it.
func (h *Handler) socket(w http.ResponseWriter, r *http.Request) {
	addr := remoteHost(r)
	if room := r.URL.Query().Get("room"); h.cfg.Room != "" && room != h.cfg.Room {
		http.Error(w, "no such room: ask your instructor for the room's address", http.StatusNotFound)
		return
	}
	// Accept checks that the Origin header names this host: a page on
	// another site cannot join for a visitor.
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		h.cfg.Log("web: %s: refused a WebSocket: %v", addr, err)
		return
	}
	defer func() { _ = c.CloseNow() }()
	c.SetReadLimit(h.cfg.MaxMessage)

	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	req, joined, ok := h.join(ctx, c, addr)
	if !ok {
		return
	}
	t := newTerm(ctx, c, clampSize(req.Cols, req.Rows), h.cfg.SlowTimeout)
	defer t.close()
	_ = writeControl(ctx, c, control{Type: "joined", Name: joined.Name, Resume: joined.Resume})
	go t.readLoop(cancel)
	go t.writeLoop(cancel)
	joined.Run(t)
	t.finish()
}

// join reads joins until one is accepted, the address is throttled, or
// JoinTimeout passes.
func (h *Handler) join(ctx context.Context, c *websocket.Conn, addr string) (JoinRequest, Joined, bool) {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.JoinTimeout)
	defer cancel()
	for {
		typ, data, err := c.Read(ctx)
		if err != nil {
			return JoinRequest{}, Joined{}, false
		}
		var req JoinRequest
		if typ != websocket.MessageText || json.Unmarshal(data, &req) != nil {
			_ = c.Close(websocket.StatusUnsupportedData, "expected a join")
			return JoinRequest{}, Joined{}, false
		}
		req.Addr = addr
		req.Tell = func(msg string) { _ = writeControl(ctx, c, control{Type: "wait", Message: msg}) }
		joined, err := h.cfg.Join(ctx, req)
		if err == nil {
			return req, joined, true
		}
		var refusal *Refusal
		if errors.As(err, &refusal) && refusal.Failure {
			// The throttle's delay: the page waits for the answer, so
			// a guesser can try no faster than this; it says why.
			h.cfg.Throttle.Failed(addr, func(msg string) { _ = writeControl(ctx, c, control{Type: "wait", Message: msg}) })
		}
		if writeControl(ctx, c, control{Type: "refused", Message: err.Error()}) != nil {
			return JoinRequest{}, Joined{}, false
		}
	}
}

func writeControl(ctx context.Context, c *websocket.Conn, m control) error {
	b, _ := json.Marshal(m)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, b)
}

// remoteHost is the address the request came from, without its port.
func remoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// clampSize keeps a claimed window within MaxCols×MaxRows and at least
// one cell.
func clampSize(cols, rows int) [2]int {
	return [2]int{min(max(cols, 1), MaxCols), min(max(rows, 1), MaxRows)}
}
