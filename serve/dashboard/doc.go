// Package dashboard is the instructor's screen of a workshop room: where
// attendees connect, who is connected, the instructor's own explorer,
// and the room's keys (F1–F12): send a list or a step of the guided
// path, run and tally quiz rounds (panels.go), see the room and show an
// attendee's screen to it once they agree (mirror.go). Above the
// instructor's explorer, the header (header.go) says how to connect and
// what the room is doing.
//
// It drives the room through package serve's Server and Room, and
// nothing in serve imports it: the transport and the room's state know
// no screen of the instructor's. Run (run.go) starts a server and draws
// the dashboard on the instructor's terminal until they quit.
package dashboard
