//go:build js

package app

import "github.com/gobblet-game/gobblet/internal/browser"

// onInput calls f at every input event of the page.
func onInput(f func()) { browser.OnInput(f) }
