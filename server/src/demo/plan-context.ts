import type { DemoEnvironment } from './environment';
import { type Random, type WeightedPicker } from './prng';
import type { PlanOptions, PlanUser } from './plan-types';

/** What the planning steps share, and how they pick who acts when. */
export interface Context {
  env: DemoEnvironment;
  options: PlanOptions;
  random: Random;
  users: PlanUser[];
  picker: WeightedPicker;
  participants: number[];
  staff: number[];
  start: number;
}

/** A user who could act at time t (weighted by activity), other than `not`; -1 when none is found. */
export function pickActor(ctx: Context, t: number, not: ReadonlySet<number> | number = -1): number {
  for (let attempt = 0; attempt < 25; attempt++) {
    const u = ctx.participants[ctx.picker.pick(ctx.random)]!;
    const user = ctx.users[u]!;
    if (user.created > t || t >= user.activeUntil) continue;
    if (typeof not === 'number' ? u === not : not.has(u)) continue;
    return u;
  }
  return -1;
}

export function pickStaff(ctx: Context, t: number): number {
  const candidates = ctx.staff.filter((u) => ctx.users[u]!.created <= t);
  return candidates.length ? ctx.random.pick(candidates) : -1;
}

export function capped(ms: number, now: number): number {
  return Math.min(ms, now - 60_000);
}
