#!/bin/sh
# tests/browser.sh [-s PNG] SVG DRIVER.js
#
# Open SVG in headless chromium (Debian package chromium) the way a
# person does, inside a page, let DRIVER.js act on it (clicks, keys)
# and measure, and print what the driver said, one line each, for a
# bats test to assert.  No network, no npm: the page, the SVG and the
# driver are files in a temporary directory, read through file://.
#
# The page loads SVG in an <iframe> as large as the SVG's own width and
# height (so the picture is drawn at its size, scripts and all), then
# calls the driver's function drive(t) with:
#   t.doc, t.win, t.svg  the SVG's document, window and root element
#   t.say(a, b, ...)     print one line: the arguments joined by spaces
#   t.q(sel), t.qa(sel)  querySelector, querySelectorAll (an array) in
#                        the SVG
#   t.box(el)            el's box as drawn: {x, y, w, h} in pixels of
#                        the SVG's viewport, rounded to 0.1
#   t.click(el)          mousedown, mouseup and click at el's centre
#   t.key(key, opts)     keydown and keyup of key ("/", "Escape", "f"
#                        with opts {ctrlKey: true}) on the SVG's window
#   t.wait(ms)           a promise resolved after ms milliseconds
#   t.loadMs             milliseconds from the page's start to the
#                        frame's load event (a rough figure under the
#                        virtual clock; bench/ measures time for real)
# drive may return a promise; what it throws is printed as
# "error: MESSAGE" and makes the exit status 1.  An error the SVG's own
# script throws (chromium's console, "Uncaught ...") goes to standard
# error and makes the exit status 1 too.
#
# -s PNG also saves a screenshot of the SVG after the driver has run
# (chromium runs a second time: --dump-dom and --screenshot are
# separate runs), for looking at the picture in a browser; it is as
# wide as the SVG and as high, or 200 pixels when the SVG is lower.
#
# Exit status: 0 when the driver ran to its end, 1 when it failed or
# chromium did not finish in 60 seconds, 2 on a usage error or a
# missing chromium.
# Chromium as root needs --no-sandbox; --virtual-time-budget lets the
# page's timers and the frame's load run on a virtual clock before the
# DOM is dumped (the dump waits for it, never longer).
set -u
png=
if [ "${1:-}" = -s ]; then
	png=${2:-}
	shift 2 || { echo "usage: browser.sh [-s PNG] SVG DRIVER.js" >&2; exit 2; }
fi
if [ $# -ne 2 ] || [ ! -r "$1" ] || [ ! -r "$2" ]; then
	echo "usage: browser.sh [-s PNG] SVG DRIVER.js (readable files)" >&2
	exit 2
fi
chromium=$(command -v chromium || command -v chromium-browser) || {
	echo "browser.sh: chromium not found (Debian package chromium)" >&2
	exit 2
}
dir=$(mktemp -d "${TMPDIR:-/tmp}/browser.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
cp "$1" "$dir/image.svg" && cp "$2" "$dir/driver.js" || exit 2
# the SVG's size, for the frame (the attributes of its root element)
size=$(head -c 4096 "$dir/image.svg" | tr '\n' ' ' |
	sed -n 's/.*<svg[^>]* width="\([0-9.]*\)"[^>]* height="\([0-9.]*\)".*/\1 \2/p')
w=${size% *}
h=${size#* }
[ -n "$size" ] || { w=1200; h=800; }
cat >"$dir/page.html" <<EOF
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>browser.sh</title>
<style>body { margin: 0 } iframe { border: 0; display: block }
pre { margin: 0 }</style></head><body>
<iframe id="frame" src="image.svg" width="$w" height="$h"></iframe>
<pre id="result"></pre>
<script src="driver.js"></script>
<script>
var t0 = performance.now(), lines = [];
function finish(status) {
	document.getElementById('result').textContent =
		'\n=== said\n' + lines.join('\n') + (lines.length ? '\n' : '') +
		status + '\n=== end\n';
}
if (location.search === '?shot')
	document.getElementById('result').style.display = 'none';
window.addEventListener('load', function () {
	var f = document.getElementById('frame');
	var doc = f.contentDocument, win = f.contentWindow;
	function round(v) { return Math.round(v * 10) / 10; }
	function centre(el) {
		var b = el.getBoundingClientRect();
		return {clientX: b.left + b.width / 2, clientY: b.top + b.height / 2};
	}
	function mouse(el, type) {
		var c = centre(el);
		el.dispatchEvent(new win.MouseEvent(type, {bubbles: true,
			cancelable: true, view: win, button: 0,
			clientX: c.clientX, clientY: c.clientY}));
	}
	var t = {
		doc: doc, win: win, svg: doc ? doc.documentElement : null,
		loadMs: Math.round(performance.now() - t0),
		say: function () {
			lines.push(Array.prototype.join.call(arguments, ' '));
		},
		q: function (sel) { return doc.querySelector(sel); },
		qa: function (sel) {
			return Array.prototype.slice.call(doc.querySelectorAll(sel));
		},
		box: function (el) {
			var b = el.getBoundingClientRect();
			return {x: round(b.left), y: round(b.top),
			        w: round(b.width), h: round(b.height)};
		},
		click: function (el) {
			mouse(el, 'mousedown');
			mouse(el, 'mouseup');
			mouse(el, 'click');
		},
		key: function (key, opts) {
			var o = {key: key, bubbles: true, cancelable: true, view: win};
			for (var k in opts || {})
				o[k] = opts[k];
			doc.documentElement.dispatchEvent(new win.KeyboardEvent('keydown', o));
			doc.documentElement.dispatchEvent(new win.KeyboardEvent('keyup', o));
		},
		wait: function (ms) {
			return new Promise(function (ok) { setTimeout(ok, ms); });
		}
	};
	try {
		if (!doc || !doc.documentElement ||
		    doc.documentElement.localName !== 'svg')
			throw new Error('the frame holds no SVG document');
		Promise.resolve(drive(t)).then(function () { finish('done'); },
			function (e) { lines.push('error: ' + e.message); finish('failed'); });
	} catch (e) {
		lines.push('error: ' + e.message);
		finish('failed');
	}
});
</script></body></html>
EOF
run() {
	timeout -k 5 60 "$chromium" --headless --no-sandbox --disable-gpu \
		--disable-dev-shm-usage --no-first-run --disable-extensions \
		--disable-background-networking --disable-component-update \
		--disable-sync --allow-file-access-from-files \
		--user-data-dir="$dir/profile" --enable-logging=stderr --v=0 \
		--virtual-time-budget=10000 --hide-scrollbars "$@"
}
run --dump-dom "file://$dir/page.html" >"$dir/dom" 2>"$dir/log"
st=$?
# the lines between the markers, as the page wrote them (escaped by
# the DOM's serialisation: &lt; &gt; &amp; and, in text, nothing else)
sed -n '/^=== said$/,/^=== end$/p' "$dir/dom" | sed '1d;$d' |
	sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' >"$dir/said"
sed '$d' "$dir/said"
if grep -q 'Uncaught' "$dir/log"; then
	grep 'Uncaught' "$dir/log" | sed 's/^/browser.sh: /' >&2
	st=1
fi
last=$(tail -n 1 "$dir/said")
if [ "$last" != done ]; then
	[ -s "$dir/said" ] || echo "browser.sh: the driver did not finish" \
		"(chromium status $st)" >&2
	exit 1
fi
if [ -n "$png" ]; then
	# the screenshot: the SVG, at its size, without the result
	# (chromium squeezes a window under some 150 pixels high: the
	# screenshot is at least 200 high, white below the SVG)
	h=${h%.*}
	[ "$h" -ge 200 ] || h=200
	run --screenshot="$dir/shot.png" --window-size="$w,$h" \
		"file://$dir/page.html?shot" >/dev/null 2>&1
	cp "$dir/shot.png" "$png" || exit 1
fi
[ "$st" -eq 0 ] || exit 1
exit 0
