//go:build js

package ai

// maxHashMiB bounds the transposition table in a browser: there the search
// reaches about two million nodes in Expert's five seconds, which 16 MB
// holds; allocating 64 MB holds the page's one thread for up to a tenth of
// a second; and a page's memory never shrinks once grown.
const maxHashMiB = 16
