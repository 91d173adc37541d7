// What the running code is inside of, carried across its awaits: the request it serves, the audited
// read collecting its events, the transaction its queries go to. One AsyncLocalStorage holds them
// all: every promise made while a store is set carries that store along (Node's async hooks), and
// each further AsyncLocalStorage would be one more copy on every promise of every request.
import { AsyncLocalStorage } from 'node:async_hooks';

type Frame = Readonly<Record<symbol, unknown>>;

const frames = new AsyncLocalStorage<Frame>();

/** One thing the async context carries: read where the code runs, set for the work given to `run`. */
export interface ContextSlot<T> {
  get(): T | undefined;
  /** Runs `work` with this slot set to `value`, the other slots as they are. */
  run<R>(value: T, work: () => R): R;
}

export function contextSlot<T>(name: string): ContextSlot<T> {
  const key = Symbol(name);
  return {
    get: () => frames.getStore()?.[key] as T | undefined,
    run: (value, work) => frames.run({ ...frames.getStore(), [key]: value }, work),
  };
}
