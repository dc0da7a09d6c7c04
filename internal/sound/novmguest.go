//go:build !ebitenginevmguest

package sound

// vmGuestBuild is whether the game is built to run as an Ebitengine VM
// guest (tag ebitenginevmguest), whose audio needs no device.
const vmGuestBuild = false

// openVMGuest is never called outside a VM guest's build.
func openVMGuest() mixer { panic("not an Ebitengine VM guest") }
