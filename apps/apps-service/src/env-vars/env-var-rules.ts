import {
  ENV_VAR_KEY_PATTERN,
  ENV_VAR_LIMITS,
  codePointLength,
  formatBytes,
  RESERVED_ENV_PREFIX,
  type FieldError,
} from '@appgen/contracts';

/** What stands for a value in every answer. */
export const ENV_VALUE_MASK = '••••••••';

/**
 * Values this long show their last 4 characters after the mask, so that a key rotated in can be told from
 * the old one. Shorter values show nothing: 4 characters of a short value give away too much of it.
 */
export const ENV_VALUE_HINT_FROM = 16;

const KEY = new RegExp(ENV_VAR_KEY_PATTERN);

/** `••••••••` and, for a value of at least 16 characters, its last 4 (counted as people count characters). */
export function maskEnvValue(value: string): string {
  const characters = [...value];
  return characters.length >= ENV_VALUE_HINT_FROM ? `${ENV_VALUE_MASK}${characters.slice(-4).join('')}` : ENV_VALUE_MASK;
}

/** Why `key` cannot name a variable, or null. */
export function envKeyProblem(key: string): string | null {
  if (key === '') return 'must not be empty';
  if (codePointLength(key) > ENV_VAR_LIMITS.keyLength) return `must be at most ${ENV_VAR_LIMITS.keyLength} characters`;
  if (!KEY.test(key)) return 'must be upper-case letters, digits and underscores, not starting with a digit (like STRIPE_SECRET_KEY)';
  if (key.startsWith(RESERVED_ENV_PREFIX)) return `must not start with ${RESERVED_ENV_PREFIX}, which appgen keeps for variables of its own`;
  return null;
}

/** Why `value` cannot be stored, or null. */
export function envValueProblem(value: string): string | null {
  if (Buffer.byteLength(value, 'utf8') > ENV_VAR_LIMITS.valueBytes) return `must be at most ${formatBytes(ENV_VAR_LIMITS.valueBytes)} of UTF-8`;
  return null;
}

/** Every key and value of a PUT that cannot be stored, one error per key named `env_vars.<KEY>`, in key order. */
export function envVarsProblems(envVars: Readonly<Record<string, string>>): FieldError[] {
  const problems: FieldError[] = [];
  for (const key of Object.keys(envVars).sort()) {
    const message = envKeyProblem(key) ?? envValueProblem(envVars[key] ?? '');
    if (message !== null) problems.push({ field: `env_vars.${key}`, message });
  }
  return problems;
}

/** Why an app with `existing` variables cannot take `added` new ones, or null. */
export function envVarCountProblem(existing: number, added: number): FieldError | null {
  const total = existing + added;
  if (total <= ENV_VAR_LIMITS.perApp) return null;
  return {
    field: 'env_vars',
    message: `would give the app ${total} variables (it has ${existing}, this adds ${added}); an app has at most ${ENV_VAR_LIMITS.perApp}`,
  };
}
