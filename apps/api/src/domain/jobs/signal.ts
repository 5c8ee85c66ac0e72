/**
 * Tells this process's job runner at once that a job was created through the same database handle
 * (other processes find it on their next look, within half a lease).
 */
const listeners = new WeakMap<object, Set<() => void>>();

export function onJobCreated(db: object, listener: () => void): () => void {
  const set = listeners.get(db) ?? new Set();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

export function jobCreated(db: object) {
  for (const listener of listeners.get(db) ?? []) listener();
}
