//go:build ebitenginevmguest

package sound

const vmGuestBuild = true
