#!/usr/bin/env bash
# Makes apps/server/src/pdf/fonts/noto-sans-sc-gb2312.woff2, the Chinese font of the academy's
# certificate PDFs: Noto Sans CJK SC cut down to the GB 2312 characters (the 6,763 common Hanzi and
# their punctuation, about 1 MB) instead of the whole CJK font (tens of MB). Run once on a Debian
# machine; the result is committed. Needs: apt-get install -y fonts-noto-cjk python3-fonttools python3-brotli
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 - "$work/chars.txt" <<'PY'
import sys
chars = set()
for hi in range(0xA1, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.add(bytes([hi, lo]).decode('gb2312'))
        except UnicodeDecodeError:
            pass
open(sys.argv[1], 'w').write(''.join(sorted(chars)))
PY
# Face 2 of the collection is Noto Sans CJK SC.
/usr/bin/python3 -m fontTools.subset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --font-number=2 \
  --text-file="$work/chars.txt" --flavor=woff2 --layout-features='' --no-hinting --desubroutinize \
  --output-file=apps/server/src/pdf/fonts/noto-sans-sc-gb2312.woff2
ls -l apps/server/src/pdf/fonts/noto-sans-sc-gb2312.woff2
