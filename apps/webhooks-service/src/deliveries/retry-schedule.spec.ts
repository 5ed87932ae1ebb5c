import { nextRetryDelay, parseRetrySchedule } from './retry-schedule';

describe('retry schedule', () => {
  it('parses comma-separated seconds, tolerating spaces', () => {
    expect(parseRetrySchedule('5,300,1800,7200,18000,36000,36000')).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(parseRetrySchedule(' 1, 2 ,3')).toEqual([1, 2, 3]);
    expect(parseRetrySchedule('0')).toEqual([0]);
  });

  it('refuses anything that is not whole seconds', () => {
    for (const raw of ['', '5,', 'a', '1.5', '-1', '5;6']) expect(parseRetrySchedule(raw)).toBeNull();
  });

  it('waits the n-th step after the n-th failure, then gives up', () => {
    const schedule = [5, 300, 1800];
    expect(nextRetryDelay(schedule, 1)).toBe(5);
    expect(nextRetryDelay(schedule, 3)).toBe(1800);
    expect(nextRetryDelay(schedule, 4)).toBeNull();
  });
});
