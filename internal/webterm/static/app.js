// The page's one script: a join form, then a terminal on a WebSocket.
// Everything the server shows is written into the terminal, which draws
// it as text; nothing from the server is ever put in the page as HTML.
(function () {
  "use strict";
  var nonce = document.querySelector('meta[name="style-nonce"]').content;
  // xterm.js makes <style> elements as it runs; the page's policy allows
  // only those that carry this response's nonce.
  var createElement = document.createElement.bind(document);
  document.createElement = function (tag, options) {
    var el = createElement(tag, options);
    if (String(tag).toLowerCase() === "style") { el.nonce = nonce; }
    return el;
  };

  var room = document.body.dataset.room || "";
  var form = document.getElementById("join");
  var message = document.getElementById("message");
  var box = document.getElementById("terminal");
  var fileBar = document.getElementById("file");
  var resumeKey = "ndcg-explorer resume " + location.host + "/" + room;
  var nameInput = document.getElementById("name");
  var codeInput = document.getElementById("code");
  var known = document.getElementById("known");
  var fresh = document.getElementById("fresh");
  var goButton = document.getElementById("go");
  // A lab's browser is shared: a name typed here before, and the code
  // that brings its list back, are someone else's until the person at
  // the keyboard says they are theirs. Nothing is filled in for them.
  localStorage.removeItem("ndcg-explorer name " + location.host + "/" + room); // kept by older pages
  var kept = null;
  try { kept = JSON.parse(localStorage.getItem(resumeKey) || "null"); } catch (e) { kept = null; }
  if (!kept || !kept.name || !kept.code) { kept = null; }
  var continuing = false;

  function showFresh() {
    known.hidden = true;
    fresh.hidden = false;
    goButton.hidden = false;
    nameInput.required = true;
  }
  if (kept) {
    document.getElementById("known-name").textContent = kept.name;
    document.getElementById("continue-name").textContent = kept.name;
    known.hidden = false;
    fresh.hidden = true;
    goButton.hidden = true;
    nameInput.required = false;
    document.getElementById("continue").addEventListener("click", function () { continuing = true; });
    document.getElementById("someone-else").addEventListener("click", function () {
      // Theirs stays theirs: this browser forgets it (their code brings
      // it back on any device).
      localStorage.removeItem(resumeKey);
      kept = null;
      showFresh();
      nameInput.focus();
    });
  } else {
    showFresh();
  }

  // A code is eight letters and digits; one typed after the name, as
  // the ssh line has it (ada+k7m2p9xq), is taken as the code.
  var codeAfterName = /^(.*)\+([A-Za-z0-9]{8})$/;

  var term = null, fit = null, ws = null, joined = false, ended = "", lastReq = null;

  function socketURL() {
    var u = new URL("/ws", location.href);
    u.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    if (room) { u.searchParams.set("room", room); }
    return u.toString();
  }

  function size() {
    if (!term) { return { cols: 80, rows: 24 }; }
    return { cols: term.cols, rows: term.rows };
  }

  // fontSize is what fits some 62 columns across the window, from 9 to
  // 15 pixels: a phone held upright shows the explorer whole, in small
  // type, rather than the screen that says it is too small.
  function fontSize() {
    return Math.max(9, Math.min(15, Math.floor(window.innerWidth / 62 / 0.6)));
  }

  function startTerminal() {
    box.hidden = false;
    box.classList.add("full");
    // convertEol: a program writes "\n" where a pty turns it into "\r\n".
    term = new Terminal({ cursorBlink: false, fontSize: fontSize(), scrollback: 0, allowProposedApi: false, convertEol: true });
    fit = new FitAddon.FitAddon();
    term.loadAddon(fit);
    term.open(box);
    fit.fit();
    // The explorer's copy keys write OSC 52; the browser's clipboard
    // takes it, where the browser allows (a click or key came first).
    term.parser.registerOscHandler(52, function (data) {
      var i = data.indexOf(";");
      if (i < 0) { return true; }
      try {
        var text = new TextDecoder().decode(Uint8Array.from(atob(data.slice(i + 1)), function (c) { return c.charCodeAt(0); }));
        navigator.clipboard.writeText(text).catch(function () {});
      } catch (e) { /* not base64: ignore */ }
      return true;
    });
    term.onData(function (d) { send(new TextEncoder().encode(d)); });
    term.onBinary(function (d) { send(Uint8Array.from(d, function (c) { return c.charCodeAt(0); })); });
    term.onResize(function (s) { sendControl({ type: "resize", cols: s.cols, rows: s.rows }); });
    window.addEventListener("resize", function () { fit.fit(); });
  }

  function send(bytes) { if (ws && ws.readyState === WebSocket.OPEN && joined) { ws.send(bytes); } }
  function sendControl(m) { if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(m)); } }

  function offer(m) {
    var bytes = Uint8Array.from(atob(m.data), function (c) { return c.charCodeAt(0); });
    var url = URL.createObjectURL(new Blob([bytes], { type: m.mime || "application/octet-stream" }));
    var a = document.createElement("a");
    a.href = url;
    a.download = m.file;
    a.textContent = m.file;
    if (fileBar.hidden) {
      fileBar.textContent = "";
      fileBar.append("Take your list home: ", a);
    } else {
      fileBar.append(" · ", a);
    }
    fileBar.hidden = false;
    box.classList.remove("full");
    fit.fit();
  }

  function connect(req) {
    ws = new WebSocket(socketURL());
    ws.binaryType = "arraybuffer";
    ws.onopen = function () { ws.send(JSON.stringify(req)); };
    ws.onmessage = function (ev) {
      if (typeof ev.data !== "string") {
        if (term) { term.write(new Uint8Array(ev.data)); }
        return;
      }
      var m = JSON.parse(ev.data);
      if (m.type === "joined") {
        joined = true;
        // The code is kept with the name it joined as: the page offers
        // it back only to whoever says that name is theirs.
        if (m.resume) { localStorage.setItem(resumeKey, JSON.stringify({ name: m.name || lastReq.name, code: m.resume })); }
        form.hidden = true;
        if (box.hidden) { box.hidden = false; fit.fit(); }
        term.focus();
        sendControl({ type: "resize", cols: term.cols, rows: term.rows });
      } else if (m.type === "wait") {
        // The form, not the terminal over it, until the answer comes.
        message.textContent = m.message;
        box.hidden = true;
      } else if (m.type === "refused") {
        message.textContent = m.message;
        box.hidden = true;
        form.hidden = false;
      } else if (m.type === "file") {
        offer(m);
      } else if (m.type === "end") {
        ended = m.message;
      }
    };
    ws.onclose = function () {
      if (!joined) {
        if (!message.textContent) { message.textContent = "the server closed the connection: reload the page to try again"; }
        return;
      }
      if (term) { term.write("\r\n\r\n" + (ended || "The connection closed.") + "\r\nReload the page to join again.\r\n"); }
    };
  }

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    message.textContent = "";
    var pass = document.getElementById("passphrase");
    if (!term) { startTerminal(); } else { box.hidden = false; fit.fit(); }
    var s = size();
    var name = nameInput.value.trim(), resume = codeInput.value.trim();
    var typed = codeAfterName.exec(name);
    if (typed) {
      // The code leaves the name field at once: it is never shown.
      name = typed[1];
      resume = resume || typed[2];
      nameInput.value = name;
      codeInput.value = "";
    }
    if (kept && continuing) { name = kept.name; resume = kept.code; }
    var req = { name: name, passphrase: pass ? pass.value : "", resume: resume, cols: s.cols, rows: s.rows };
    lastReq = req;
    if (ws && ws.readyState === WebSocket.OPEN && !joined) { ws.send(JSON.stringify(req)); } else { connect(req); }
  });
})();
