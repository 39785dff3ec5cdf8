// Draws Lobby's app icons (the favicon's white "L" on the brand blue, #3b82f6) and writes the PNGs
// the web app manifest and iOS use into public/icons. The PNGs are committed; run this again after
// changing the drawing: `node --import tsx apps/web/build/make-icons.ts` (sharp comes from the
// server's dependencies).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const BRAND = '#3b82f6';
const out = join(import.meta.dirname, '..', 'public', 'icons');

/** The "L" on a 64-unit grid, as in favicon.svg. */
const letter = '<path d="M20 16h8v26h16v8H20z" fill="#fff"/>';

/** Purpose "any": a rounded square with the letter, transparent corners. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${letter}</svg>`;

/**
 * Purpose "maskable": the platform cuts its own shape, so the colour fills the square and the letter
 * keeps inside the safe zone (a circle of 40% radius around the centre): drawn at 60% scale.
 */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(12.8 12.8) scale(0.6)">${letter}</g></svg>`;

/** iOS rounds the corners itself and shows no transparency: a full square. */
const appleIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>${letter}</svg>`;

async function render(svg: string, size: number, name: string): Promise<void> {
  const png = await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(out, name), png);
  console.log(`${name}: ${size}x${size}, ${png.length} bytes`);
}

mkdirSync(out, { recursive: true });
await render(anyIcon, 192, 'icon-192.png');
await render(anyIcon, 512, 'icon-512.png');
await render(maskableIcon, 512, 'maskable-512.png');
await render(appleIcon, 180, 'apple-touch-icon.png');
