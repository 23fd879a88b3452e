// A drawn text's Markdown, as SwiftUI's `Text` draws a string literal: inline styles only
// (`**bold**`, `*italic*` or `_italic_`, `` `code` ``), built as DOM nodes. Anything else stays
// as written: every piece of text becomes a text node, so no markup can come through.

/** The delimiters, longest first: each wraps its inner text in the element named. */
const MARKS = [
  { open: '**', tag: 'strong' },
  { open: '__', tag: 'strong' },
  { open: '*', tag: 'em' },
  { open: '_', tag: 'em' },
];

/** The nodes that draw `text`: text nodes, and `strong`, `em` and `code` elements. */
export function inlineMarkdown(text) {
  return parse(text, 0);
}

function parse(text, depth) {
  const nodes = [];
  let plain = '';
  let index = 0;
  const flush = () => {
    if (plain) nodes.push(document.createTextNode(plain));
    plain = '';
  };
  while (index < text.length) {
    const character = text[index];
    if (character === '\\' && index + 1 < text.length && /[\\`*_]/.test(text[index + 1])) {
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
    const mark = depth < 4 ? MARKS.find(({ open }) => text.startsWith(open, index)) : null;
    if (mark) {
      const close = closing(text, mark.open, index + mark.open.length);
      if (close > 0) {
        flush();
        const element = document.createElement(mark.tag);
        element.append(...parse(text.slice(index + mark.open.length, close), depth + 1));
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
 * Where the delimiter `open` that starts a span at `from` closes, or -1: the span may not start or
 * end with a space, and may not be empty.
 */
function closing(text, open, from) {
  if (from >= text.length || text[from] === ' ') return -1;
  for (let index = from + 1; index <= text.length - open.length; index += 1) {
    if (text[index] === '`') {
      const code = text.indexOf('`', index + 1);
      if (code > 0) index = code;
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
