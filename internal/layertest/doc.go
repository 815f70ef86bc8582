// Package layertest holds a folder's packages to their layers, for the
// tests that say a part of the module's design in imports
// (ui/layers_test.go, serve/layers_test.go): each package is named in a
// layer, from the bottom up, and imports only packages of its own layer
// or below. A package named in no layer fails the test until its layer
// is chosen, and a layer naming a package that is not there fails too.
package layertest
