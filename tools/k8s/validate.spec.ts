import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const VALIDATOR = join(ROOT, 'tools/k8s/validate.mjs');

/** Runs the validator on a copy of k8s/ changed by `edit`: its exit code and what it printed. */
async function validateEdited(edit: (k8s: string) => void = () => undefined): Promise<{ code: number; output: string }> {
  const k8s = mkdtempSync(join(tmpdir(), 'appgen-k8s-spec-'));
  try {
    cpSync(join(ROOT, 'k8s'), k8s, { recursive: true });
    edit(k8s);
    return await new Promise((resolve) => {
      execFile(process.execPath, [VALIDATOR, '--dir', k8s], (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` });
      });
    });
  } finally {
    rmSync(k8s, { recursive: true, force: true });
  }
}

function replaceIn(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}`);
  writeFileSync(file, text.replace(from, to));
}

describe('tools/k8s/validate.mjs', () => {
  // Each case renders both overlays and type-checks them: a few seconds, longer on a loaded machine.
  jest.setTimeout(120_000);

  it('renders both overlays of the repository and finds them valid', async () => {
    const { code, output } = await validateEdited();
    expect(output).toMatch(/^development: \d+ objects, valid$/m);
    expect(output).toMatch(/^production: \d+ objects, valid$/m);
    expect(code).toBe(0);
  });

  it('fails on a field of the wrong type, naming the object and the field', async () => {
    const { code, output } = await validateEdited((k8s) =>
      replaceIn(join(k8s, 'base/users-service.deployment.yaml'), 'terminationGracePeriodSeconds: 20', 'terminationGracePeriodSeconds: twenty'),
    );
    expect(output).toContain('production: Deployment/users-service: /spec/template/spec/terminationGracePeriodSeconds must be integer');
    expect(code).toBe(1);
  });

  it('fails on a missing required field, on a kind the Kubernetes schemas do not know and on an API version 1.33 no longer serves', async () => {
    const { code, output } = await validateEdited((k8s) => {
      replaceIn(join(k8s, 'base/gateway.service.yaml'), '      port: 3000\n', '');
      appendFileSync(join(k8s, 'base/edge.service.yaml'), '---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: stray\n');
      replaceIn(join(k8s, 'base/disruption-budgets.yaml'), 'apiVersion: policy/v1\n', 'apiVersion: policy/v1beta1\n');
    });
    expect(output).toContain('development: Service/gateway: /spec/ports/0 must have required property port');
    expect(output).toContain('development: Widget/stray: no Kubernetes 1.33 schema for apiVersion example.com/v1, kind Widget');
    // Served until Kubernetes 1.25, and still in the package's schemas.
    expect(output).toContain('development: PodDisruptionBudget/gateway: no Kubernetes 1.33 schema for apiVersion policy/v1beta1, kind PodDisruptionBudget');
    expect(code).toBe(1);
  });

  it('fails on a Deployment that breaks what the README promises: probes, hardening, autoscaler', async () => {
    const { code, output } = await validateEdited((k8s) => {
      replaceIn(join(k8s, 'base/apps-service.deployment.yaml'), '          readinessProbe:', '          readinesProbe:');
      replaceIn(join(k8s, 'base/every-deployment.patch.yaml'), '    readOnlyRootFilesystem: true\n', '');
      replaceIn(join(k8s, 'base/autoscalers.yaml'), '    name: billing-service\n', '    name: billing\n');
    });
    expect(output).toContain('production: Deployment/apps-service: unknown field readinesProbe (in IContainer)');
    expect(output).toContain('production: Deployment/apps-service: container apps-service has no readinessProbe');
    expect(output).toContain('production: Deployment/edge: container edge has a writable root filesystem');
    expect(output).toContain('production: Deployment/billing-service: 0 HorizontalPodAutoscalers target it (want 1)');
    expect(code).toBe(1);
  });

  it("fails when a service is given a database URL other than its own role's, or the administrator's", async () => {
    const { code, output } = await validateEdited((k8s) => {
      replaceIn(join(k8s, 'base/billing-service.deployment.yaml'), 'key: BILLING_SERVICE_DATABASE_URL', 'key: CLAIM_SERVICE_DATABASE_URL');
      replaceIn(
        join(k8s, 'base/gateway.deployment.yaml'),
        '          env:\n',
        '          env:\n            - name: DATABASE_URL\n              valueFrom:\n                secretKeyRef: { name: appgen-database, key: DATABASE_ADMIN_URL }\n',
      );
      replaceIn(join(k8s, 'base/users-service.deployment.yaml'), '            - name: DATABASE_URL\n', '            - name: DATABASE_URI\n');
      // The shared URL back in the Secret every process reads.
      appendFileSync(join(k8s, 'overlays/development/secrets.env.example'), 'DATABASE_URL=postgres://postgres:appgen@postgres:5432/appgen\n');
    });
    expect(output).toContain(
      'production: Deployment/billing-service: container billing-service takes DATABASE_URL from Secret appgen-database key CLAIM_SERVICE_DATABASE_URL (want Secret appgen-database key BILLING_SERVICE_DATABASE_URL)',
    );
    expect(output).toContain(
      "production: Deployment/gateway: container gateway is given the database administrator's URL (DATABASE_URL from Secret appgen-database key DATABASE_ADMIN_URL): only the Job appgen-migrate may be",
    );
    expect(output).toContain('production: Deployment/gateway: container gateway is given DATABASE_URL (from Secret appgen-database key DATABASE_ADMIN_URL) but owns no schema');
    expect(output).toContain('production: Deployment/users-service: container users-service does not take DATABASE_URL from Secret appgen-database key USERS_SERVICE_DATABASE_URL');
    expect(output).toMatch(/^ {2}development: Deployment\/edge: container edge is given DATABASE_URL by Secret\/appgen-secrets-[a-z0-9]+ \(envFrom\)$/m);
    expect(code).toBe(1);
  });

  it('fails when the migration Job may reach more than DNS and Postgres, or is missing', async () => {
    const loosened = await validateEdited((k8s) =>
      // NATS and the OpenTelemetry collector for the Job too.
      replaceIn(join(k8s, 'base/network-policies.yaml'), '        values: [appgen-migrate]\n  policyTypes: [Egress]', '        values: [gateway-migrate]\n  policyTypes: [Egress]'),
    );
    expect(loosened.output).toContain('production: Job/appgen-migrate: NetworkPolicy appgen-egress-nats-otlp lets its pods reach 4222 (want DNS 53 and Postgres 5432 only)');
    expect(loosened.code).toBe(1);

    const missing = await validateEdited((k8s) => replaceIn(join(k8s, 'base/kustomization.yaml'), '  - migrate.job.yaml\n', ''));
    expect(missing.output).toContain('production: Job/appgen-migrate: 0 found (want 1): nothing provisions the database roles and schemas');
    expect(missing.code).toBe(1);
  });

  it('fails when an overlay does not render', async () => {
    const { code, output } = await validateEdited((k8s) =>
      replaceIn(join(k8s, 'base/kustomization.yaml'), '  - network-policies.yaml\n', '  - network-policy.yaml\n'),
    );
    expect(output).toMatch(/^ {2}development: kustomize failed: .*network-policy\.yaml/m);
    expect(code).toBe(1);
  });
});
