import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from './lock.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const lockPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-lock-'));
  dirs.push(dir);
  return join(dir, 'pglite.lock');
};

describe('acquireLock', () => {
  it('refuses a second holder while the first is alive, and frees on release', () => {
    const path = lockPath();
    const release = acquireLock(path);
    expect(() => acquireLock(path)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(path)).toBe(false);
    acquireLock(path)();
  });

  it('refuses a lock held by another live process', async () => {
    const path = lockPath();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path, String(child.pid));
      expect(() => acquireLock(path)).toThrow(/in use by another Lobby process/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const path = lockPath();
    writeFileSync(path, '2147483646');
    const release = acquireLock(path);
    expect(existsSync(path)).toBe(true);
    release();
  });
});
