package ui

// practiceViews are the pool, companions, check and quiz views.
func practiceViews(c *Common) []view {
	return nil
}
