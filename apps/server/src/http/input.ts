/**
 * How deeply decoded input may nest. No Lobby route takes more than a few levels; the limit keeps
 * hostile input (`[[[[...` thousands deep fits in a few KB) from driving recursion anywhere later,
 * zod included.
 */
export const INPUT_DEPTH_MAX = 64;

export interface InputProblem {
  /** `body.items.0.title`: where the problem is; for depth, the container past the limit. */
  field: string;
  kind: 'nul' | 'depth';
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
  /** The object key that led here: keys are text the database stores too. */
  key?: string;
}

/**
 * Finds a NUL character (PostgreSQL text cannot hold one) in any string or key, or nesting past
 * INPUT_DEPTH_MAX. Walks with an explicit stack, never recursion: the input chooses the depth.
 * Reports the first problem in document order.
 */
export function findInputProblem(value: unknown, root: string): InputProblem | undefined {
  const stack: Pending[] = [{ value, path: root, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.key?.includes('\u0000')) return { field: item.path, kind: 'nul' };
    const current = item.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { field: item.path, kind: 'nul' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (item.depth >= INPUT_DEPTH_MAX) return { field: item.path, kind: 'depth' };
    const depth = item.depth + 1;
    // Pushed last to first so the first child is looked at first.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], path: `${item.path}.${index}`, depth });
    } else {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        stack.push({ value: child, path: `${item.path}.${key}`, depth, key });
      }
    }
  }
  return undefined;
}
