import { describe, expect, it } from 'vitest';
import { bySort, inOrder, moveItem, sameOrder, sortItemsOf } from './reorder.ts';

describe('moving an item in a list', () => {
  it.each<[string, number, number, number[]]>([
    ['down one', 0, 1, [2, 1, 3, 4]],
    ['up one', 2, 1, [1, 3, 2, 4]],
    ['to the end', 0, 3, [2, 3, 4, 1]],
    ['to the start', 3, 0, [4, 1, 2, 3]],
    ['past the end stays last', 1, 9, [1, 3, 4, 2]],
    ['before the start goes first', 2, -3, [3, 1, 2, 4]],
    ['nowhere', 1, 1, [1, 2, 3, 4]],
    ['an index outside the list changes nothing', 7, 0, [1, 2, 3, 4]],
  ])('%s', (_name, from, to, expected) => {
    const list = [1, 2, 3, 4];
    expect(moveItem(list, from, to)).toEqual(expected);
    expect(list).toEqual([1, 2, 3, 4]);
  });
});

describe('the sort call and the shown order', () => {
  it('numbers every id once from 0, in the new order', () => {
    expect(sortItemsOf([30, 10, 20])).toEqual([
      { id: 30, sort: 0 },
      { id: 10, sort: 1 },
      { id: 20, sort: 2 },
    ]);
  });

  it('orders by sort, then id, as the server does', () => {
    expect(bySort([{ id: 3, sort: 1 }, { id: 2, sort: 0 }, { id: 1, sort: 1 }]).map((item) => item.id)).toEqual([2, 1, 3]);
  });

  it('shows the pending order over the server list; gone items are skipped and new ones go last', () => {
    const list = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(inOrder(list, [3, 1, 2, 4]).map((item) => item.id)).toEqual([3, 1, 2, 4]);
    expect(inOrder(list, [9, 2, 1]).map((item) => item.id)).toEqual([2, 1, 3, 4]);
  });

  it('tells equal orders', () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1], [1, 2])).toBe(false);
  });
});
