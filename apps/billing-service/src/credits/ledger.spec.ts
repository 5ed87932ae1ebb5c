import { reservationOf, settlementRefund, usagePeriod } from './ledger';

describe('the credit ledger', () => {
  it('reads a job held, settled or released from its entries', () => {
    expect(reservationOf('j1', [{ kind: 'reservation', credits: -10, job_id: 'j1' }])).toEqual({
      job_id: 'j1', reserved: 10, status: 'reserved', credits_used: 10,
    });
    expect(reservationOf('j1', [{ kind: 'reservation', credits: -10, job_id: 'j1' }, { kind: 'settlement', credits: 7, job_id: 'j1' }])).toEqual({
      job_id: 'j1', reserved: 10, status: 'settled', credits_used: 3,
    });
    expect(reservationOf('j1', [{ kind: 'release', credits: 10, job_id: 'j1' }, { kind: 'reservation', credits: -10, job_id: 'j1' }])).toEqual({
      job_id: 'j1', reserved: 10, status: 'released', credits_used: 0,
    });
  });

  it('never charges a settlement more than its reservation, nor less than nothing', () => {
    expect(settlementRefund(10, 3)).toBe(7);
    expect(settlementRefund(10, 25)).toBe(0);
    expect(settlementRefund(1, 1)).toBe(0);
    expect(settlementRefund(5, -2)).toBe(5);
  });

  it('counts usage by calendar month in UTC', () => {
    const { period, start, end } = usagePeriod(new Date('2026-12-31T23:59:59.000Z'));
    expect(period).toBe('2026-12');
    expect(start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
