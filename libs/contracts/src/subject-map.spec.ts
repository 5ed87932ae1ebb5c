import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAppSources, renderSubjectMap, SUBJECT_MAP_END, SUBJECT_MAP_START, subjectConstants } from './subject-map';

const ROOT = join(__dirname, '../../..');

describe('the subject map of the README', () => {
  const sources = readAppSources(ROOT);
  const map = renderSubjectMap(sources);

  it('is the one the code makes now (run npm run subject-map after changing subjects or their callers)', () => {
    const readme = readFileSync(join(ROOT, 'libs/contracts/README.md'), 'utf8');
    const committed = readme.slice(readme.indexOf(SUBJECT_MAP_START), readme.indexOf(SUBJECT_MAP_END) + SUBJECT_MAP_END.length);
    expect(committed).toEqual(map);
  });

  it('names exactly one owning app for every subject', () => {
    const rows = map.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows).toHaveLength(subjectConstants().length);
    const owners = rows.map((row) => row.split('|').map((cell) => cell.trim()).slice(1, 4));
    expect(owners.filter(([, , owner]) => owner === '—' || owner.includes(','))).toEqual([]);
  });
});
