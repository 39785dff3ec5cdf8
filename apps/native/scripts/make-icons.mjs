// Redraws the native projects' launcher icons and splash screens as Lobby's (the white "L" on the
// brand blue of apps/web/build/make-icons.ts) in the sizes Capacitor's templates use, replacing the
// templates' own pictures. The PNGs are committed; run again after changing the drawing:
// `node apps/native/scripts/make-icons.mjs` (sharp comes from the server's dependencies).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const BRAND = '#3b82f6';
const root = join(import.meta.dirname, '..');
const letter = '<path d="M20 16h8v26h16v8H20z" fill="#fff"/>';

/** The letter at `scale` of the square, centred, on `background` (or transparent). */
const square = (scale, background, rounded = false) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${background ? `<rect width="64" height="64" ${rounded ? 'rx="32"' : ''} fill="${background}"/>` : ''}<g transform="translate(${32 - 32 * scale} ${32 - 32 * scale}) scale(${scale})">${letter}</g></svg>`;

/** A splash: the brand colour with the letter at a fifth of the shorter side. */
const splash = (width, height) => {
  const side = Math.min(width, height) / 5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${BRAND}"/><svg x="${(width - side) / 2}" y="${(height - side) / 2}" width="${side}" height="${side}" viewBox="0 0 64 64">${letter}</svg></svg>`;
};

async function draw(file, svg, width, height, flatten) {
  let image = sharp(Buffer.from(svg), { density: 300 }).resize(width, height);
  if (flatten) image = image.flatten({ background: BRAND });
  writeFileSync(file, await image.png({ compressionLevel: 9 }).toBuffer());
}

const files = execFileSync('find', ['android/app/src/main/res', 'ios/App/App/Assets.xcassets', '-name', '*.png'], { cwd: root, encoding: 'utf8' }).trim().split('\n');
for (const relative of files) {
  const file = join(root, relative);
  const { width = 0, height = 0 } = await sharp(file).metadata();
  const name = relative.split('/').at(-1) ?? '';
  if (name.startsWith('splash')) await draw(file, splash(width, height), width, height, true);
  // Adaptive icons: the system cuts the shape; the letter stays in the 66% safe zone of the 108dp layer.
  else if (name === 'ic_launcher_foreground.png') await draw(file, square(0.45, null), width, height, false);
  else if (name === 'ic_launcher_round.png') await draw(file, square(0.7, BRAND, true), width, height, false);
  else if (name === 'ic_launcher.png') await draw(file, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${letter}</svg>`, width, height, false);
  // iOS: a full square without transparency (the system rounds it).
  else if (name.startsWith('AppIcon')) await draw(file, square(1, BRAND), width, height, true);
  else continue;
  console.log(`${relative}: ${width}x${height}`);
}
