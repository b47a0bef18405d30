// A minimal Markdown reading for a game's page for players (GET /api/games/NAME/guide):
// headings, paragraphs, lists (`-`, `*`, `1.`), tables (`| a | b |` rows under a `|---|` line),
// emphasis (`*em*`, `_em_`, `**strong**`), code (`code` and fenced blocks) and links
// (`[text](https://...)` a link; a link to a relative page, which the server does not serve, its
// text). Everything else is text: every character of the source is escaped, and the only markup
// written is this reading's own. No library.

/** `text` with `&`, `<`, `>`, `"` and `'` escaped for HTML. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  })[c]);
}

/** One line's inline markup: code spans first (kept as they are), then strong and emphasis. */
export function inline(text) {
  return String(text).split(/(`[^`]+`)/).map((part) => {
    if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) {
      return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
    }
    return escapeHtml(part)
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => (/^https?:\/\//.test(href)
        ? `<a href="${href}" rel="noopener noreferrer" target="_blank">${label}</a>` : label))
      .replace(/\*\*(?=\S)(.+?)\*\*/g, '<strong>$1</strong>')
      .replace(/__(?=\S)(.+?)__/g, '<strong>$1</strong>')
      .replace(/\*(?=\S)([^*]+?)\*/g, '<em>$1</em>')
      .replace(/(^|[^\w])_(?=\S)([^_]+?)_(?!\w)/g, '$1<em>$2</em>');
  }).join('');
}

/** A table row's cells (`| a | b |`). */
function cells(line) {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/** Whether `line` is a table's header rule (`|---|:--|`). */
function isRule(line) {
  return /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
}

/** The HTML of a Markdown text (see the file's comment for what is read). */
export function renderMarkdown(text) {
  const lines = String(text).replace(/\r\n?/g, '\n').split('\n');
  const out = [];
  let para = [];
  let list = null; // {tag, items}
  const flushPara = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      flushPara(); flushList();
      const code = [];
      for (i += 1; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) code.push(lines[i]);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && isRule(lines[i + 1])) {
      flushPara(); flushList();
      const head = cells(line).map((c) => `<th>${inline(c)}</th>`).join('');
      const rows = [];
      for (i += 2; i < lines.length && /^\s*\|/.test(lines[i]); i++) {
        rows.push(`<tr>${cells(lines[i]).map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`);
      }
      i -= 1;
      out.push(`<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flushPara(); flushList();
      const n = heading[1].length;
      out.push(`<h${n}>${inline(heading[2])}</h${n}>`);
    } else if (bullet || numbered) {
      flushPara();
      const tag = bullet ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      if (!list) list = { tag, items: [] };
      list.items.push((bullet || numbered)[1]);
    } else if (!line.trim()) {
      flushPara(); flushList();
    } else if (list && /^\s+\S/.test(line)) {
      // a list item's continuation line
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      flushList();
      para.push(line.trim());
    }
  }
  flushPara(); flushList();
  return out.join('\n');
}
