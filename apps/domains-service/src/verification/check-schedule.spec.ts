import { nextCheckDelay, parseCheckSchedule } from './check-schedule';

describe('the DNS check schedule', () => {
  it('starts fast, slows down and repeats its last step', () => {
    const schedule = parseCheckSchedule('5,10,30') ?? [];
    expect([1, 2, 3, 4, 50].map((done) => nextCheckDelay(schedule, done))).toEqual([5, 10, 30, 30, 30]);
  });

  it('refuses what is not whole seconds of at least 1', () => {
    expect(parseCheckSchedule('5,x')).toBeNull();
    expect(parseCheckSchedule('0')).toBeNull();
    expect(parseCheckSchedule('')).toBeNull();
  });
});
