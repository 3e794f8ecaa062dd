#!/usr/bin/env python3
"""Writes the seven board themes of issue 20 (data/themes/NAME/{light,dark,
board}.svg and their [NAME] groups in themes.ini) and the seven Western piece
sets made from data/pieces/western (data/pieces/NAME/*.svg), and lists them
in data/vs-board.gresource.xml.  All art is drawn here: seeded random
textures (fibres, veins, grains, cracks, bubbles, ripples, stone joints) and
the Western figures recoloured with a gradient per set.

    python3 data/themes/tools/gen-themes.py     (from the source root)
"""
import os
import random
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..'))

HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
        'viewBox="0 0 100 100" preserveAspectRatio="none">\n')
HEAD_BOARD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="440" '
              'viewBox="0 0 400 440" preserveAspectRatio="none">\n')


def f(x):
    return ('%.1f' % x).rstrip('0').rstrip('.')


def fibres(rng, w, h, n, colours, length=4.0, width=0.5, op=0.5):
    out = []
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(0, 6.283)
        import math
        l = rng.uniform(length * 0.4, length)
        out.append('<path d="M%s %sl%s %s" stroke="%s" stroke-width="%s" stroke-opacity="%s"/>' % (
            f(x), f(y), f(l * math.cos(a)), f(l * math.sin(a)), rng.choice(colours), f(width), f(op)))
    return '<g fill="none" stroke-linecap="round">' + ''.join(out) + '</g>\n'


def veins(rng, w, h, n, colour, width, op, wander=18):
    out = []
    for _ in range(n):
        x, y = rng.uniform(-10, w * 0.3), rng.uniform(0, h)
        d = 'M%s %s' % (f(x), f(y))
        while x < w + 10:
            nx = x + rng.uniform(12, 30)
            ny = y + rng.uniform(-wander, wander)
            cx = (x + nx) / 2 + rng.uniform(-6, 6)
            cy = (y + ny) / 2 + rng.uniform(-8, 8)
            d += 'Q%s %s %s %s' % (f(cx), f(cy), f(nx), f(ny))
            x, y = nx, ny
        out.append('<path d="%s" stroke="%s" stroke-width="%s" stroke-opacity="%s"/>' % (
            d, colour, f(rng.uniform(width * 0.5, width)), f(op)))
    return '<g fill="none">' + ''.join(out) + '</g>\n'


def dots(rng, w, h, n, colours, rmin, rmax, op):
    out = []
    for _ in range(n):
        out.append('<circle cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="%s"/>' % (
            f(rng.uniform(0, w)), f(rng.uniform(0, h)), f(rng.uniform(rmin, rmax)),
            rng.choice(colours), f(op)))
    return '<g>' + ''.join(out) + '</g>\n'


def rings(rng, w, h, n, colour, rmin, rmax, width, op):
    out = []
    for _ in range(n):
        out.append('<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s" '
                   'stroke-opacity="%s"/>' % (f(rng.uniform(0, w)), f(rng.uniform(0, h)),
                                              f(rng.uniform(rmin, rmax)), colour, f(width), f(op)))
    return '<g>' + ''.join(out) + '</g>\n'


def ripples(rng, w, h, n, colour, width, op):
    out = []
    for _ in range(n):
        y = rng.uniform(0, h)
        d = 'M-5 %s' % f(y)
        x = -5
        while x < w + 5:
            nx = x + rng.uniform(10, 20)
            d += 'Q%s %s %s %s' % (f((x + nx) / 2), f(y + rng.uniform(-4, 4)), f(nx), f(y))
            x = nx
        out.append('<path d="%s" stroke="%s" stroke-width="%s" stroke-opacity="%s"/>' % (d, colour, f(width), f(op)))
    return '<g fill="none">' + ''.join(out) + '</g>\n'


def blocks(rng, w, h, rows, colour, width, op):
    """stone courses with staggered joints"""
    out = []
    rh = h / rows
    for r in range(rows + 1):
        out.append('<path d="M0 %sH%s"/>' % (f(r * rh + rng.uniform(-1, 1)), f(w)))
    for r in range(rows):
        x = rng.uniform(0, w / 2)
        while x < w:
            out.append('<path d="M%s %sV%s"/>' % (f(x), f(r * rh), f((r + 1) * rh)))
            x += rng.uniform(w / 2.5, w / 1.4)
    return '<g fill="none" stroke="%s" stroke-width="%s" stroke-opacity="%s">%s</g>\n' % (
        colour, f(width), f(op), ''.join(out))


def gradient(idn, a, b, angle='0 0 0 1'):
    x1, y1, x2, y2 = angle.split()
    return ('<defs><linearGradient id="%s" x1="%s" y1="%s" x2="%s" y2="%s">'
            '<stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/>'
            '</linearGradient></defs>\n' % (idn, x1, y1, x2, y2, a, b))


# ---- the themes --------------------------------------------------------------------

def tile(name, kind, base, texture):
    s = HEAD
    s += '<rect width="100" height="100" fill="%s"/>\n' % base
    s += texture
    s += '</svg>\n'
    return s


def theme_felt(rng, kind):
    if kind == 'light':
        return tile('felt', kind, '#e9e3c9', fibres(rng, 100, 100, 220, ['#d6ceb0', '#f7f2dc'], 3, 0.5, 0.6))
    if kind == 'dark':
        return tile('felt', kind, '#2f6a43', fibres(rng, 100, 100, 260, ['#23573a', '#3c7c52'], 3, 0.55, 0.7))
    return (HEAD_BOARD + '<rect width="400" height="440" fill="#3a7a4e"/>\n' +
            fibres(rng, 400, 440, 1800, ['#2c6540', '#4a8c5e'], 4, 0.7, 0.6) + '</svg>\n')


def theme_marble(rng, kind):
    if kind == 'light':
        return tile('marble', kind, '#efece6', dots(rng, 100, 100, 30, ['#e2ded6'], 3, 9, 0.5) +
                    veins(rng, 100, 100, 3, '#9c978f', 1.4, 0.55) + veins(rng, 100, 100, 2, '#c7c1b7', 0.7, 0.7))
    if kind == 'dark':
        return tile('marble', kind, '#7b3f36', dots(rng, 100, 100, 30, ['#6e362e', '#8a4c41'], 3, 9, 0.5) +
                    veins(rng, 100, 100, 3, '#e6d2c4', 1.1, 0.55) + veins(rng, 100, 100, 2, '#4e241e', 0.8, 0.7))
    return (HEAD_BOARD + '<rect width="400" height="440" fill="#ebe6dd"/>\n' +
            veins(rng, 400, 440, 10, '#a39d94', 2.0, 0.5, 40) + '</svg>\n')


def theme_sandstone(rng, kind):
    if kind == 'light':
        return tile('sandstone', kind, '#e6c896', ripples(rng, 100, 100, 6, '#d4ad70', 1.6, 0.5) +
                    dots(rng, 100, 100, 160, ['#c99d5e', '#f3dcb2', '#b88a4e'], 0.3, 0.9, 0.8))
    if kind == 'dark':
        return tile('sandstone', kind, '#b47640', ripples(rng, 100, 100, 6, '#9c5f2d', 1.8, 0.55) +
                    dots(rng, 100, 100, 160, ['#8f5326', '#cb8e55', '#a8693a'], 0.3, 0.9, 0.8))
    return (HEAD_BOARD + '<rect width="400" height="440" fill="#dcb884"/>\n' +
            ripples(rng, 400, 440, 22, '#c29455', 2.2, 0.5) +
            dots(rng, 400, 440, 900, ['#b98a4e', '#efd5a6'], 0.4, 1.2, 0.8) + '</svg>\n')


def cracks(rng, w, h, n, colour, width, op):
    out = []
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        d = 'M%s %s' % (f(x), f(y))
        for _ in range(rng.randint(3, 6)):
            x += rng.uniform(-22, 22)
            y += rng.uniform(-22, 22)
            d += 'L%s %s' % (f(x), f(y))
        out.append('<path d="%s"/>' % d)
    return '<g fill="none" stroke="%s" stroke-width="%s" stroke-opacity="%s" stroke-linejoin="bevel">%s</g>\n' % (
        colour, f(width), f(op), ''.join(out))


def theme_glacier(rng, kind):
    if kind == 'light':
        return tile('glacier', kind, '#e8f4fa', gradient('gl-l', '#f6fbfe', '#d6eaf4') +
                    '<rect width="100" height="100" fill="url(#gl-l)"/>' +
                    cracks(rng, 100, 100, 4, '#a9cde2', 0.9, 0.8) + cracks(rng, 100, 100, 3, '#ffffff', 1.2, 0.9))
    if kind == 'dark':
        return tile('glacier', kind, '#76aecd', gradient('gl-d', '#8cc0dc', '#5e98bb') +
                    '<rect width="100" height="100" fill="url(#gl-d)"/>' +
                    cracks(rng, 100, 100, 4, '#d9eef8', 0.9, 0.8) + cracks(rng, 100, 100, 3, '#3f7ea3', 1.0, 0.8))
    return (HEAD_BOARD + '<rect width="400" height="440" fill="#dcedf6"/>\n' +
            cracks(rng, 400, 440, 20, '#9cc6de', 1.4, 0.8) + cracks(rng, 400, 440, 14, '#ffffff', 1.8, 0.9) +
            '</svg>\n')


def theme_amber(rng, kind):
    if kind == 'light':
        return tile('amber', kind, '#f3c469', gradient('am-l', '#f8d58a', '#eab04c', '0 0 1 1') +
                    '<rect width="100" height="100" fill="url(#am-l)"/>' +
                    rings(rng, 100, 100, 9, '#fff1c8', 0.8, 2.6, 0.6, 0.8) +
                    dots(rng, 100, 100, 20, ['#d9942f'], 0.3, 0.8, 0.7))
    if kind == 'dark':
        return tile('amber', kind, '#b5621c', gradient('am-d', '#c8742a', '#964a10', '0 0 1 1') +
                    '<rect width="100" height="100" fill="url(#am-d)"/>' +
                    rings(rng, 100, 100, 9, '#f0b060', 0.8, 2.6, 0.6, 0.7) +
                    dots(rng, 100, 100, 20, ['#6e3208'], 0.3, 0.8, 0.7))
    # the board: amber with bubbles and a fern frond caught in it
    fern = '<g fill="none" stroke="#7a4410" stroke-opacity="0.35" stroke-width="1.6"><path d="M60 380Q140 300 250 250"/>'
    for i in range(12):
        t = i / 12.0
        x = 60 + 190 * t
        y = 380 - 130 * t
        fern += '<path d="M%s %sq-6 -18 -22 -24M%s %sq16 -4 26 8"/>' % (f(x), f(y), f(x), f(y))
    fern += '</g>\n'
    return (HEAD_BOARD + '<rect width="400" height="440" fill="#eeb656"/>\n' + fern +
            rings(rng, 400, 440, 60, '#fff0c4', 1, 5, 0.8, 0.7) + '</svg>\n')


def theme_tidepool(rng, kind):
    if kind == 'light':
        return tile('tidepool', kind, '#dfe6cf', dots(rng, 100, 100, 14, ['#c9d1b4', '#eef0e0', '#d6c8a8'], 1.5, 4.5, 0.8) +
                    ripples(rng, 100, 100, 5, '#ffffff', 0.9, 0.6))
    if kind == 'dark':
        return tile('tidepool', kind, '#3b8587', gradient('tp-d', '#4b9a9a', '#2c6f74') +
                    '<rect width="100" height="100" fill="url(#tp-d)"/>' +
                    ripples(rng, 100, 100, 6, '#a6dcd6', 1.0, 0.6) +
                    dots(rng, 100, 100, 6, ['#2a5f62', '#5aa8a2'], 2, 5, 0.6))
    return (HEAD_BOARD + '<rect width="400" height="440" fill="#bcd8cf"/>\n' +
            dots(rng, 400, 440, 90, ['#a6c4b8', '#d7e6d8', '#c9b99a'], 3, 11, 0.8) +
            ripples(rng, 400, 440, 26, '#ffffff', 1.2, 0.55) + '</svg>\n')


def theme_chamber(rng, kind):
    if kind == 'light':
        return tile('chamber', kind, '#bfb8aa', dots(rng, 100, 100, 120, ['#aaa395', '#cfc9bc', '#9b9486'], 0.4, 1.4, 0.8) +
                    blocks(rng, 100, 100, 2, '#827b6e', 1.6, 0.7) + cracks(rng, 100, 100, 1, '#6f685d', 0.7, 0.6))
    if kind == 'dark':
        return tile('chamber', kind, '#6d675e', dots(rng, 100, 100, 120, ['#5c564e', '#7d776d', '#4f4a43'], 0.4, 1.4, 0.8) +
                    blocks(rng, 100, 100, 2, '#3f3a34', 1.6, 0.8) + cracks(rng, 100, 100, 1, '#35312c', 0.7, 0.6))
    return (HEAD_BOARD + '<rect width="400" height="440" fill="#a9a293"/>\n' +
            dots(rng, 400, 440, 700, ['#958e80', '#bdb6a8'], 0.5, 1.8, 0.8) +
            blocks(rng, 400, 440, 7, '#6f685c', 2.2, 0.7) + '</svg>\n')


THEMES = [
    # name, generator, ini colours
    ('felt', theme_felt, dict(line='#10281a', frame='#1d4a2e', **{'coord-light': '#2f6a43', 'coord-dark': '#e9e3c9',
      'text': '#10281a', 'camp': '#b03a2eb0', 'last-move': '#e8d23a80', 'check': '#e0202080',
      'selected': '#f0e68c90', 'target': '#10281a70', 'capture': '#d0202090',
      'tile-fill': '#f3eed8', 'tile-edge': '#1d3a28', 'tile-side': '#8c7d58'})),
    ('marble', theme_marble, dict(line='#4a2520', frame='#5e332c', **{'coord-light': '#7b3f36', 'coord-dark': '#efece6',
      'text': '#3a1d18', 'camp': '#2c5aa0b0', 'last-move': '#e8c24a80', 'check': '#e0202080',
      'selected': '#5aa06a90', 'target': '#3a1d1870', 'capture': '#d0202090',
      'tile-fill': '#f4f1ec', 'tile-edge': '#3a1c18', 'tile-side': '#a8a199'})),
    ('sandstone', theme_sandstone, dict(line='#5a3412', frame='#7a4a20', **{'coord-light': '#9c5f2d', 'coord-dark': '#f3dcb2',
      'text': '#4a2a0e', 'camp': '#8a2a1ab0', 'last-move': '#f0e05080', 'check': '#e0202080',
      'selected': '#6a9a3a90', 'target': '#4a2a0e70', 'capture': '#d0202090',
      'tile-fill': '#f0d9ae', 'tile-edge': '#3e220a', 'tile-side': '#a8733e'})),
    ('glacier', theme_glacier, dict(line='#1f4f6e', frame='#2f668a', **{'coord-light': '#4f8fb5', 'coord-dark': '#f0f8fc',
      'text': '#163a52', 'camp': '#d05a30b0', 'last-move': '#fff27080', 'check': '#ff303090',
      'selected': '#40b0a090', 'target': '#163a5270', 'capture': '#e0202090',
      'tile-fill': '#f4fbff', 'tile-edge': '#0f2a3c', 'tile-side': '#8fb9d2'})),
    ('amber', theme_amber, dict(line='#5a2a04', frame='#7a3a08', **{'coord-light': '#a0561a', 'coord-dark': '#fde3a6',
      'text': '#4a2204', 'camp': '#3a6a2ab0', 'last-move': '#fff6a080', 'check': '#e0202090',
      'selected': '#4a8a3a90', 'target': '#4a220470', 'capture': '#c0101090',
      'tile-fill': '#fbe6b4', 'tile-edge': '#3c1a02', 'tile-side': '#b8762a'})),
    ('tidepool', theme_tidepool, dict(line='#1c4a4c', frame='#24595c', **{'coord-light': '#3b8587', 'coord-dark': '#eef0e0',
      'text': '#163c3e', 'camp': '#d0603ab0', 'last-move': '#f4e06a80', 'check': '#e0202080',
      'selected': '#f08a6a90', 'target': '#163c3e70', 'capture': '#d0202090',
      'tile-fill': '#fbf3e6', 'tile-edge': '#0f2e30', 'tile-side': '#c8a888'})),
    ('chamber', theme_chamber, dict(line='#2a2620', frame='#3d3831', **{'coord-light': '#5c564e', 'coord-dark': '#d9d3c6',
      'text': '#1e1b17', 'camp': '#8a1a1ab0', 'last-move': '#e8c84a80', 'check': '#e0202080',
      'selected': '#c08a3a90', 'target': '#1e1b1770', 'capture': '#d0202090',
      'tile-fill': '#e6e0d2', 'tile-edge': '#2a2620', 'tile-side': '#8a8477'})),
]

LABELS = {'felt': 'Classic felt', 'marble': 'Renaissance marble', 'sandstone': 'Stone-Age sandstone',
          'glacier': 'Glacier', 'amber': 'Jurassic amber', 'tidepool': 'Tide pool',
          'chamber': 'Medieval stone chamber'}

# ---- the piece sets ------------------------------------------------------------------
# (white body top, white body bottom, white outline, black top, black bottom,
#  black outline, black details, outline width factor).  Outlines stay dark
#  (r+g+b < 120) so that the pieces read on every board.
SETS = {
    'felt':      ('#fffdf4', '#e4dabf', '#2b2118', '#555555', '#121212', '#000000', '#d8d0bc', 1.0),
    'marble':    ('#ffffff', '#d6d0c6', '#2e2a27', '#8a4a40', '#3a1a16', '#1e0c0a', '#efe4da', 0.85),
    'sandstone': ('#f6e1b6', '#c9965a', '#3a2208', '#9a5a2c', '#4e280e', '#241002', '#f0d5a4', 1.15),
    'glacier':   ('#ffffff', '#b9dff2', '#12324a', '#4a8cb2', '#0f3550', '#06202f', '#d9f1ff', 0.9),
    'amber':     ('#ffeeb4', '#f0b040', '#3e2002', '#b8621a', '#4e2203', '#2a1100', '#ffd98a', 1.0),
    'tidepool':  ('#fff6ea', '#f3b29a', '#3a1c14', '#3a8c86', '#0d3b3f', '#052224', '#c9f0e6', 1.0),
    'chamber':   ('#ebe6da', '#a39c8f', '#24201b', '#76716a', '#2a2723', '#141210', '#d7d1c4', 1.2),
}


def make_piece(src, name, setname, colour):
    wt, wb, wo, bt, bb, bo, bd, k = SETS[setname]
    gid = '%s-%s' % (setname, name)
    s = src
    if colour == 'w':
        s = s.replace('fill="#faf6ec"', 'fill="url(#%s)"' % gid)
        s = s.replace('"#1b1b1b"', '"%s"' % wo)
        grad = gradient(gid, wt, wb)
    else:
        s = s.replace('fill="#2a2a2e"', 'fill="url(#%s)"' % gid)
        s = s.replace('"#0c0c0c"', '"%s"' % bo)
        s = s.replace('"#e9e4d6"', '"%s"' % bd)
        grad = gradient(gid, bt, bb)
    s = re.sub(r'stroke-width="([0-9.]+)"', lambda m: 'stroke-width="%s"' % f(float(m.group(1)) * k), s)
    # the gradient goes first inside <svg>
    i = s.index('>', s.index('<svg')) + 1
    return s[:i] + '\n' + grad.rstrip('\n') + s[i:]


def main():
    themes_dir = os.path.join(ROOT, 'data', 'themes')
    files = []
    for i, (name, gen, colours) in enumerate(THEMES):
        d = os.path.join(themes_dir, name)
        os.makedirs(d, exist_ok=True)
        for kind in ('light', 'dark', 'board'):
            rng = random.Random('%s-%s' % (name, kind))
            with open(os.path.join(d, kind + '.svg'), 'w') as fh:
                fh.write(gen(rng, kind))
            files.append('themes/%s/%s.svg' % (name, kind))
    ini_path = os.path.join(themes_dir, 'themes.ini')
    ini = open(ini_path).read()
    ini = ini.split('\n# ---- issue 20')[0].rstrip('\n') + '\n'
    ini += '\n# ---- issue 20: written by tools/gen-themes.py (tile-*: Janggi and Chartima tiles)\n'
    for i, (name, gen, colours) in enumerate(THEMES):
        ini += '\n[%s]\nlabel=%s\norder=%d\n' % (name, LABELS[name], 3 + i)
        for key, v in colours.items():
            ini += '%s=%s\n' % (key, v)
    open(ini_path, 'w').write(ini)

    western = os.path.join(ROOT, 'data', 'pieces', 'western')
    for setname in SETS:
        d = os.path.join(ROOT, 'data', 'pieces', setname)
        os.makedirs(d, exist_ok=True)
        for fn in sorted(os.listdir(western)):
            if not fn.endswith('.svg'):
                continue
            src = open(os.path.join(western, fn)).read()
            out = make_piece(src, fn[:-4], setname, fn[0])
            with open(os.path.join(d, fn), 'w') as fh:
                fh.write(out)
            files.append('pieces/%s/%s' % (setname, fn))

    gres = os.path.join(ROOT, 'data', 'vs-board.gresource.xml')
    text = open(gres).read()
    have = set(re.findall(r'<file>([^<]+)</file>', text))
    new = [fn for fn in files if fn not in have]
    if new:
        allf = sorted(have | set(new))
        body = ''.join('    <file>%s</file>\n' % fn for fn in allf)
        start = text.index('    <file>')
        end = text.rindex('</file>\n') + len('</file>\n')
        text = text[:start] + body + text[end:]
        open(gres, 'w').write(text)


if __name__ == '__main__':
    main()
