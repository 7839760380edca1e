// Renders the PWA icons in public/ from public/favicon.svg with the installed Chromium.
// Usage: node scripts/icons.mjs   (the PNGs are checked in; run again when the logo changes)
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = fs.readFileSync(new URL('favicon.svg', `file://${publicDir}`), 'utf8');

// The logo's own gradient and bars, drawn full-bleed for icons the system masks
// (Android's circles and squircles, iOS's rounded square): the bars stay in
// the central 60%, inside the 80% safe zone of a maskable icon.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5cf08e"/>
      <stop offset="1" stop-color="#0fb64b"/>
    </linearGradient>
  </defs>
  <rect width="48" height="48" fill="url(#g)"/>
  <g fill="#04140a" transform="translate(24 24) scale(0.78) translate(-24.5 -24)">
    <rect x="11" y="20" width="4.5" height="8" rx="2.25"/>
    <rect x="18.5" y="14" width="4.5" height="20" rx="2.25"/>
    <rect x="26" y="10" width="4.5" height="28" rx="2.25"/>
    <rect x="33.5" y="17" width="4.5" height="14" rx="2.25"/>
  </g>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo, transparent: true },
  { file: 'icon-512.png', size: 512, svg: logo, transparent: true },
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed, transparent: false },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed, transparent: false },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed, transparent: false },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
for (const { file, size, svg, transparent } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const img = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<body style="margin:0;background:transparent">${img}</body>`);
  await page.screenshot({
    path: `${publicDir}${file}`,
    omitBackground: transparent,
    clip: { x: 0, y: 0, width: size, height: size },
  });
  console.log(`wrote public/${file}`);
}
await browser.close();
