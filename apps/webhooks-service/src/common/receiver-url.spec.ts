import { receiverUrlProblem } from './receiver-url';

describe('receiverUrlProblem', () => {
  it('accepts public http(s) URLs given as IP literals', async () => {
    expect(await receiverUrlProblem('https://8.8.8.8/hooks', false)).toBeNull();
    expect(await receiverUrlProblem('http://[2606:4700::1111]/hooks', false)).toBeNull();
  });

  it.each(['http://127.0.0.1:8080/x', 'http://[::1]/x', 'http://10.1.2.3/', 'http://169.254.169.254/latest', 'http://[::ffff:127.0.0.1]/', 'http://localhost/x'])(
    'refuses %s unless private receivers are allowed',
    async (url) => {
      expect(await receiverUrlProblem(url, false)).toEqual({ field: 'url', message: 'must not point to a private, loopback or link-local address' });
      expect(await receiverUrlProblem(url, true)).toBeNull();
    },
  );

  it('refuses what is not an http(s) URL', async () => {
    expect(await receiverUrlProblem('ftp://8.8.8.8/', true)).toEqual({ field: 'url', message: 'must use http or https' });
    expect(await receiverUrlProblem('not a url', true)).toEqual({ field: 'url', message: 'must be an absolute http(s) URL' });
    expect(await receiverUrlProblem('https://user:pw@8.8.8.8/', true)).toEqual({ field: 'url', message: 'must not carry credentials' });
    expect(await receiverUrlProblem(undefined, true)).toEqual({ field: 'url', message: 'is required' });
  });
});
