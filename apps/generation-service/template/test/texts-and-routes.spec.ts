import { formatValue, validate, ValueReader, type FieldSpec } from '../src/fields';
import { LANGUAGES, setLanguage, t, TEXTS } from '../src/i18n';
import { matchRoute, type Route } from '../src/router';

afterEach(() => setLanguage('en'));

describe('texts', () => {
  it('has every text in every language, none empty', () => {
    const keys = Object.keys(TEXTS.en).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(TEXTS[language]).sort()).toEqual(keys);
      for (const [key, text] of Object.entries(TEXTS[language])) {
        const sample = typeof text === 'function' ? text('Books', 2) : text;
        expect(`${key}: ${sample}`).toMatch(/: \S/);
      }
    }
  });

  it('speaks the language the app was set to', () => {
    expect(t().newItem('Book')).toBe('New book');
    setLanguage('de');
    expect(t().newItem('Buch')).toBe('Neu: Buch');
    setLanguage('fr');
    expect(t().signIn).toBe('Se connecter');
    setLanguage('es');
    expect(t().entries(3)).toBe('3 elementos');
  });

  it('says how many of the rows a board shows cards for', () => {
    expect(t().cardsShown(500, 612)).toBe('Showing 500 of 612 cards; each column counts all of them.');
    setLanguage('de');
    expect(t().cardsShown(500, 612)).toBe('500 von 612 Karten angezeigt; jede Spalte zählt alle.');
  });
});

describe('fields', () => {
  const amount: FieldSpec = { name: 'amount', label: 'Amount', kind: 'number', required: true, hint: 'currency', min: 0, amount: true };
  const trip: FieldSpec = { name: 'trip', label: 'Trip', kind: 'reference', required: true, entity: 'trips' };
  const people: FieldSpec = { name: 'people', label: 'People', kind: 'references', required: false, entity: 'people' };

  it('says what is wrong in the app language', () => {
    expect(validate({ amount: -1, trip: null, people: [] }, [amount, trip, people])).toEqual([
      { field: 'amount', message: 'Amount must be at least 0.' },
      { field: 'trip', message: 'Trip is required.' },
    ]);
    setLanguage('fr');
    expect(validate({ trip: null }, [trip])).toEqual([{ field: 'trip', message: 'Trip est obligatoire.' }]);
  });

  it('reads references as row ids', () => {
    const read = new ValueReader({ trip: 4, people: [1, 2], none: null });
    expect(read.requiredReference('trip')).toBe(4);
    expect(read.references('people')).toEqual([1, 2]);
    expect(read.reference('none')).toBeNull();
    expect(() => read.requiredReference('none')).toThrow('none');
  });

  it('shows references by the titles of their rows, money with two decimals', () => {
    expect(formatValue(people, [1, 2], new Map([[1, 'Ada']]))).toBe('Ada, #2');
    expect(formatValue(trip, null)).toBe('—');
    expect(formatValue(amount, 12.5)).toBe('12.50');
  });
});

describe('routes', () => {
  const render = (): Promise<Node> => Promise.reject(new Error('not rendered here'));
  const routes: Route[] = [
    { path: '/songs/board', title: 'Board', render },
    { path: '/songs/new', title: 'New', render },
    { path: '/songs/:id', title: 'Song', render },
  ];

  it('matches in order, with path parameters and the query after the path', () => {
    expect(matchRoute(routes, '/songs/board')?.route.title).toBe('Board');
    expect(matchRoute(routes, '/songs/12')).toMatchObject({ route: { title: 'Song' }, params: { id: '12' } });
    expect(matchRoute(routes, '/songs/new?band=3')).toMatchObject({ route: { title: 'New' }, params: { band: '3' } });
    expect(matchRoute(routes, '/other')).toBeNull();
  });
});
