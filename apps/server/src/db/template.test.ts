import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDataDirFromTemplate, startTemplateCopy, TEMPLATE_MARK } from './template.ts';

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
  it('copies the template into a missing data folder, without the mark and without a staging folder left', async () => {
    const { root, template, dataDir } = fixture();
    expect(await seedDataDirFromTemplate(dataDir, template)).toBe(true);
    expect(readFileSync(join(dataDir, 'base', 'page'), 'utf8')).toBe('data');
    expect(existsSync(join(dataDir, TEMPLATE_MARK))).toBe(false);
    expect(readdirSync(join(root, 'data'))).toEqual(['pglite']);
  });

  it('fills an empty data folder', async () => {
    const { template, dataDir } = fixture();
    mkdirSync(dataDir, { recursive: true });
    expect(await seedDataDirFromTemplate(dataDir, template)).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a data folder that already holds a database', async () => {
    const { template, dataDir } = fixture();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), 'mine');
    expect(await seedDataDirFromTemplate(dataDir, template)).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('mine');
    expect(existsSync(join(dataDir, 'base'))).toBe(false);
  });

  it('ignores a template the build did not finish (no mark) or that is absent', async () => {
    const { template, dataDir } = fixture(false);
    expect(await seedDataDirFromTemplate(dataDir, template)).toBe(false);
    expect(await seedDataDirFromTemplate(dataDir, join(template, 'nowhere'))).toBe(false);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});

describe('startTemplateCopy (the copy main.ts begins before the modules load)', () => {
  it('copies into a staging folder of this process, which seedDataDirFromTemplate moves into place', async () => {
    const { root, template, dataDir } = fixture();
    const early = startTemplateCopy(dataDir, template);
    expect(early).toBeDefined();
    const staging = await early?.staged;
    expect(staging).toBe(join(root, 'data', `.pglite.${process.pid}.tmp`));
    // Nothing reaches the data folder before the lock holder moves it.
    expect(existsSync(dataDir)).toBe(false);
    expect(readFileSync(join(staging ?? '', 'base', 'page'), 'utf8')).toBe('data');
    expect(existsSync(join(staging ?? '', TEMPLATE_MARK))).toBe(false);
    expect(await seedDataDirFromTemplate(dataDir, template, early)).toBe(true);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17');
    expect(readdirSync(join(root, 'data'))).toEqual(['pglite']);
  });

  it('starts nothing for a folder that holds a database, or without a complete template', () => {
    const { template, dataDir } = fixture();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), 'mine');
    expect(startTemplateCopy(dataDir, template)).toBeUndefined();
    const unmarked = fixture(false);
    expect(startTemplateCopy(unmarked.dataDir, unmarked.template)).toBeUndefined();
  });

  it('throws its copy away when a database appeared meanwhile, and leaves that database alone', async () => {
    const { root, template, dataDir } = fixture();
    const early = startTemplateCopy(dataDir, template);
    await early?.staged;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), 'mine');
    expect(await seedDataDirFromTemplate(dataDir, template, early)).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('mine');
    expect(readdirSync(join(root, 'data'))).toEqual(['pglite']);
  });

  it('is used only for the folder it was made for; another folder is copied as before', async () => {
    const { root, template, dataDir } = fixture();
    const early = startTemplateCopy(dataDir, template);
    const other = join(root, 'other', 'pglite');
    expect(await seedDataDirFromTemplate(other, template, early)).toBe(true);
    expect(readFileSync(join(other, 'base', 'page'), 'utf8')).toBe('data');
    expect(existsSync(dataDir)).toBe(false);
    await early?.staged;
  });

  it('answers null when the copy fails, and the first start copies as usual', async () => {
    const { root, template, dataDir } = fixture();
    // A file where the staging folder's parent must be: the worker's copy cannot create it.
    writeFileSync(join(root, 'data'), 'not a folder');
    const early = startTemplateCopy(dataDir, template);
    expect(await early?.staged).toBeNull();
    rmSync(join(root, 'data'));
    expect(await seedDataDirFromTemplate(dataDir, template, early)).toBe(true);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17');
  });
});
