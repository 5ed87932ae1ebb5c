import { mailRetryDelaySeconds } from './mail-dispatcher';
import { emlFileName } from './mail-sender';

describe('mail delivery', () => {
  it('names .eml files so that sorting them puts the newest last', () => {
    const earlier = emlFileName(new Date('2030-01-01T09:15:00.123Z'), '42');
    const later = emlFileName(new Date('2030-01-01T10:00:00.000Z'), '7');
    expect(earlier).toBe('2030-01-01T09-15-00-123Z-42.eml');
    expect([later, earlier].sort()).toEqual([earlier, later]);
  });

  it('backs off exponentially, capped at five minutes', () => {
    expect([1, 2, 3, 8, 9, 20].map(mailRetryDelaySeconds)).toEqual([2, 4, 8, 256, 300, 300]);
  });
});
