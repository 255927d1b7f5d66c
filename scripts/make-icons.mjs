#!/usr/bin/env node
// Draws the app icons (manifest, apple-touch-icon) from client/public/favicon.svg with resvg.
// Run once after changing the favicon; the PNGs are committed in client/public/.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const publicDir = join(import.meta.dirname, '..', 'client', 'public');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

// The favicon's parts: a rounded tile and the wave (with its gradient) drawn on it.
const tileColor = favicon.match(/<rect [^>]*fill="(#[0-9a-f]{6})"/i)?.[1];
const defs = favicon.match(/<defs>.*<\/defs>/s)?.[0];
const wave = favicon.match(/<path [^>]*\/>/)?.[0];
if (!tileColor || !defs || !wave) throw new Error('favicon.svg no longer has the expected tile, gradient and wave.');

/**
 * A square, edge-to-edge icon: the tile colour fills it and the wave is scaled around the centre.
 * Maskable icons keep the wave inside the central 80% circle that every mask shape leaves visible;
 * iOS rounds the apple-touch-icon's corners itself and shows transparency as black.
 */
function fullBleed(waveScale) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}<rect width="64" height="64" fill="${tileColor}"/><g transform="translate(32 32) scale(${waveScale}) translate(-32 -32)">${wave}</g></svg>`;
}

function png(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

const icons = [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['icon-maskable-512.png', fullBleed(0.7), 512],
  ['apple-touch-icon.png', fullBleed(0.9), 180],
];
for (const [name, svg, size] of icons) {
  writeFileSync(join(publicDir, name), png(svg, size));
  console.log(`client/public/${name} (${size}×${size})`);
}
