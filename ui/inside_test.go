package ui

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// What the tests read of the insides of the dialogs and views, which
// their packages keep to themselves.

// dialogOf is the dialog of type T on screen, or nil when another or
// none is.
func dialogOf[T dialogs.Dialog](m *Model) T {
	d, _ := m.dialog.(T)
	return d
}

// fieldAs is the field called name of the view v, of type T: a test
// reads a view's state (the quiz's answer sent, the check's keystroke
// count) where the screen does not show it.
func fieldAs[T any](v view.View, name string) *T {
	f := reflect.ValueOf(v).Elem().FieldByName(name)
	if !f.IsValid() || f.Type() != reflect.TypeFor[T]() {
		panic(fmt.Sprintf("%T has no field %s of type %v", v, name, reflect.TypeFor[T]()))
	}
	return (*T)(unsafe.Pointer(f.UnsafeAddr()))
}
