import type { IncomingMessage } from 'node:http';
import { McpOriginCheck } from './mcp-origin.middleware';

describe('the MCP Origin check', () => {
  const check = new McpOriginCheck({ SITE_URL: 'https://appgen.example/' });
  /** What the check passes on: nothing for a request it admits, its refusal otherwise. */
  const outcome = (origin: string | undefined): unknown => {
    let passed: unknown = 'not called';
    check.use({ headers: origin === undefined ? {} : { origin } } as IncomingMessage, undefined, (error) => {
      passed = error;
    });
    return passed;
  };

  it('admits a client that sends no Origin, and pages of the site itself', () => {
    expect(outcome(undefined)).toBeUndefined();
    expect(outcome('https://appgen.example')).toBeUndefined();
  });

  it.each(['https://evil.example', 'http://appgen.example', 'https://appgen.example:8443', 'https://appgen.example.evil.example', 'null'])(
    'refuses a browser request from %p with 403 forbidden',
    (origin) => {
      expect(outcome(origin)).toMatchObject({ status: 403, body: { error: 'forbidden', message: expect.stringContaining('https://appgen.example') } });
    },
  );
});
