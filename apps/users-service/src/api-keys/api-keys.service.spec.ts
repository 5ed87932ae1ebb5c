import { CreateApiKeyRequest, SCOPE_GRANTS, validate } from '@appgen/contracts';
import { ApiKeyEntity } from './api-key.entity';
import { newApiKeyOf, toApiKeyView } from './api-keys.service';

const caller = { accountId: 1, email: 'ada@example.com', plan: 'free', keyId: null, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] };

/** The field errors the contract answers a create-key request with, whoever sends it. */
function refusals(fields: object): unknown {
  const checked = validate(CreateApiKeyRequest, { caller, ...fields });
  return checked.ok ? [] : checked.errors;
}

describe('new API key fields', () => {
  it('default to a read_only key named "API key" that never expires', () => {
    expect(newApiKeyOf({})).toEqual({ name: 'API key', scope: 'read_only', expiresInDays: null });
  });

  it('accept 1 to 3650 days and the three scopes, the name trimmed', () => {
    const checked = validate(CreateApiKeyRequest, { caller, name: ' CI ', scope: 'full_access', expires_in_days: 3650 });
    expect(checked.ok && newApiKeyOf(checked.value)).toEqual({ name: 'CI', scope: 'full_access', expiresInDays: 3650 });
  });

  it('report every bad field', () => {
    expect(refusals({ name: '', scope: 'admin', expires_in_days: 1.5 })).toEqual([
      { field: 'name', message: 'must not be empty' },
      { field: 'scope', message: 'must be one of read_only, read_write, full_access' },
      { field: 'expires_in_days', message: 'must be an integer' },
    ]);
    expect(refusals({ expires_in_days: 3651 })).toEqual([{ field: 'expires_in_days', message: 'must be an integer from 1 to 3650' }]);
  });

  it('refuse a name with line breaks, control or bidi characters, or over 100 characters, whoever sends it', () => {
    expect(refusals({ name: 'CI\r\ndeploys' })).toEqual([{ field: 'name', message: 'must not contain line breaks (U+000D at character 3)' }]);
    expect(refusals({ name: 'CI \u202Esyolped' })).toEqual([{ field: 'name', message: 'must not contain bidirectional text controls (U+202E at character 4)' }]);
    expect(refusals({ name: 'k'.repeat(101) })).toEqual([{ field: 'name', message: 'must be at most 100 characters' }]);
    expect(refusals({ name: 'Déploiements 🚀' })).toEqual([]);
  });
});

describe('API key view', () => {
  it('masks the key and tells revoked (inactive) apart from expired', () => {
    const key = Object.assign(new ApiKeyEntity(), {
      id: 3,
      name: 'CI',
      keyPrefix: 'svc_ABCDEFGH',
      keyLast4: 'wxyz',
      scope: 'read_write',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      revokedAt: null,
      lastUsedAt: null,
      requestCount: 12,
      createdAt: new Date('2029-01-01T00:00:00Z'),
    });
    const view = toApiKeyView(key, new Date('2030-06-01T00:00:00Z'));
    expect(view).toMatchObject({ masked_key: 'svc_ABCDEFGH...wxyz', active: true, expired: true, request_count: 12 });
    expect(view.scope_description).toMatch(/Read and change/);
  });
});
