import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGamePictures, writeGamePictures, type GamePictures } from '../src/db/seed/games.ts';
import { demoGames } from '../src/db/seed/games-data.ts';
import { openFileStore } from '../src/files/index.ts';

async function read(dataDir: string, key: string): Promise<Buffer> {
  const file = await openFileStore({ dataDir, s3: undefined }).open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const keys = (pictures: GamePictures) => [...pictures.values()].flat().map((picture) => picture.key).sort();

let root: string;
let rendered: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lobby-pictures-'));
  rendered = join(root, 'demo-pictures');
  // What the production build does (make-template.ts).
  await writeGamePictures(rendered);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('demo game pictures rendered by the build', () => {
  it('are written with a manifest naming every demo game', () => {
    const manifest = new Map(JSON.parse(readFileSync(join(rendered, 'pictures.json'), 'utf8')) as [string, { key: string; size: number }[]][]);
    expect([...manifest.keys()].sort()).toEqual(demoGames.map((game) => game.key).sort());
    for (const picture of [...manifest.values()].flat()) expect(readFileSync(join(rendered, picture.key)).length).toBe(picture.size);
  });

  it('are stored as they are on a first start, the same files a render at seeding would store', async () => {
    const fromBuild = join(root, 'from-build');
    const copied = await storeGamePictures(openFileStore({ dataDir: fromBuild, s3: undefined }), rendered);
    const atSeeding = join(root, 'at-seeding');
    const drawn = await storeGamePictures(openFileStore({ dataDir: atSeeding, s3: undefined }), join(root, 'nowhere'));
    expect(keys(copied)).toEqual(keys(drawn));
    expect(copied.size).toBe(demoGames.length);
    for (const picture of [...copied.values()].flat()) {
      const stored = await read(fromBuild, picture.key);
      expect(stored.equals(readFileSync(join(rendered, picture.key))), picture.key).toBe(true);
      expect(stored.equals(await read(atSeeding, picture.key)), picture.key).toBe(true);
    }
  });

  it('are rendered at seeding when the manifest misses a game (a build older than the demo data)', async () => {
    const partial = join(root, 'partial');
    await writeGamePictures(partial);
    const manifest = JSON.parse(readFileSync(join(partial, 'pictures.json'), 'utf8')) as unknown[];
    writeFileSync(join(partial, 'pictures.json'), JSON.stringify(manifest.slice(1)));
    const dataDir = join(root, 'partial-store');
    const stored = await storeGamePictures(openFileStore({ dataDir, s3: undefined }), partial);
    expect(stored.size).toBe(demoGames.length);
    for (const key of keys(stored)) expect((await read(dataDir, key)).length).toBeGreaterThan(0);
    expect(existsSync(join(partial, 'pictures.json'))).toBe(true);
  });
});
