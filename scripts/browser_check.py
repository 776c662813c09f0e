#!/usr/bin/env python3
"""Renders tsr's HTML page and SVG figures in a real headless browser.

    python3 scripts/browser_check.py [--tsr target/debug/tsr] [--chromium /usr/bin/chromium]

Runs tests/pictures/demo.tsr with --html and --svg, then with Chromium:
- loads the page and every .svg and fails on an XML parse error
  (Chromium shows a `parsererror` element for a malformed SVG);
- takes a screenshot of the page and fails when it is blank (fewer than
  a handful of distinct colours, or almost all one colour).
Standard library only. Exit 0: rendered; 1: a render failure; 2: no browser.
"""
import argparse, os, shutil, struct, subprocess, sys, tempfile, zlib

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def browser(chromium, profile, *args):
    cmd = [chromium, *FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def png_pixels(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGB/RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    assert depth == 8 and ctype in (2, 6) and interlace == 0, f"unsupported PNG {ihdr}"
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsr", default="target/debug/tsr")
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    ap.add_argument("--keep", help="copy the screenshot here")
    a = ap.parse_args()
    if not os.path.exists(a.chromium):
        print(f"browser check: no Chromium at {a.chromium} (apt-get install chromium)")
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = tempfile.mkdtemp(prefix="tsr-browser-")
    page, svgdir, shot = os.path.join(work, "demo.html"), os.path.join(work, "svg"), os.path.join(work, "shot.png")
    demo = os.path.join(root, "tests/pictures/demo.tsr")
    run = subprocess.run([a.tsr, "run", demo, "--stable-addrs", "--cuda", "sim", "--html", page, "--svg", svgdir],
                         capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        print(run.stdout, run.stderr)
        return 1
    failures = []
    targets = [page] + sorted(os.path.join(svgdir, f) for f in os.listdir(svgdir))
    for t in targets:
        dom = browser(a.chromium, os.path.join(work, "profile"), "--dump-dom", "file://" + t).stdout
        if "parsererror" in dom or "<svg" not in dom:
            failures.append(f"{os.path.basename(t)}: did not render (parse error or no svg)")
    browser(a.chromium, os.path.join(work, "profile"), "--window-size=1200,1600", f"--screenshot={shot}", "file://" + page)
    if not os.path.exists(shot):
        failures.append("no screenshot was taken")
    else:
        w, h, bpp, rows = png_pixels(shot)
        counts = {}
        for r in rows[::4]:
            for x in range(0, len(r), bpp * 4):
                px = r[x:x + 3]
                counts[px] = counts.get(px, 0) + 1
        total = sum(counts.values())
        top = max(counts.values())
        print(f"screenshot {w}x{h}: {len(counts)} colours, background {100 * top / total:.1f}% of pixels")
        if len(counts) < 8 or top / total > 0.995:
            failures.append("the page rendered blank")
        if a.keep:
            shutil.copy(shot, a.keep)
    for f in failures:
        print("browser check FAILED:", f)
    if not failures:
        print(f"browser check: the page and {len(targets) - 1} figures rendered in {a.chromium}")
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
