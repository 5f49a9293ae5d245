/**
 * A small seeded pseudo-random generator: the same seed gives the same sample site. Not for
 * anything secret (tokens and salts use node:crypto).
 */

/** 32-bit FNV-1a of a string: turns a seed such as "demo" or "42" into a number. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** sfc32 state from a seed (number or text), warmed up so near seeds diverge. */
  constructor(seed: number | string) {
    const s = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = 0xb7e15162;
    this.#d = s ^ 0xdeadbeef;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const a = this.#a;
    const b = this.#b;
    const c = this.#c;
    const d = this.#d;
    const t = (((a + b) | 0) + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    this.#c = (r + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = items.slice();
    const count = Math.min(n, copy.length);
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** Exponentially distributed, with this mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** An index into `weights` (not all zero), chosen in proportion to them. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** A count from a small table: `table[k]` is the relative weight of k. */
  count(table: readonly number[]): number {
    return this.weighted(table);
  }
}

/**
 * Picks indexes in proportion to fixed weights in O(log n) (cumulative sums and a binary search):
 * for choosing among thousands of users many times.
 */
export class WeightedPicker {
  readonly #cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.#cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += Math.max(0, w);
      this.#cumulative[i] = sum;
    });
  }

  get size(): number {
    return this.#cumulative.length;
  }

  pick(random: Random): number {
    const n = this.#cumulative.length;
    if (n === 0) throw new Error('pick from an empty list');
    const x = random.next() * this.#cumulative[n - 1]!;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
