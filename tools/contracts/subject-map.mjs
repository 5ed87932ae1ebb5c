// `npm run subject-map`: writes the subject map of libs/contracts/README.md from the code (the contracts'
// subjects and schemas, the apps' handlers and callers). Runs on the build; a unit spec fails while it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../platform/platform.mjs';

const require = createRequire(import.meta.url);
const { readAppSources, renderSubjectMap, withSubjectMap } = require(join(ROOT, 'dist/libs/contracts/src/subject-map.js'));

const readmePath = join(ROOT, 'libs/contracts/README.md');
const before = readFileSync(readmePath, 'utf8');
const after = withSubjectMap(before, renderSubjectMap(readAppSources(ROOT)));
writeFileSync(readmePath, after);
console.log(after === before ? 'the subject map was up to date' : 'wrote the subject map into libs/contracts/README.md');
