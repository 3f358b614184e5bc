/**
 * Writes the contract documents (docs/openapi.json, docs/asyncapi.json) generated from the zod
 * schemas of src/contract; `npm run build` runs it. With --check it writes nothing and fails when
 * the committed files differ from a fresh generation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contractDocuments } from '../src/contract/documents/index.ts';

const docsDir = fileURLToPath(new URL('../docs/', import.meta.url));
const check = process.argv.includes('--check');
const documents = contractDocuments();
let stale = 0;
for (const [name, text] of Object.entries(documents)) {
  const file = `${docsDir}${name}.json`;
  if (check) {
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      // Missing: reported as stale below.
    }
    if (committed !== text) {
      stale++;
      process.stderr.write(`docs/${name}.json differs from the schemas in src/contract: run npm run docs:contract\n`);
    }
  } else {
    writeFileSync(file, text);
    process.stdout.write(`wrote docs/${name}.json (${text.length} bytes)\n`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
