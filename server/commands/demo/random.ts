// A seeded generator (mulberry32): the same seed gives the same practice on every run, so the
// demo, its test and anyone's screenshots agree.
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A number in [min, max) rounded to `decimals`. */
  real(min: number, max: number, decimals?: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in a stable order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** An item chosen with the given weights. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const random: Random = {
    next,
    int,
    real: (min, max, decimals = 1) => Number((min + next() * (max - min)).toFixed(decimals)),
    chance: (probability) => next() < probability,
    pick: (items) => items[int(0, items.length - 1)]!,
    sample: (items, count) => {
      const pool = [...items];
      const chosen: typeof pool = [];
      while (chosen.length < count && pool.length) chosen.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
      return chosen;
    },
    weighted: (choices) => {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
  };
  return random;
}
