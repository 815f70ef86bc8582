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
// greeting offers the guided path, on one line above the footer at
// 80×24 (the path first, with the two steps the footer does not name),
// after the first steps where they fit beside it; opened on a list, it
// does not. It says to quit first, where "Run ndcg-explorer learn" had
// newcomers type learn into the explorer (e edited the title).
func TestNewcomerGreeting(t *testing.T) {
	doc := sampleDoc(t, samples.Default)
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	m := New(Options{Doc: doc, Settings: s, NoColor: true, Newcomer: true})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	lines := strings.Split(screen(m), "\n")
	assert.Equal(t, "New to NDCG? q, then ndcg-explorer learn. Or: a digit sets a grade, v the views.", strings.TrimRight(lines[22], " "))
	assert.True(t, strings.HasSuffix(strings.TrimRight(lines[23], " "), "v views • ? help • q quit"), lines[23])
	m.Update(tea.WindowSizeMsg{Width: 110, Height: 30})
	assert.Equal(t, "n shows its notes; a digit sets a grade, v the views, ? help. New to NDCG? q, then ndcg-explorer learn.", m.c.Status.Text)

	m = newModel(t, sampleDoc(t, samples.Default), s, 80, 24)
	assert.NotContains(t, screen(m), "learn")
}
