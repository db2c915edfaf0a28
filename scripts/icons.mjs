// One icon source (build/icon.svg) → every size and format the installers need, generated at build
// time (npm run dist runs this first) into build/icons/ (not committed):
//   build/icons/png/<n>x<n>.png  Linux (AppImage, deb, rpm: hicolor sizes)
//   build/icons/icon.png         1024 px, electron-builder's fallback source
//   build/icons/icon.icns        macOS      build/icons/icon.ico  Windows (NSIS, exe)
// @resvg/resvg-js renders the SVG; png2icons packs ICNS and ICO.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build', 'icons');
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

export function renderPng(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

export function makeIcons(svgPath = join(root, 'build', 'icon.svg'), dir = out) {
  const svg = readFileSync(svgPath);
  mkdirSync(join(dir, 'png'), { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(join(dir, 'png', `${size}x${size}.png`), renderPng(svg, size));
  const big = renderPng(svg, 1024);
  writeFileSync(join(dir, 'icon.png'), big);
  const icns = png2icons.createICNS(big, png2icons.BICUBIC, 0);
  const ico = png2icons.createICO(big, png2icons.BICUBIC, 0, false, true);
  if (!icns || !ico) throw new Error('png2icons could not convert the icon');
  writeFileSync(join(dir, 'icon.icns'), icns);
  writeFileSync(join(dir, 'icon.ico'), ico);
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t = Date.now();
  makeIcons();
  console.log(`icons: ${LINUX_SIZES.length} PNG sizes, icon.icns, icon.ico in build/icons (${Date.now() - t} ms)`);
}
