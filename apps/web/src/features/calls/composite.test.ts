import { describe, expect, it } from 'vitest';
import { compositeCells } from './composite.ts';

describe('compositeCells', () => {
  it('is empty without tiles', () => {
    expect(compositeCells(0)).toEqual([]);
  });

  it("one tile fills the frame's height but for the margin, centred across", () => {
    expect(compositeCells(1, 1280, 720)).toEqual([{ x: 14, y: 8, width: 1252, height: 704 }]);
  });

  it('keeps every cell 16:9, inside the frame and apart from the others', () => {
    for (let count = 1; count <= 9; count += 1) {
      const cells = compositeCells(count, 1280, 720);
      expect(cells).toHaveLength(count);
      for (const cell of cells) {
        expect(Math.abs(cell.width / cell.height - 16 / 9)).toBeLessThan(0.02);
        expect(cell.x).toBeGreaterThanOrEqual(0);
        expect(cell.y).toBeGreaterThanOrEqual(0);
        expect(cell.x + cell.width).toBeLessThanOrEqual(1280);
        expect(cell.y + cell.height).toBeLessThanOrEqual(720);
      }
      for (const [i, a] of cells.entries()) {
        for (const b of cells.slice(i + 1)) {
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart).toBe(true);
        }
      }
    }
  });

  it('lays three out as two above and one centred below (the grid columns of the contract)', () => {
    const [first, second, third] = compositeCells(3, 1280, 720);
    expect(first?.y).toBe(second?.y);
    expect(third?.y).toBeGreaterThan(first?.y ?? 0);
    expect(Math.abs((third?.x ?? 0) + (third?.width ?? 0) / 2 - 640)).toBeLessThanOrEqual(1);
  });
});
