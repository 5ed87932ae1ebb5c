import { SCOPE_GRANTS, type Caller, type ServiceErrorPayload } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

/** A full_access caller of account `accountId`, as the gateway would resolve it from an API key. */
export function testCaller(accountId: number, overrides: Partial<Caller> = {}): Caller {
  return {
    accountId,
    email: `owner${accountId}@example.com`,
    plan: 'free',
    keyId: accountId * 10,
    scope: 'full_access',
    grants: [...SCOPE_GRANTS.full_access],
    ...overrides,
  };
}

/** The error a request over NATS failed with (status and public body); fails the test if it succeeded. */
export async function rpcFailure(promise: Promise<unknown>): Promise<ServiceErrorPayload> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppgenError) return error.payload;
    throw error;
  }
  throw new Error('expected the request to fail');
}

/** The AppgenError a synchronous step threw (a refused body, params or field); fails the test if it passed. */
export function appgenErrorOf(run: () => unknown): AppgenError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppgenError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The field errors a synchronous validation threw as a AppgenError; fails the test if it passed. */
export function fieldErrorsOf(run: () => unknown): unknown {
  return appgenErrorOf(run).payload.body.errors;
}
