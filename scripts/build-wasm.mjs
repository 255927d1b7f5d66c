// Compiles server/circle/closeness.wat into server/circle/closeness-wasm.ts (the bytes, base64),
// so that the server needs no WebAssembly toolchain at run time: `npm run build:wasm`.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import wabt from 'wabt';

const dir = resolve(import.meta.dirname, '../server/circle');
const source = readFileSync(resolve(dir, 'closeness.wat'), 'utf8');
const tools = await wabt();
const parsed = tools.parseWat('closeness.wat', source, { simd: true });
parsed.validate();
const { buffer } = parsed.toBinary({});
writeFileSync(
  resolve(dir, 'closeness-wasm.ts'),
  `// Generated from closeness.wat by \`npm run build:wasm\`; do not edit.\nexport const CLOSENESS_WASM = '${Buffer.from(buffer).toString('base64')}';\n`,
);
console.log(`closeness-wasm.ts: ${buffer.length} bytes of WebAssembly`);
