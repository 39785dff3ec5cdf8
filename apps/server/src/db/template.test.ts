import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDataDirFromTemplate, TEMPLATE_MARK } from './template.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function fixture(marked = true) {
  const root = mkdtempSync(join(tmpdir(), 'lobby-template-'));
  roots.push(root);
  const template = join(root, 'template');
  mkdirSync(join(template, 'base'), { recursive: true });
  writeFileSync(join(template, 'PG_VERSION'), '17');
  writeFileSync(join(template, 'base', 'page'), 'data');
  if (marked) writeFileSync(join(template, TEMPLATE_MARK), '{}');
  return { root, template, dataDir: join(root, 'data', 'pglite') };
}

describe('seedDataDirFromTemplate', () => {
  it('copies the template into a missing data folder, without the mark and without a staging folder left', () => {
    const { root, template, dataDir } = fixture();
    expect(seedDataDirFromTemplate(dataDir, template)).toBe(true);
    expect(readFileSync(join(dataDir, 'base', 'page'), 'utf8')).toBe('data');
    expect(existsSync(join(dataDir, TEMPLATE_MARK))).toBe(false);
    expect(readdirSync(join(root, 'data'))).toEqual(['pglite']);
  });

  it('fills an empty data folder', () => {
    const { template, dataDir } = fixture();
    mkdirSync(dataDir, { recursive: true });
    expect(seedDataDirFromTemplate(dataDir, template)).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a data folder that already holds a database', () => {
    const { template, dataDir } = fixture();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), 'mine');
    expect(seedDataDirFromTemplate(dataDir, template)).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('mine');
    expect(existsSync(join(dataDir, 'base'))).toBe(false);
  });

  it('ignores a template the build did not finish (no mark) or that is absent', () => {
    const { template, dataDir } = fixture(false);
    expect(seedDataDirFromTemplate(dataDir, template)).toBe(false);
    expect(seedDataDirFromTemplate(dataDir, join(template, 'nowhere'))).toBe(false);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});
