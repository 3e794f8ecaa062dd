#!/usr/bin/env python3
"""gen-pieces.py — generates VariantStudy's original piece art (data/pieces/*).

Developer tool, run by hand when the art changes; its output is committed.
Kanji, hanja and letters are embedded as outlines (produced by
vs-glyph-path, built from vs-glyph-path.c), so the SVGs need no font at run
time.  Fonts used at generation time: Noto Serif CJK (fonts-noto-cjk) and
DejaVu Sans (fonts-dejavu-core).

    cc vs-glyph-path.c $(pkg-config --cflags --libs pangocairo) -o /tmp/vs-glyph-path
    python3 gen-pieces.py /tmp/vs-glyph-path
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
GLYPH = sys.argv[1] if len(sys.argv) > 1 else "/tmp/vs-glyph-path"


def glyph(font, text, height, maxw=None):
    args = [GLYPH, font, text, str(height)]
    if maxw:
        args.append(str(maxw))
    return subprocess.check_output(args, text=True).strip()


def write(rel, body):
    path = os.path.join(OUT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
                'viewBox="0 0 100 100">\n' + body + '</svg>\n')


# ---- Western set (Crazyhouse, Strato) ---------------------------------------
# Original silhouettes, drawn on a 100×100 grid.
BASE = '<rect x="22" y="80" width="56" height="11" rx="3"/>'
WESTERN = {
    "p": '<circle cx="50" cy="29" r="12.5"/>'
         '<path d="M35 80C37 64 41 53 44 46L56 46C59 53 63 64 65 80Z"/>'
         '<rect x="37" y="41" width="26" height="7" rx="3"/>' + BASE,
    "r": '<path d="M31 80L34 42L66 42L69 80Z"/>'
         '<path d="M27 16L37 16L37 24L45 24L45 16L55 16L55 24L63 24L63 16L73 16L73 35L66 42L34 42L27 35Z"/>'
         + BASE,
    "b": '<path d="M33 80C36 68 40 60 42 55L58 55C60 60 64 68 67 80Z"/>'
         '<rect x="36" y="49" width="28" height="8" rx="3"/>'
         '<path d="M50 15C63 25 67 36 60 49L40 49C33 36 37 25 50 15Z"/>'
         '<circle cx="50" cy="11" r="5"/>' + BASE,
    "n": '<path d="M32 80C31 68 36 60 44 53C39 51 33 53 28 56C22 59 16 54 18 47'
         'C22 37 30 28 36 22L35 12L42 18C58 18 70 28 73 44C76 58 72 70 70 80Z"/>' + BASE,
    "q": '<path d="M29 80L20 34L35 57L37 25L46 55L50 19L54 55L63 25L65 57L80 34L71 80Z"/>'
         '<circle cx="20" cy="31" r="5"/><circle cx="37" cy="22" r="5"/>'
         '<circle cx="50" cy="15" r="5"/><circle cx="63" cy="22" r="5"/>'
         '<circle cx="80" cy="31" r="5"/>' + BASE,
    "k": '<path d="M31 80C27 68 17 58 21 47C25 38 39 37 50 51C61 37 75 38 79 47C83 58 73 68 69 80Z"/>'
         '<rect x="46" y="7" width="8" height="30" rx="1.5"/>'
         '<rect x="38" y="14" width="24" height="8" rx="1.5"/>' + BASE,
}
# inner detail lines, drawn in the contrasting colour
WESTERN_DETAIL = {
    "p": '',
    "r": '<path d="M33 48L67 48M32 72L68 72"/>',
    "b": '<path d="M54 27L46 39M38 74L62 74"/>',
    "n": '<circle cx="38" cy="32" r="2.6" stroke="none" class="eye"/>'
         '<path d="M45 21C56 25 64 34 66 48"/>',
    "q": '<path d="M30 72L70 72"/>',
    "k": '<path d="M50 51L50 74M32 72L68 72"/>',
}


def western():
    for colour, fill, stroke, detail in (("w", "#faf6ec", "#1b1b1b", "#1b1b1b"),
                                         ("b", "#2a2a2e", "#0c0c0c", "#e9e4d6")):
        for k, shape in WESTERN.items():
            body = (f'<g fill="{fill}" stroke="{stroke}" stroke-width="3.2" '
                    f'stroke-linejoin="round">{shape}</g>\n'
                    f'<g fill="none" stroke="{detail}" stroke-width="2.4" '
                    f'stroke-linecap="round">'
                    + WESTERN_DETAIL[k].replace('class="eye"', f'fill="{detail}"')
                    + '</g>\n')
            write(f"western/{colour}{k}.svg", body)


# ---- Chartima: kanji tiles and Western letters --------------------------------
CHARTIMA = [  # key, glyph, letters, promoted?, ultima?
    ("k", "王", "K", False, False), ("q", "后", "Q", False, False),
    ("nq", "后", "Q", True, False), ("c", "首", "C", False, False),
    ("nc", "首", "C", True, False), ("a", "主", "A", False, False),
    ("na", "主", "A", True, False), ("r", "ル", "R", False, False),
    ("nr", "ル", "R", True, False), ("n", "馬", "N", False, False),
    ("nn", "馬", "N", True, False), ("b", "ビ", "B", False, False),
    ("nb", "ビ", "B", True, False), ("p", "兵", "P", False, False),
    ("ca", "砲", "Ca", False, False), ("d", "犬", "D", False, False),
    ("i", "麻", "I", False, True), ("l", "跳", "L", False, True),
    ("w", "回", "W", False, True), ("co", "合", "Co", False, True),
    ("pu", "押", "Pu", False, True),
]
JP_FONT = "Noto Serif CJK JP Bold"
LATIN_FONT = "DejaVu Sans Bold"
TILE = "M50 5L77 15L88 94L12 94L23 15Z"


def chartima():
    for key, g, letters, promoted, ultima in CHARTIMA:
        d = glyph(JP_FONT, g, 46, 54)
        for colour in ("w", "b"):
            if colour == "w":
                fill, edge, ink = "#f6e2b3", "#6b4a1e", "#16120c"
            else:
                fill, edge, ink = "#3b2c20", "#120b05", "#f3e6c8"
            red = "#c8141e" if colour == "w" else "#ff6a55"
            glyph_fill = red if promoted else ink
            rot = ' transform="rotate(180 50 50)"' if colour == "b" else ""
            mark = ''
            if ultima:
                mark = (f'<path d="M30 84L70 84" stroke="{glyph_fill}" '
                        f'stroke-width="3" stroke-linecap="round"/>')
            body = (f'<g{rot}><path d="{TILE}" fill="{fill}" stroke="{edge}" '
                    f'stroke-width="3.5" stroke-linejoin="round"/>'
                    f'<path d="M50 12L72 20L81 88L19 88L28 20Z" fill="none" '
                    f'stroke="{edge}" stroke-opacity="0.35" stroke-width="1.5"/>'
                    f'<g transform="translate(50 52)"><path d="{d}" fill="{glyph_fill}"/></g>'
                    f'{mark}</g>\n')
            write(f"chartima-kanji/{colour}{key}.svg", body)
        # letters set: discs for chess-family pieces, rounded squares for Ultima
        ld = glyph(LATIN_FONT, letters, 34 if len(letters) == 1 else 30,
                   54 if len(letters) == 1 else 60)
        for colour in ("w", "b"):
            if colour == "w":
                fill, edge, ink = "#fbf7ee", "#1d1d1d", "#1d1d1d"
            else:
                fill, edge, ink = "#26262b", "#050505", "#f5f1e6"
            red = "#c8141e" if colour == "w" else "#ff6a55"
            ink2 = red if promoted else ink
            if ultima:
                shape = (f'<rect x="10" y="10" width="80" height="80" rx="18" '
                         f'fill="{fill}" stroke="{edge}" stroke-width="4.5"/>')
            else:
                shape = (f'<circle cx="50" cy="50" r="41" fill="{fill}" '
                         f'stroke="{edge}" stroke-width="4.5"/>')
            extra = ''
            if promoted:
                extra = (f'<circle cx="50" cy="50" r="34" fill="none" '
                         f'stroke="{red}" stroke-width="3"/>')
            body = (shape + extra +
                    f'<g transform="translate(50 51)"><path d="{ld}" fill="{ink2}"/></g>\n')
            write(f"chartima-letters/{colour}{key}.svg", body)


# ---- Janggi: octagons in three sizes -------------------------------------------
JANGGI = [("k", "楚", "漢", 46), ("a", "士", "士", 31), ("n", "馬", "馬", 39),
          ("b", "象", "象", 39), ("r", "車", "車", 39), ("c", "包", "包", 39),
          ("p", "卒", "兵", 31)]
KR_FONT = "Noto Serif CJK KR Bold"


def octagon(r):
    import math
    pts = []
    for i in range(8):
        a = math.radians(22.5 + 45 * i)
        pts.append(f"{50 + r * math.cos(a):.2f} {50 + r * math.sin(a):.2f}")
    return "M" + "L".join(pts) + "Z"


def janggi():
    for setname, cho in (("janggi-green", "#127a3c"), ("janggi-blue", "#1846a3")):
        for key, gc, gh, r in JANGGI:
            for colour, g, ink in (("w", gc, cho), ("b", gh, "#c4161c")):
                d = glyph(KR_FONT, g, r * 1.05, r * 1.15)
                body = (f'<path d="{octagon(r)}" fill="#f5ecd6" stroke="#3a2a18" '
                        f'stroke-width="{2.5 + r / 20:.1f}" stroke-linejoin="round"/>'
                        f'<path d="{octagon(r * 0.84)}" fill="none" stroke="{ink}" '
                        f'stroke-width="{1.2 + r / 40:.1f}"/>'
                        f'<g transform="translate(50 50)"><path d="{d}" fill="{ink}"/></g>\n')
                write(f"{setname}/{colour}{key}.svg", body)


western()
chartima()
janggi()
