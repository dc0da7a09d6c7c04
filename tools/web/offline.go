package main

import (
	"encoding/json"
	"strings"
)

// The search worker's script and the service worker, written beside
// index.html by build. Both are small and written by hand: no library.

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a string always marshals
	}
	return string(b)
}

// searchWorkerJS starts the search program (tools/web/searchworker) in a
// Web Worker: Go's loader, then search.wasm, of the same version as the
// page. A failure to load becomes the worker's error event, and the page
// then searches on its own thread.
func searchWorkerJS(ver string) []byte {
	return []byte(strings.ReplaceAll(`"use strict";
// Gobblet's search, on a thread of its own beside the page (tools/web/searchworker).
importScripts("wasm_exec.js?v=" + encodeURIComponent(VERSION));
(async () => {
	const go = new Go();
	go.argv = ["search"];
	const resp = fetch("search.wasm?v=" + encodeURIComponent(VERSION));
	let result;
	try {
		result = WebAssembly.instantiateStreaming
			? await WebAssembly.instantiateStreaming(resp, go.importObject)
			: await WebAssembly.instantiate(await (await resp).arrayBuffer(), go.importObject);
	} catch (e) {
		setTimeout(() => { throw new Error("the search could not start: " + e.message); });
		return;
	}
	await go.run(result.instance);
})();
`, "VERSION", jsString(ver)))
}

// offlineFiles are what the service worker fetches as it installs: the
// page, the game, the search worker and the icons, all the game needs to
// open and play against the computer with no network.
func offlineFiles(ver string) []string {
	v := "?v=" + urlQueryEscape(ver)
	return []string{"./", "wasm_exec.js" + v, "gobblet.wasm" + v, "search-worker.js", "search.wasm" + v,
		"manifest.webmanifest", "icon-192.png", "icon-512.png", "favicon.ico"}
}

// laterFiles are kept once the game fetched them: the 3×3 table, which only
// a 3×3 game against Perfect (or the move values) needs, and the CJK font,
// which only Japanese and Chinese text needs.
var laterFiles = []string{"gobblers.sparse", cjkFont}

// cjkFont is the CJK font's file, in internal/font and beside index.html
// (internal/font's CJKFile, which the game fetches).
const cjkFont = "NotoSansCJK-subset.otf"

// urlQueryEscape escapes as the page's encodeURIComponent does, for the
// characters a version holds (letters, digits, '.', '-', '+', '_').
func urlQueryEscape(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-_.!~*'()", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteString("%" + strings.ToUpper(hex2(c)))
		}
	}
	return b.String()
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// serviceWorkerJS is the service worker: a cache named after the version,
// filled as it installs with offlineFiles, and laterFiles as the game
// fetches them. It answers only those addresses, from the cache first;
// every other request (the relay's above all) goes to the network as if
// it were not there. A new version installs beside the running one and
// waits: the page says so, and at its next start tells it to take over
// (index.html); the old cache then goes.
func serviceWorkerJS(ver string) []byte {
	list := func(xs []string) string {
		b, _ := json.Marshal(xs) // strings always marshal
		return string(b)
	}
	r := strings.NewReplacer("VERSION", jsString(ver), "OFFLINE", list(offlineFiles(ver)), "LATER", list(laterFiles))
	return []byte(r.Replace(`"use strict";
// Gobblet's service worker (written by tools/web; docs/web.md): the game
// opens and plays against the computer with no network after a first visit.
const version = VERSION;
const cacheName = "gobblet-" + version;
const offline = OFFLINE; // fetched as it installs
const later = LATER; // kept once the game fetched them
const scope = new URL(self.registration.scope);
const page = new URL("./", scope).href;
const listed = new Set([...offline, ...later].map((u) => new URL(u, scope).href));

self.addEventListener("install", (event) => {
	// "no-cache": what the page has just fetched is revalidated (a few
	// hundred bytes), not downloaded again.
	event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(offline.map((u) => new Request(u, { cache: "no-cache" })))));
});

self.addEventListener("activate", (event) => {
	event.waitUntil(caches.keys()
		.then((keys) => Promise.all(keys.filter((k) => k.startsWith("gobblet-") && k !== cacheName).map((k) => caches.delete(k))))
		.then(() => self.clients.claim()));
});

// The page, starting while this version waits, asks it to take over.
self.addEventListener("message", (event) => {
	if (event.data === "take over") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
	const req = event.request;
	if (req.method !== "GET") return;
	let url = new URL(req.url);
	if (req.mode === "navigate" && url.origin === scope.origin && (url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html")) {
		url = new URL(page); // the page, whatever its query (?debug)
	}
	if (!listed.has(url.href)) return; // not ours: the network answers, nothing is kept
	event.respondWith((async () => {
		const cache = await caches.open(cacheName);
		const hit = await cache.match(url.href);
		if (hit) return hit;
		const resp = await fetch(req);
		if (resp.ok && resp.status === 200) await cache.put(url.href, resp.clone());
		return resp;
	})());
});
`))
}
