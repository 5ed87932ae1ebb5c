import { receiverUrlProblem } from './receiver-url';

const PRIVATE = 'must not point to a private, loopback, link-local or reserved address';

describe('receiverUrlProblem', () => {
  it.each(['https://8.8.8.8/hooks', 'http://1.1.1.1/', 'http://[2606:4700::1111]/hooks', 'http://[::ffff:8.8.8.8]/', 'http://[2002:808:808::1]/', 'http://[64:ff9b::808:808]/'])(
    'accepts the public address %s',
    async (url) => {
      expect(await receiverUrlProblem(url, false)).toBeNull();
    },
  );

  it.each([
    'http://127.0.0.1:8080/x',
    'http://[::1]/x',
    'http://10.1.2.3/',
    'http://169.254.169.254/latest',
    'http://[::ffff:127.0.0.1]/',
    // The examples.
    'http://[2002:a9fe:a9fe::]/',
    'http://[2002:7f00:1::]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://198.18.0.1/',
    'http://198.19.255.254/',
    'http://192.0.2.1/',
    'http://198.51.100.7/',
    'http://203.0.113.9/',
    'http://[2001:db8::1]/',
    'http://[3fff::1]/',
    'http://100.64.0.1/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://0.0.0.0/',
    'http://0.1.2.3/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    // IPv4 spellings a URL parser reads as 127.0.0.1 or 192.168.0.1.
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://127.0.0.1./',
    'http://3232235521/',
    'http://[0:0:0:0:0:FFFF:7F00:0001]/',
  ])('refuses %s unless private receivers are allowed', async (url) => {
    expect(await receiverUrlProblem(url, false)).toEqual({ field: 'url', message: expect.stringMatching(new RegExp(`^${PRIVATE}: `)) });
    expect(await receiverUrlProblem(url, true)).toBeNull();
  });

  it('says which block refuses an address the caller wrote', async () => {
    expect(await receiverUrlProblem('http://[2002:a9fe:a9fe::]/', false)).toEqual({
      field: 'url',
      message: `${PRIVATE}: 2002:a9fe:a9fe:: is 6to4 (RFC 3056) of 169.254.169.254, in 169.254.0.0/16 (Link Local)`,
    });
    expect(await receiverUrlProblem('http://2130706433/', false, 'callback_url')).toEqual({
      field: 'callback_url',
      message: `${PRIVATE}: 127.0.0.1 is in 127.0.0.0/8 (Loopback)`,
    });
  });

  it('refuses a host name that resolves to a loopback address, without naming what it resolved to', async () => {
    expect(await receiverUrlProblem('http://localhost/x', false)).toEqual({ field: 'url', message: PRIVATE });
    expect(await receiverUrlProblem('http://localhost/x', true)).toBeNull();
  });

  it('refuses what is not an http(s) URL', async () => {
    expect(await receiverUrlProblem('ftp://8.8.8.8/', true)).toEqual({ field: 'url', message: 'must use http or https' });
    expect(await receiverUrlProblem('not a url', true)).toEqual({ field: 'url', message: 'must be an absolute http(s) URL' });
    expect(await receiverUrlProblem('https://user:pw@8.8.8.8/', true)).toEqual({ field: 'url', message: 'must not carry credentials' });
    expect(await receiverUrlProblem(undefined, true)).toEqual({ field: 'url', message: 'is required' });
  });
});
