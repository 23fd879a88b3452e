// Element building without HTML strings: every piece of text becomes a text node.

/**
 * Creates an element. `props`: `class`, `text`, `dataset`, `on<event>` listeners, and plain
 * attributes (`true` sets an empty attribute, `null`/`false` skips it).
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') element.className = value;
    else if (name === 'text') element.textContent = value;
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

/** `document.getElementById` that fails loudly when the page and the script disagree. */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`missing #${id}`);
  return element;
}

/** An id usable in the DOM for any key string (`row/6F1C…` → `row-6F1C…`). */
export function domId(...parts) {
  return parts.join('-').replace(/[^A-Za-z0-9_-]/g, '-');
}

/** Puts `children` into `parent` in order, moving only the nodes that are out of place (a moved node loses focus). */
export function arrange(parent, children) {
  const wanted = new Set(children);
  for (const child of [...parent.children]) if (!wanted.has(child)) child.remove();
  children.forEach((child, index) => {
    if (parent.children[index] !== child) parent.insertBefore(child, parent.children[index] ?? null);
  });
}
