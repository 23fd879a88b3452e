// The seeded generator of the Swift tests (Tests/TestSupport/SplitMix64.swift and
// RandomEdits.swift), draw for draw, so a seed means the same schedule in both languages.

const MASK = (1n << 64n) - 1n;

export class SeededRandom {
  constructor(seed) {
    this.state = BigInt(seed) & MASK;
  }

  /** The next 64 bits, as SplitMix64 makes them. */
  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
    let mixed = this.state;
    mixed = ((mixed ^ (mixed >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    mixed = ((mixed ^ (mixed >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return mixed ^ (mixed >> 31n);
  }

  /** A number in 0..<count. */
  below(count) {
    return Number(this.next() % BigInt(count));
  }

  chance(percent) {
    return this.below(100) < percent;
  }
}

/** The UTF-16 offset of every character boundary of `text`, from 0 to its length. */
export function boundaries(text) {
  const offsets = [0];
  for (const character of text) offsets.push(offsets[offsets.length - 1] + character.length);
  return offsets;
}
