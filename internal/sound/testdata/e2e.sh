#!/usr/bin/env bash
# End-to-end sound test: a minimal Ebitengine game (cmd/soundcheck) under a
# real X server (Xvfb)
#   1. with no sound server at all keeps running, silently, and says so;
#   2. through a PulseAudio null sink is heard when a piece is put down;
#   3. muted, is silent;
#   4. plays its music;
#   5. keeps running when the sound server goes away mid-game.
# Sound is captured from the sink's monitor with parec and measured with
# sox. Run from anywhere: internal/sound/testdata/e2e.sh
# Needs: go, Xvfb, pulseaudio, parec (pulseaudio-utils), sox.
# (Debian: apt-get install xvfb pulseaudio pulseaudio-utils sox)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
work=$(mktemp -d)
pids=()
cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT

for tool in Xvfb pulseaudio parec sox; do
	command -v "$tool" >/dev/null || { echo "e2e sound: SKIP, $tool is not installed"; exit 0; }
done

fail() { echo "e2e sound: FAIL: $*"; exit 1; }
say() { echo "e2e sound: $*"; }

(cd "$repo" && go build -o "$work/soundcheck" ./internal/sound/cmd/soundcheck)

# A private X server on the first free display.
Xvfb -displayfd 3 -screen 0 640x480x24 3>"$work/display" >"$work/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=":$(cat "$work/display")"

# A private runtime directory: no sound server can be found through it
# until we start one there.
export XDG_RUNTIME_DIR="$work/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset PULSE_SERVER

# 1. No sound server: the game keeps running and reports no sound.
"$work/soundcheck" -seconds 3 >"$work/nosound.out" 2>"$work/nosound.err" ||
	fail "without a sound device the game stopped: $(tail -3 "$work/nosound.err")"
grep -q "sound available at the end: false" "$work/nosound.out" || fail "sound claimed available without a device: $(cat "$work/nosound.out")"
frames=$(sed -n 's/^ran \([0-9]*\) frames.*/\1/p' "$work/nosound.out")
# A game that kept running, not a frame rate: a loaded machine (two busy
# loops, the other tests beside this one) drew 6 frames in these 3 s; a
# game stuck on a missing device draws none after its first.
[ "${frames:-0}" -ge 3 ] || fail "only ${frames:-0} frames in 3 s without sound: the game stopped"
say "no sound server: ran $frames frames in 3 s, sound unavailable, as it should be"
# The control: through Ebitengine's audio the same game ends.
if "$work/soundcheck" -seconds 3 -through-ebiten >/dev/null 2>&1; then
	say "note: through Ebitengine's audio the game also survived (has Ebitengine changed?)"
else
	say "control: through Ebitengine's audio the game stops, as expected"
fi

# 2-4. A PulseAudio server with a null sink whose monitor we record.
pulseaudio -D -n --exit-idle-time=-1 --use-pid-file=yes \
	--load="module-null-sink sink_name=cap" --load=module-native-protocol-unix 2>"$work/pulse.log" ||
	fail "pulseaudio did not start: $(cat "$work/pulse.log")"
for _ in $(seq 50); do [ -s "$XDG_RUNTIME_DIR/pulse/pid" ] && break; sleep 0.1; done
pids+=("$(cat "$XDG_RUNTIME_DIR/pulse/pid")")

# capture NAME ARGS...: run soundcheck with ARGS while recording the sink.
capture() {
	local name=$1
	shift
	parec -d cap.monitor --format=s16le --rate=48000 --channels=2 --latency-msec=20 >"$work/$name.raw" &
	local rec=$!
	sleep 0.3
	"$work/soundcheck" "$@" >"$work/$name.out" 2>"$work/$name.err" || fail "$name: the game stopped: $(tail -3 "$work/$name.err")"
	grep -q "sound available at the end: true" "$work/$name.out" || fail "$name: no sound through PulseAudio: $(cat "$work/$name.out")"
	sleep 0.5
	kill -INT "$rec"
	wait "$rec" 2>/dev/null || true
}
# stat NAME FIELD [SOX EFFECTS]: one figure of sox's stat ("Maximum
# amplitude", "RMS     amplitude"), optionally of a part (trim 5).
stat() {
	local name=$1 field=$2
	shift 2
	sox -t raw -r 48000 -e signed -b 16 -c 2 "$work/$name.raw" -n "$@" stat 2>&1 | sed -n "s/^$field: *//p"
}
above() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

# Opening PulseAudio takes a second or two, in the background.
capture move -seconds 5 -effect "put down"
peak=$(stat move "Maximum amplitude")
rms=$(stat move "RMS     amplitude")
above "$peak" 0.1 || fail "a move was not heard: peak $peak, RMS $rms"
say "a piece put down every 0.5 s: peak $peak, RMS $rms (audible)"

capture muted -seconds 5 -effect "put down" -music -mute
peak=$(stat muted "Maximum amplitude")
above 0.001 "$peak" || fail "muted, yet peak $peak"
say "muted, with music and moves: peak $peak (silent)"

# The music is rendered in the background at start-up (on a thread of lower
# priority: on a busy machine that takes a while) and fades in over 2.5 s:
# play it for 6 s once it started, and measure from 3 s after its start
# (the recording began 0.3 s before soundcheck).
capture music -effect none -music -music-for 6s
began=$(sed -n 's/^music started after \([0-9.]*\) s$/\1/p' "$work/music.out")
[ -n "$began" ] || fail "the music never started: $(cat "$work/music.out")"
rms=$(stat music "RMS     amplitude" trim "$(awk -v b="$began" 'BEGIN { print b + 3.3 }')")
above "$rms" 0.01 || fail "the music was not heard: RMS $rms"
say "music alone, started after $began s, from 3 s on: RMS $rms (audible)"

# 5. The sound server goes away mid-game: the game plays on, silent.
"$work/soundcheck" -seconds 6 -music >"$work/lost.out" 2>"$work/lost.err" &
game=$!
sleep 3.5
kill "$(cat "$XDG_RUNTIME_DIR/pulse/pid")"
wait "$game" || fail "the game stopped when the sound server went away: $(tail -3 "$work/lost.err")"
grep -q "sound available at the end: false" "$work/lost.out" || fail "the lost device went unnoticed: $(cat "$work/lost.out")"
say "sound server killed mid-game: $(sed -n 's/^ran \([0-9]*\) frames.*/\1/p' "$work/lost.out") frames in 6 s, sound now unavailable"
say "PASS"
