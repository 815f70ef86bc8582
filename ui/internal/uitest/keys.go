package uitest

import (
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// Key turns a key name as msg.String() spells it into a key press.
func Key(k string) tea.KeyPressMsg {
	named := map[string]tea.Key{
		"up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
		"shift+up": {Code: tea.KeyUp, Mod: tea.ModShift}, "shift+down": {Code: tea.KeyDown, Mod: tea.ModShift},
		"pgup": {Code: tea.KeyPgUp}, "pgdown": {Code: tea.KeyPgDown},
		"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
		"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape},
		"tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"delete": {Code: tea.KeyDelete}, "backspace": {Code: tea.KeyBackspace},
		"f1":    {Code: tea.KeyF1},
		"space": {Code: tea.KeySpace, Text: " "},
		"left":  {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight},
		"ctrl+left": {Code: tea.KeyLeft, Mod: tea.ModCtrl}, "ctrl+right": {Code: tea.KeyRight, Mod: tea.ModCtrl},
		"alt+backspace": {Code: tea.KeyBackspace, Mod: tea.ModAlt},
	}
	if k, ok := named[k]; ok {
		return tea.KeyPressMsg(k)
	}
	if c, ok := strings.CutPrefix(k, "ctrl+"); ok {
		r, _ := utf8.DecodeRuneInString(c)
		return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl}
	}
	if c, ok := strings.CutPrefix(k, "alt+"); ok {
		r, _ := utf8.DecodeRuneInString(c)
		return tea.KeyPressMsg{Code: r, Mod: tea.ModAlt}
	}
	r, _ := utf8.DecodeRuneInString(k)
	return tea.KeyPressMsg{Code: r, Text: k}
}
