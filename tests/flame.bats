#!/usr/bin/env bats
# The flame graph in a browser: proftree -o svg opened in headless
# chromium by tests/browser.sh, driven by small scripts that click and
# type and say what they measured.  Also the harness itself.

load helper

BROWSER="$TOP/tests/browser.sh"

# svg_with_script FILE: a small SVG whose script widens its one box
# on a click, and breaks on a second one when BREAK is set.
svg_with_script() {
	cat >"$1" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
<rect id="r" x="10" y="10" width="50" height="20" fill="#77aadd"/>
<script type="text/ecmascript"><![CDATA[
document.getElementById('r').addEventListener('click', function () {
	${BREAK:-}this.setAttribute('width', '150');
});
]]></script></svg>
SVG
}

@test "browser.sh: a driver clicks in the SVG and says what it measured" {
	svg_with_script "$BATS_TEST_TMPDIR/a.svg"
	cat >"$BATS_TEST_TMPDIR/d.js" <<'JS'
function drive(t) {
	var r = t.q('#r');
	t.say('before', t.box(r).w, '<&>');
	t.click(r);
	t.say('after', t.box(r).w);
	return t.wait(50).then(function () { t.say('later'); });
}
JS
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/a.svg" "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 0 ]
	[ "$output" = "before 50 <&>
after 150
later" ]
}

@test "browser.sh: a driver's error, the SVG's script error, a usage error" {
	svg_with_script "$BATS_TEST_TMPDIR/a.svg"
	echo 'function drive(t) { t.say("one"); throw new Error("no box"); }' \
	    >"$BATS_TEST_TMPDIR/d.js"
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/a.svg" "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 1 ]
	[ "$output" = "one
error: no box" ]
	BREAK='nosuch(); ' svg_with_script "$BATS_TEST_TMPDIR/b.svg"
	echo 'function drive(t) { t.click(t.q("#r")); t.say(t.box(t.q("#r")).w); }' \
	    >"$BATS_TEST_TMPDIR/d.js"
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/b.svg" "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = 50 ]
	[[ "${lines[1]}" == *'Uncaught ReferenceError: nosuch is not defined'* ]]
	run sh "$BROWSER" "$BATS_TEST_TMPDIR/a.svg"
	[ "$status" -eq 2 ]
	[ "$output" = "usage: browser.sh [-s PNG] SVG DRIVER.js (readable files)" ]
}

@test "browser.sh -s: a screenshot of the SVG as the browser draws it" {
	svg_with_script "$BATS_TEST_TMPDIR/a.svg"
	echo 'function drive(t) { t.click(t.q("#r")); }' >"$BATS_TEST_TMPDIR/d.js"
	run sh "$BROWSER" -s "$BATS_TEST_TMPDIR/a.png" "$BATS_TEST_TMPDIR/a.svg" \
	    "$BATS_TEST_TMPDIR/d.js"
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	# 300 x 200 pixels; the box, 150 wide after the click, is blue at
	# x 150 and the background white at x 200
	run convert "$BATS_TEST_TMPDIR/a.png" -format '%w %h %[pixel:p{150,20}] %[pixel:p{200,20}]' info:
	[ "$output" = "300 200 srgb(119,170,221) srgb(255,255,255)" ]
}
