package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"time"
)

// Banner is what serve prints at start: where to connect, the host
// key's fingerprint, and who gets in.
func (s *Server) Banner(addr net.Addr) []string {
	var lines []string
	if addr != nil {
		lines = s.sshBanner(addr)
	}
	if s.webAddr != nil {
		lines = append(lines, fmt.Sprintf("serving the room's page on %s: attendees without ssh open %s in a browser", s.webAddr, s.WebURL(s.webAddr)))
	}
	lines = append(lines, fmt.Sprintf("host key %s (%s)", s.fingerprint, s.cfg.HostKeyPath))
	if s.cfg.Passphrase == "" {
		lines = append(lines, "no passphrase: anyone who reaches the port gets in (--passphrase-file sets one)")
	} else {
		lines = append(lines, "passphrase required (from --passphrase-file)")
	}
	if s.cfg.StateDir != "" {
		lines = append(lines, fmt.Sprintf("the room is kept in %s (lists brought back: %d; serve --forget clears it)",
			filepath.Join(s.cfg.StateDir, StateFile), s.restored))
		lines = append(lines, s.StartNotes()...)
	} else {
		lines = append(lines, "the room is kept in memory only: lists not taken home go when serve stops")
	}
	lines = append(lines, fmt.Sprintf("at most %d sessions, idle ones closed after %s, %d items per list",
		s.cfg.MaxSessions, ShortDuration(s.cfg.IdleTimeout), s.cfg.MaxItems))
	return lines
}

// StartNotes are what the start found in the state directory that the
// instructor should know: a serve before that did not stop cleanly,
// and what of the room kept was set aside (load).
func (s *Server) StartNotes() []string {
	var lines []string
	if s.lock != nil && s.lock.stale != "" {
		lines = append(lines, "the last serve on it ("+s.lock.stale+") did not stop cleanly: the room is back as it last saved it")
	}
	for _, p := range s.setAside {
		lines = append(lines, "set aside from the room kept: "+p)
	}
	return lines
}

// sshBanner says where the SSH door is and what attendees type.
func (s *Server) sshBanner(addr net.Addr) []string {
	host, port, _ := net.SplitHostPort(addr.String())
	lines := []string{fmt.Sprintf("serving the explorer on %s", addr)}
	switch ip := net.ParseIP(host); {
	case ip != nil && ip.IsLoopback():
		lines = append(lines, fmt.Sprintf("only this machine can connect: ssh -p %s %s (use --listen :%s to open it to the room)", port, host, port))
	case ip != nil && ip.IsUnspecified():
		switch addrs := RoomAddresses(); len(addrs) {
		case 0:
			lines = append(lines, fmt.Sprintf("attendees type: ssh -p %s HOST (HOST: this machine's name or address on the room's network)", port))
		case 1:
			lines = append(lines, fmt.Sprintf("attendees type: ssh -p %s %s (this machine's address; its name works too)", port, addrs[0]))
		default:
			lines = append(lines, fmt.Sprintf("attendees type: ssh -p %s HOST (HOST: this machine's address on the room's network, one of %s)", port, strings.Join(addrs, ", ")))
		}
	default:
		lines = append(lines, fmt.Sprintf("attendees type: ssh -p %s %s", port, host))
	}
	return lines
}

// ConnectCommand is the ssh line attendees type to reach a server
// listening on addr: with this machine's address when it has one on a
// network, else HOST.
func ConnectCommand(addr net.Addr) string {
	host, port := roomHost(addr)
	return fmt.Sprintf("ssh -p %s %s", port, host)
}

// roomHost is the host and port attendees reach a server listening on
// addr by, for the ssh line and the page's address alike: on every
// interface, this machine's one address on a network, else HOST; an
// IPv6 address in brackets.
func roomHost(addr net.Addr) (host, port string) {
	host, port, _ = net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "HOST"
		if addrs := RoomAddresses(); len(addrs) == 1 {
			host = addrs[0]
		}
	} else if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return host, port
}

// interfaceAddrs lists this machine's addresses (a variable for tests).
var interfaceAddrs = net.InterfaceAddrs

// RoomAddresses are this machine's addresses that attendees on the
// room's network can reach it by: IPv4, neither loopback nor
// link-local. An instructor seldom knows their laptop's address.
func RoomAddresses() []string {
	as, err := interfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range as {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.To4() == nil || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() {
			continue
		}
		out = append(out, n.IP.String())
	}
	return out
}

// RunPlain serves with no dashboard, logging each event as a line on
// log, until ctx is done; then it closes every session.
func RunPlain(ctx context.Context, cfg Config, log io.Writer) error {
	logLine := func(line string) { fmt.Fprintf(log, "%s %s\n", time.Now().Format("15:04:05"), line) }
	cfg.Log = logLine
	s, ln, done, err := Start(cfg)
	if err != nil {
		return err
	}
	var sshAddr net.Addr
	if ln != nil {
		sshAddr = ln.Addr()
	}
	for _, l := range s.Banner(sshAddr) {
		logLine(l)
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	logLine("stopping: closing " + Plural(s.Room().Count(), "session"))
	s.StopBySignal()
	s.ShutdownWithGrace()
	if path, err := s.ExportRounds(cfg.StateDir, time.Now()); err != nil {
		logLine("cannot export the rounds: " + err.Error())
	} else if path != "" {
		logLine("the class's rounds are in " + path + " " + ExportedBeside)
	}
	logLine("stopped; " + s.StoppedLists())
	return <-done
}

// Start makes a server on cfg, opens its address and serves in the
// background; Serve's result arrives on done.
func Start(cfg Config) (s *Server, ln net.Listener, done chan error, err error) {
	if s, err = New(cfg); err != nil {
		return nil, nil, nil, err
	}
	done = make(chan error, 2)
	if !cfg.NoSSH {
		if ln, err = s.Listen(); err != nil {
			return nil, nil, nil, err
		}
	}
	if cfg.Web != "" {
		wl, err := s.ListenWeb()
		if err != nil {
			if ln != nil {
				_ = ln.Close()
			}
			return nil, nil, nil, err
		}
		s.webAddr = wl.Addr()
		go func() { done <- s.ServeWeb(wl) }()
	}
	if ln != nil {
		go func() { done <- s.Serve(ln) }()
	}
	s.noteListening(ln)
	return s, ln, done, nil
}

// ListenAddr is the SSH door's address, or the page's when there is no
// SSH door (--web with NoSSH): what the dashboard names the room by.
func ListenAddr(s *Server, ln net.Listener) net.Addr {
	if ln != nil {
		return ln.Addr()
	}
	return s.webAddr
}

// shutdownGrace is how long a stopping server lets the explorers end
// and their connections close before it closes them itself.
const shutdownGrace = 3 * time.Second

// ShutdownWithGrace shuts the server down, closing after shutdownGrace
// whatever has not ended by then.
func (s *Server) ShutdownWithGrace() {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	_ = s.Shutdown(ctx)
}

// ListsNotTaken says how many attendees' lists were not taken home.
func (s *Server) ListsNotTaken() string {
	n := s.room.NotTaken()
	if n == 1 {
		return "1 list not taken home"
	}
	return fmt.Sprintf("%d lists not taken home", n)
}

// WhereLists says what becomes of the lists when the server stops.
func (s *Server) WhereLists() string {
	if s.cfg.StateDir == "" {
		return "(the lists go too: no --state-dir)"
	}
	return "(every list is kept in " + s.cfg.StateDir + " for the next serve; each attendee is given their take-home lines)"
}

// StoppedLists is the stopped server's last word on the lists.
func (s *Server) StoppedLists() string {
	if s.cfg.StateDir == "" {
		return s.ListsNotTaken() + ", gone with the server"
	}
	return s.ListsNotTaken() + ", kept in " + filepath.Join(s.cfg.StateDir, StateFile) + " (ssh … report works when serve runs again on it)"
}

// noteListening writes in the state directory's lock where this server
// listens, for a second serve on it to name.
func (s *Server) noteListening(ln net.Listener) {
	if s.lock == nil {
		return
	}
	var where []string
	if ln != nil {
		where = append(where, "ssh "+ln.Addr().String())
	}
	if s.webAddr != nil {
		where = append(where, "page "+s.webAddr.String())
	}
	_ = s.lock.note(strings.Join(where, ", "))
}
