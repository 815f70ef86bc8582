// Package webterm puts a terminal program in a web page: the page the
// binary serves holds xterm.js (embedded, fetched by scripts/fetch-xterm
// and checked against the registry's integrity), which talks over one
// WebSocket to a Term on the server, where the program reads the keys
// typed and writes its screen, as it would over SSH. serve --web uses it
// so that attendees without an SSH client join the same room from a
// browser.
//
// # The page
//
// Nothing from the program's data reaches the page as HTML: the page is
// a fixed file, and everything the program shows goes through the
// terminal, which draws text. The Content-Security-Policy allows the
// page's own scripts and styles only, and no connection but its own
// WebSocket; the styles xterm.js makes at run time carry the response's
// nonce (app.js adds it), so no inline style from elsewhere is allowed.
//
// # The protocol
//
// One WebSocket per attendee, on the page's own origin (the Origin
// header must name the host the page came from). The browser's first
// message is a join (text, JSON: name, passphrase, resume code, size);
// the server answers joined or refused. After that, binary messages are
// bytes: typed keys from the browser, the screen from the server; text
// messages are JSON controls: resize from the browser, and from the
// server a file to offer for download, the end of the session.
//
// # Limits
//
// Every quantity a browser chooses is bounded: a message's size
// (MaxMessage), the time to join (JoinTimeout), the pace of failed joins
// from one address (the Throttle the server passes: serve's, which its
// SSH logins share; it slows, and never refuses the right passphrase,
// as a classroom behind one NAT is one address), the window's size
// (MaxCols×MaxRows), and a browser that stops reading its screen is
// dropped once SlowTimeout passes with its queue full, so it holds no
// more memory than the queue. Requests whose Host is not this server's
// (DNS rebinding) are refused, and /assets/ serves the page's files by
// name only.
//
// # A shared browser
//
// The page keeps the resume code it was given, with the name it joined
// as, and uses neither until the person at the keyboard says that name
// is theirs ("continue as NAME"); "I am someone else" forgets them. A
// code from another device goes in its own field, or after the name.
package webterm
