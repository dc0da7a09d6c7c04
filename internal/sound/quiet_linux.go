//go:build linux && !android

package sound

import (
	"sync"

	"github.com/ebitengine/purego"
)

// quietLibraries keeps the audio libraries' own messages out of the
// terminal, before the device opens. When no PulseAudio server answers,
// oto falls back to ALSA and tries every output it lists: on a machine
// without sound, ALSA prints some thirty lines about cards and plugins it
// cannot open, and its JACK plugin has libjack print ten more. Both let a
// program take their messages instead (snd_lib_error_set_handler,
// jack_set_error_function); they are dropped, since oto's error names
// every output that failed, for the debug log. A library that is not
// installed needs no quieting.
var quietLibraries = sync.OnceFunc(func() {
	// One C function for both: ALSA's handler has more arguments (and a
	// variable list), which a function that reads none may ignore.
	drop := purego.NewCallback(func() {})
	quiet := func(lib string, setters ...string) {
		h, err := purego.Dlopen(lib, purego.RTLD_LAZY|purego.RTLD_GLOBAL)
		if err != nil {
			return
		}
		for _, name := range setters {
			if set, err := purego.Dlsym(h, name); err == nil {
				purego.SyscallN(set, drop)
			}
		}
	}
	quiet("libasound.so.2", "snd_lib_error_set_handler")
	quiet("libjack.so.0", "jack_set_error_function", "jack_set_info_function")
})
