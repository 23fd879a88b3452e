// A drawn text's Markdown, as SwiftUI's `Text` draws `AttributedString(markdown:)` and a string
// literal: inline styles only (`**bold**`, `*italic*` or `_italic_`, `` `code` ``,
// `[a link](https://…)`), built as DOM nodes. Anything else stays as written, line breaks
// included: every piece of text becomes a text node, so no markup can come through.

/** The delimiters, longest first: each wraps its inner text in the element named. */
const MARKS = [
  { open: '**', tag: 'strong' },
  { open: '__', tag: 'strong' },
  { open: '*', tag: 'em' },
  { open: '_', tag: 'em' },
];

/** What a backslash makes literal: any ASCII punctuation, as in CommonMark. */
const ESCAPABLE = /[!-/:-@[-`{-~]/;

/** The URL schemes a link may open; a link to anything else is drawn as its text alone. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The nodes that draw `text`: text nodes, and `strong`, `em`, `code` and `a` elements. `links`:
 * false where a link may not go (inside a button), and a link is drawn as its text.
 */
export function inlineMarkdown(text, { links = true } = {}) {
  return parse(text, 0, { linking: true, anchors: links });
}

/** `linking`: whether `text` may hold links (a link's own text may not); `anchors`: whether they are drawn as links. */
function parse(text, depth, { linking, anchors }) {
  const links = linking ? linksIn(text) : new Map();
  const nodes = [];
  let plain = '';
  let index = 0;
  const flush = () => {
    if (plain) nodes.push(document.createTextNode(plain));
    plain = '';
  };
  while (index < text.length) {
    const character = text[index];
    if (character === '\\' && ESCAPABLE.test(text[index + 1] ?? '')) {
      plain += text[index + 1];
      index += 2;
      continue;
    }
    if (character === '`') {
      const close = text.indexOf('`', index + 1);
      if (close > index + 1) {
        flush();
        const code = document.createElement('code');
        code.textContent = text.slice(index + 1, close);
        nodes.push(code);
        index = close + 1;
        continue;
      }
    }
    const link = links.get(index);
    if (link) {
      flush();
      const label = parse(text.slice(index + 1, link.textEnd), depth, { linking: false, anchors });
      nodes.push(...(anchors ? drawLink(label, link.href) : label));
      index = link.end;
      continue;
    }
    const mark = depth < 4 ? MARKS.find(({ open }) => text.startsWith(open, index)) : null;
    if (mark) {
      const close = closing(text, mark.open, index + mark.open.length, links);
      if (close > 0) {
        flush();
        const element = document.createElement(mark.tag);
        element.append(...parse(text.slice(index + mark.open.length, close), depth + 1, { linking, anchors }));
        nodes.push(element);
        index = close + mark.open.length;
        continue;
      }
    }
    plain += character;
    index += 1;
  }
  flush();
  return nodes;
}

/**
 * A link's nodes: an `a` opening `href` in a new tab, or, for a link to no URL it may open (a
 * relative one, `javascript:`), its text alone. A link without text draws nothing.
 */
function drawLink(nodes, href) {
  const url = safeURL(href);
  if (!url || !nodes.length) return nodes;
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  anchor.append(...nodes);
  return [anchor];
}

/** `destination` as an absolute http, https or mailto URL, or null. */
function safeURL(destination) {
  try {
    const url = new URL(destination);
    return LINK_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The inline links of `text` (CommonMark's `[text](destination "title")`), by the index of their
 * `[`: `{textEnd, href, end}`, `textEnd` the index of their `]`. Brackets pair up as they nest,
 * outside code spans and escapes; a pair is a link when `(` follows it with a destination, and its
 * text holds no link (the inner one is the link then).
 */
function linksIn(text) {
  const links = new Map();
  const opens = [];
  let latest = -1;
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character === '\\' && ESCAPABLE.test(text[index + 1] ?? '')) {
      index += 2;
      continue;
    }
    if (character === '`') {
      const close = text.indexOf('`', index + 1);
      if (close > index + 1) {
        index = close + 1;
        continue;
      }
    }
    if (character === '[') opens.push(index);
    if (character === ']' && opens.length) {
      const open = opens.pop();
      const target = text[index + 1] === '(' && open > latest ? destination(text, index + 2) : null;
      if (target) {
        links.set(open, { textEnd: index, href: target.href, end: target.end });
        latest = open;
        index = target.end;
        continue;
      }
    }
    index += 1;
  }
  return links;
}

/**
 * The link destination and optional title starting at `from` (just after the `(`), up to its `)`:
 * `{href, end}` (`end` just after the `)`), or null when there is none.
 */
function destination(text, from) {
  let index = skipSpace(text, from);
  let href;
  if (text[index] === '<') {
    const begin = index + 1;
    index = begin;
    while (index < text.length && text[index] !== '>') {
      if (text[index] === '<' || text[index] === '\n' || text[index] === '\r') return null;
      index += text[index] === '\\' ? 2 : 1;
    }
    if (index >= text.length) return null;
    href = unescape(text.slice(begin, index));
    index += 1;
  } else {
    const begin = index;
    let parens = 0;
    while (index < text.length) {
      const character = text[index];
      if (character === '\\' && ESCAPABLE.test(text[index + 1] ?? '')) {
        index += 2;
        continue;
      }
      if (/[\s\x00-\x1f\x7f]/.test(character)) break;
      // Nested at most 32 deep, as cmark has it: a run of `[a](b` stays quick.
      if (character === '(' && (parens += 1) > 32) return null;
      if (character === ')') {
        if (parens === 0) break;
        parens -= 1;
      }
      index += 1;
    }
    if (parens) return null;
    href = unescape(text.slice(begin, index));
  }
  const afterDestination = index;
  index = skipSpace(text, index);
  const quote = text[index];
  if (index > afterDestination && (quote === '"' || quote === "'" || quote === '(')) {
    const close = quote === '(' ? ')' : quote;
    index += 1;
    while (index < text.length && text[index] !== close) {
      if (quote === '(' && text[index] === '(') return null;
      index += text[index] === '\\' ? 2 : 1;
    }
    if (index >= text.length) return null;
    index = skipSpace(text, index + 1);
  }
  return text[index] === ')' ? { href, end: index + 1 } : null;
}

/** The index after the spaces and tabs (and at most one line break) from `index`. */
function skipSpace(text, index) {
  let breaks = 0;
  while (index < text.length) {
    if (text[index] === '\n') breaks += 1;
    else if (text[index] !== ' ' && text[index] !== '\t') break;
    if (breaks > 1) break;
    index += 1;
  }
  return index;
}

/** `text` with its backslash escapes made literal. */
function unescape(text) {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/**
 * Where the delimiter `open` that starts a span at `from` closes, or -1: the span may not start or
 * end with a space, and may not be empty. Code spans and `links` are passed over whole.
 */
function closing(text, open, from, links) {
  if (from >= text.length || text[from] === ' ') return -1;
  for (let index = from + 1; index <= text.length - open.length; index += 1) {
    if (text[index] === '`') {
      const code = text.indexOf('`', index + 1);
      if (code > 0) index = code;
      continue;
    }
    const link = links.get(index);
    if (link) {
      index = link.end - 1;
      continue;
    }
    if (text.startsWith(open, index) && text[index - 1] !== ' ' && text[index - 1] !== '\\') {
      // `**` inside a `*` span is bold, not the end of the italic.
      if (open.length === 1 && text[index + 1] === open) {
        index += 1;
        continue;
      }
      return index;
    }
  }
  return -1;
}
