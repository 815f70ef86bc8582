package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// TestNewcomerGreeting: opened with nothing named, the explorer's
// greeting offers the guided path, whole on its two lines at 80×24;
// opened on a list, it does not.
func TestNewcomerGreeting(t *testing.T) {
	doc := sampleDoc(t, samples.Default)
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	m := New(Options{Doc: doc, Settings: s, NoColor: true, Newcomer: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	lines := strings.Split(screen(m), "\n")
	assert.Equal(t, "sample:ties-at-k: 6 items; N shows its notes. Digits set the grade of the", strings.TrimRight(lines[22], " "))
	assert.Equal(t, "selected rank; ? lists every key. New to NDCG? Run ndcg-explorer learn.", strings.TrimRight(lines[23], " "))

	m = newModel(t, sampleDoc(t, samples.Default), s, 80, 24)
	assert.NotContains(t, screen(m), "learn")
}
