import { MESSAGE_SCHEMAS, RPC_SCHEMAS } from './rpc-map';
import { subjectConstants } from './subject-map';
import { precompile } from './validation';

describe('message schemas', () => {
  it('give every subject of the contracts its request and reply schema, or its payload schema', () => {
    const missing = subjectConstants()
      .filter(({ subject }) => !(RPC_SCHEMAS[subject]?.request && RPC_SCHEMAS[subject]?.response) && !MESSAGE_SCHEMAS[subject])
      .map(({ reference }) => reference);
    expect(missing).toEqual([]);
  });

  it('register no subject the contracts do not name', () => {
    const named = new Set(subjectConstants().map(({ subject }) => subject));
    expect([...Object.keys(RPC_SCHEMAS), ...Object.keys(MESSAGE_SCHEMAS)].filter((subject) => !named.has(subject))).toEqual([]);
  });

  it('are schemas the validator compiles in strict mode (no unknown keyword, no required field that is no property)', () => {
    for (const [subject, { request, response }] of Object.entries(RPC_SCHEMAS)) {
      expect({ subject, compiles: compiles(() => precompile([request, response])) }).toEqual({ subject, compiles: true });
    }
    for (const [subject, payload] of Object.entries(MESSAGE_SCHEMAS)) {
      expect({ subject, compiles: compiles(() => precompile([payload])) }).toEqual({ subject, compiles: true });
    }
  });
});

function compiles(compile: () => void): true | string {
  try {
    compile();
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
