"""Text a reader cannot see whole: cut off by an ancestor's ``overflow`` or by the right edge of the screen.

:data:`CLIPPED_JS` runs in the page (Playwright's ``page.evaluate``) and returns one line per piece of
visible text in the content area whose box reaches past an ancestor that clips it (any ``overflow``
but ``visible``: a scroll box hides what lies past its edge until the reader scrolls, which a table's
last column must not need) or past the viewport's right edge. Text that is visually hidden for
screen readers (``clip``/``clip-path``), the sidebars and the charts' SVG are not looked at.
"""

from __future__ import annotations

CLIPPED_JS = """() => {
  const out = [];
  const root = document.querySelector('.md-content') || document.body;
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const name = (e) => `${e.tagName.toLowerCase()}${[...e.classList].map((c) => '.' + c).join('')}`;
  while (walk.nextNode()) {
    const node = walk.currentNode, text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || !el.checkVisibility() || el.closest('svg, script, style, .md-sidebar')) continue;
    let hidden = false;
    for (let a = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.clip !== 'auto' || s.clipPath !== 'none') { hidden = true; break; }
    }
    if (hidden) continue;
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      if (!box.width) continue;
      let cut = '';
      for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const edge = a.getBoundingClientRect();
        if (box.right > edge.right + 1 || box.left < edge.left - 1) {
          const where = `text to ${Math.round(box.right)} px, box to ${Math.round(edge.right)} px`;
          cut = `cut off by ${name(a)} (overflow ${s.overflowX}: ${where})`;
          break;
        }
      }
      if (!cut && box.right > document.documentElement.clientWidth + 1) cut = 'past the right edge of the screen';
      if (cut) { out.push(`${name(el)} "${text.slice(0, 40)}" ${cut}`); break; }
    }
  }
  return out;
}"""
