// Reordering modules and lessons (the sort calls): the new order is computed here, shown at once,
// and put back when the server refuses it.

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/** The sort call's items for a list in its new order: every id once, sort numbered from 0. */
export const sortItemsOf = (ids: readonly number[]): { id: number; sort: number }[] => ids.map((id, sort) => ({ id, sort }));

/** Items in course order: by sort, then id (as the server orders them). */
export const bySort = <T extends { id: number; sort: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);

/** The items of `list` in the order of `ids`; ids no longer in the list are skipped, new items go last. */
export function inOrder<T extends { id: number }>(list: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  const ordered = ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  const placed = new Set(ids);
  return [...ordered, ...list.filter((item) => !placed.has(item.id))];
}

/** Whether two orders are the same. */
export const sameOrder = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((id, index) => id === b[index]);
