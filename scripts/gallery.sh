#!/usr/bin/env bash
# Builds docs/gallery.html: every snapshot demo (snapshots/*.tsr) that
# draws a figure, run with --stable-addrs --cuda sim --html, linked from one
# index page. Reproducible: run it again and the files do not change.
#   scripts/gallery.sh [path/to/tsr]
set -euo pipefail
cd "$(dirname "$0")/.."
tsr="${1:-target/debug/tsr}"
[ -x "$tsr" ] || cargo build -q
out=docs/gallery
rm -rf "$out"; mkdir -p "$out"
{
  echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>tsr gallery</title>'
  echo '<style>:root{color-scheme:light dark}body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}</style></head><body>'
  echo '<h1>tsr gallery</h1><p>Each page is one snapshot demo run by <code>tsr run FILE --stable-addrs --cuda sim --html</code>: its source, output and figures, offline.</p><ul>'
} > docs/gallery.html
for f in snapshots/*.tsr; do
  if ! grep -qE '^\s*(map|share|lineage|explain|bytes|mem|memtrace)\b' "$f"; then continue; fi
  name=$(basename "$f" .tsr)
  "$tsr" run "$f" --stable-addrs --cuda sim --keep-going --color never --html "$out/$name.html" >/dev/null 2>&1 || true
  [ -s "$out/$name.html" ] || continue
  figs=$(grep -o '<figure' "$out/$name.html" | wc -l)
  [ "$figs" -gt 0 ] || { rm -f "$out/$name.html"; continue; }
  echo "<li><a href=\"gallery/$name.html\">$name</a> ($figs figures)</li>" >> docs/gallery.html
done
echo '</ul></body></html>' >> docs/gallery.html
echo "wrote docs/gallery.html ($(ls "$out" | wc -l) pages)"
