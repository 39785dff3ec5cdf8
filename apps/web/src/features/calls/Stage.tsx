import { arrangeTiles, gridColumns, type GroupLayout } from '@lobby/contract';
import type { CSSProperties, ReactNode } from 'react';
import { Tile, type TileModel } from './Tile.tsx';

/** A 1:1 call: the other person large, me small in a corner; alone (calling, waiting), me large. */
export function DirectStage({ other, self, speaker, children }: { other: TileModel | null; self: TileModel; speaker: string | null; children?: ReactNode }) {
  return (
    <div className="relative flex min-h-0 flex-1 items-center justify-center p-2 sm:p-4" data-testid="call-stage">
      <div className="flex size-full min-h-0 items-center justify-center">
        <Tile tile={other ?? self} speaking={other !== null && speaker === other.id} variant="stage" />
      </div>
      {other ? (
        <div className="absolute bottom-4 right-4 w-28 sm:bottom-6 sm:right-6 sm:w-56" data-testid="call-floating">
          <Tile tile={self} speaking={speaker === 'self'} variant="floating" />
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** Columns of the grid on phones (at most 2) and wider screens (as square as the contract says). */
const gridStyle = (count: number): CSSProperties => ({ '--call-cols': String(gridColumns(count)), '--call-cols-phone': String(Math.min(2, gridColumns(count))) }) as CSSProperties;
const GRID = 'grid w-full content-center gap-2 grid-cols-[repeat(var(--call-cols-phone),minmax(0,1fr))] sm:grid-cols-[repeat(var(--call-cols),minmax(0,1fr))]';

/**
 * A group call in one of product.md's layouts (contract arrangeTiles): grid; grid plus me (me in a
 * small tile over the others); accent (the active speaker large, everybody else in a strip).
 */
export function GroupStage({ tiles, layout, speaker }: { tiles: TileModel[]; layout: GroupLayout; speaker: string | null }) {
  const { main, tiles: rest, floating } = arrangeTiles(layout, tiles, (tile) => tile.self, (tile) => tile.id === speaker);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-2 sm:p-4" data-testid="call-stage" data-layout={layout}>
      {main ? (
        <>
          <div className="flex min-h-0 flex-1 items-center justify-center" data-testid="call-main">
            <Tile tile={main} speaking={speaker === main.id} variant="stage" />
          </div>
          <ul className="flex shrink-0 justify-center gap-2 overflow-x-auto" data-testid="call-strip">
            {rest.map((tile) => (
              <li key={tile.id} className="w-28 shrink-0 sm:w-44">
                <Tile tile={tile} speaking={speaker === tile.id} variant="strip" />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <ul className={GRID} style={gridStyle(rest.length)} data-testid="call-grid">
          {rest.map((tile) => (
            <li key={tile.id} className="min-w-0">
              <Tile tile={tile} speaking={speaker === tile.id} variant="grid" />
            </li>
          ))}
        </ul>
      )}
      {floating ? (
        <div className="absolute bottom-4 right-4 w-28 sm:bottom-6 sm:right-6 sm:w-56" data-testid="call-floating">
          <Tile tile={floating} speaking={speaker === floating.id} variant="floating" />
        </div>
      ) : null}
    </div>
  );
}
