// Task notes arrive as HTML the server rendered from Markdown and sanitised. They are still rebuilt
// here from an allowlist (parsed in an inert document, so nothing in them runs): the page never
// depends on a single layer for safety.

const KEPT = new Set(['P', 'BR', 'STRONG', 'EM', 'B', 'I', 'CODE', 'PRE', 'A', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'DEL', 'HR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED', 'NOSCRIPT', 'svg', 'math']);
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** A fragment holding only allowlisted elements, text, and links with safe targets. */
export function notesFragment(html) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = document.createDocumentFragment();
  copyChildren(parsed.body, fragment);
  return fragment;
}

function copyChildren(from, into) {
  for (const node of from.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      into.append(node.data);
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      if (DROPPED_WITH_CONTENT.has(node.tagName)) continue;
      if (!KEPT.has(node.tagName)) {
        copyChildren(node, into);
        continue;
      }
      const copy = document.createElement(node.tagName.toLowerCase());
      if (node.tagName === 'A') keepSafeLink(node, copy);
      copyChildren(node, copy);
      into.append(copy);
    }
  }
}

function keepSafeLink(source, copy) {
  const href = source.getAttribute('href');
  if (!href) return;
  let url;
  try { url = new URL(href, location.href); } catch { return; }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return;
  copy.href = url.href;
  copy.target = '_blank';
  copy.rel = 'noopener noreferrer nofollow';
}
