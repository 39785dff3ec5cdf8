import { routes } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { chatRoutes } from './refs.ts';

describe('chat route references', () => {
  it('match the contract route table (id, method, path)', () => {
    for (const [name, ref] of Object.entries(chatRoutes)) {
      const def = routes[name as keyof typeof routes];
      expect({ name, id: ref.id, method: ref.method, path: ref.path }).toEqual({ name, id: def.id, method: def.method, path: def.path });
    }
  });
});
