import { newJobId, parseJobReference } from './job-id';

describe('job ids', () => {
  it('makes job_ + 20 lowercase alphanumerics, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newJobId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^job_[a-z0-9]{20}$/);
  });

  it('reads a job id as a job id', () => {
    const id = newJobId();
    expect(parseJobReference(id)).toEqual({ kind: 'job_id', jobId: id });
    expect(parseJobReference(` ${id.toUpperCase().replace('JOB_', 'job_')} `)).toEqual({ kind: 'job_id', jobId: id });
  });

  it('reads digits as a message id', () => {
    expect(parseJobReference('1000')).toEqual({ kind: 'message_id', messageId: 1000 });
    expect(parseJobReference('42')).toEqual({ kind: 'message_id', messageId: 42 });
  });

  it('names no job for anything else', () => {
    for (const raw of ['', '0', '-1', '1.5', '12345678901234567', 'job_', 'job_short', `job_${'a'.repeat(21)}`, 'job_aaaaaaaaaaaaaaaaaaa!', 'app_aaaaaaaaaaaaaaaaaaaa', '1e3']) {
      expect(parseJobReference(raw)).toBeNull();
    }
  });
});
