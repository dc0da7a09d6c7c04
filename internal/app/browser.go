package app

import "runtime"

// inBrowser is set when the game runs as a web page (GOOS=js): there is
// no window to size, no program to quit and no network socket to open, so
// the few screens that offer those say so or leave them out. A variable,
// not a constant, so tests on the desktop can play the browser's part.
var inBrowser = runtime.GOOS == "js"

// onlineInBrowser is what the New game screen says when Online is chosen
// in a browser.
const onlineInBrowser = "Online play needs the desktop game: a web page cannot open the network connections it uses."
