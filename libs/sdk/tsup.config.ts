import { defineConfig } from 'tsup';

// ESM + CJS + declarations for Node ≥ 20, Deno, Bun and browsers. The declarations are bundled into
// one self-contained file per format: the generated OpenAPI types are inlined, so a consumer needs
// neither zod nor @parapet/contracts.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: { resolve: true },
  tsconfig: 'tsconfig.build.json',
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  splitting: false,
  treeshake: true,
});
