//go:build !js

package font

import _ "embed"

// cjkOTF is the CJK font, compiled in: tools/cjkfont makes it.
//
//go:embed NotoSansCJK-subset.otf
var cjkOTF []byte

// waitForCJK: on the desktop the font is at hand, and a face waits the
// few milliseconds its parsing takes rather than draw a frame in boxes.
const waitForCJK = true

func cjkBytes() ([]byte, error) { return cjkOTF, nil }
