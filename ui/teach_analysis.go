package ui

// analysisViews are the working, ties, conventions, swap and curves views.
func analysisViews(c *Common) []view {
	return nil
}
