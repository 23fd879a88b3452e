// Text as JavaScript holds it (UTF-16 code units) beside text as code points: the conversions and
// surrogate tests that text-ot.js and edit-script.js share.

export function codePoints(text) {
  const points = [];
  for (const character of text) points.push(character.codePointAt(0));
  return points;
}

/** The text of `points`, a few thousand at a time (a spread of a whole field could pass too many arguments). */
export function fromCodePoints(points) {
  const parts = [];
  for (let start = 0; start < points.length; start += 4096) parts.push(String.fromCodePoint(...points.slice(start, start + 4096)));
  return parts.join('');
}

export function utf16Length(points) {
  let length = 0;
  for (const point of points) length += point > 0xffff ? 2 : 1;
  return length;
}

export function isLeadSurrogate(unit) { return unit >= 0xd800 && unit <= 0xdbff; }
export function isTrailSurrogate(unit) { return unit >= 0xdc00 && unit <= 0xdfff; }
