//go:build !ebitenginevmguest

package sound

// vmGuestBuild is whether the game is built to run as an Ebitengine VM
// guest (tag ebitenginevmguest), whose audio needs no device.
const vmGuestBuild = false
