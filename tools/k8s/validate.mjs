// `node tools/k8s/validate.mjs [--dir <k8s folder>]`: renders every kustomize overlay under k8s/overlays and checks
// each object, offline:
//   - against the Kubernetes API schemas of KUBERNETES_VERSION, bundled in the npm package kubernetes-models (pinned
//     in package-lock.json); an object of a kind those schemas do not know is a problem too; and against the
//     package's TypeScript declarations for fields the schemas let through (a misspelt one);
//   - against what appgen's operators are promised (k8s/README.md): every Deployment has startup, readiness and
//     liveness probes, CPU and memory requests and limits, a non-root read-only hardened container, Prometheus
//     annotations naming one of its ports, an autoscaler (and no replicas of its own), a disruption budget, and a
//     default-deny NetworkPolicy covers appgen's pods;
//   - that each data service's Deployment takes DATABASE_URL from its own key of the Secret appgen-database (its own
//     role) and no Deployment gets another database URL or the administrator's, and that the migration Job exists,
//     under a default deny, reaching DNS and Postgres only.
// Prints each problem as `<overlay>: <Kind>/<name>: <what>` and exits 1 if there is any.
//
// Rendering uses kustomize as built into kubectl (`kubectl kustomize`, no cluster needed): KUBECTL, or the
// kubectl KUBERNETES_VERSION of the Google Cloud CLI's packages, or the kubectl on PATH; kustomize 5 or newer.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../platform/platform.mjs';

/** The Kubernetes release whose API the manifests target: the schemas of kubernetes-models 4.5 and kubectl's. */
export const KUBERNETES_VERSION = '1.33';
const requireFromRoot = createRequire(join(ROOT, 'package.json'));

/** The kubectl that renders: [path, its kustomize version], or throws saying what to install. */
export function findKubectl() {
  const candidates = [process.env.KUBECTL, `/usr/lib/google-cloud-sdk/bin/kubectl.${KUBERNETES_VERSION}`, 'kubectl'].filter(Boolean);
  for (const kubectl of candidates) {
    const answer = spawnSync(kubectl, ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
    if (answer.status !== 0) continue;
    const kustomize = JSON.parse(answer.stdout).kustomizeVersion ?? '';
    if (Number(kustomize.match(/^v(\d+)\./)?.[1]) >= 5) return [kubectl, kustomize];
  }
  throw new Error(
    `no kubectl with kustomize 5 or newer (tried ${candidates.join(', ')}). Install kubectl ${KUBERNETES_VERSION} ` +
      '(e.g. the Google Cloud CLI\'s "kubectl" Debian package, or https://kubernetes.io/docs/tasks/tools/) or set KUBECTL.',
  );
}

/**
 * kubernetes-models keeps the schemas of API versions that Kubernetes has since stopped serving; these whole group
 * versions are gone by KUBERNETES_VERSION (a cluster refuses their objects), so they count as having no schema.
 */
const REMOVED_API_VERSIONS = new Set([
  'extensions/v1beta1', 'apps/v1beta1', 'apps/v1beta2', 'policy/v1beta1', 'autoscaling/v2beta1', 'autoscaling/v2beta2',
  'batch/v1beta1', 'discovery.k8s.io/v1beta1', 'events.k8s.io/v1beta1', 'rbac.authorization.k8s.io/v1beta1',
  'apiextensions.k8s.io/v1beta1', 'apiregistration.k8s.io/v1beta1', 'node.k8s.io/v1beta1', 'scheduling.k8s.io/v1beta1',
  'flowcontrol.apiserver.k8s.io/v1beta1', 'flowcontrol.apiserver.k8s.io/v1beta2', 'flowcontrol.apiserver.k8s.io/v1beta3',
]);

function modelFor(apiVersion, kind) {
  if (REMOVED_API_VERSIONS.has(apiVersion)) return undefined;
  // kubernetes-models has one module per kind: kubernetes-models/apps/v1/Deployment, kubernetes-models/v1/Service.
  if (!/^[a-z0-9.]+(\/[a-z0-9]+)?$/.test(apiVersion ?? '') || !/^[A-Za-z]+$/.test(kind ?? '')) return undefined;
  try {
    return requireFromRoot(`kubernetes-models/${apiVersion}/${kind}`)[kind];
  } catch (error) {
    if (error?.code === 'MODULE_NOT_FOUND' || error?.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return undefined;
    throw error;
  }
}

/**
 * kustomize's secretGenerator wraps base64 values longer than 70 characters onto several lines, which the API server
 * decodes as one (Go's base64 decoder skips line breaks) but the schemas' "byte" format refuses: join them first.
 */
function asSent(object) {
  if (object.kind !== 'Secret' || !object.data) return object;
  return { ...object, data: Object.fromEntries(Object.entries(object.data).map(([key, value]) => [key, String(value).replace(/[\r\n]/g, '')])) };
}

function schemaProblems(object) {
  const Model = modelFor(object.apiVersion, object.kind);
  if (!Model) return [`no Kubernetes ${KUBERNETES_VERSION} schema for apiVersion ${object.apiVersion}, kind ${object.kind}`];
  try {
    new Model(asSent(object)).validate();
    return [];
  } catch (error) {
    return (error.errors ?? [{ instancePath: '', message: error.message }]).map((e) => `${e.instancePath || '/'} ${e.message}`);
  }
}

/**
 * Fields the schemas do not know (a misspelt `readinesProbe` passes them: they allow any extra field). The
 * package's TypeScript declarations list every field, so the objects are type-checked as object literals of their
 * kind's interface, and TypeScript's excess property check names each unknown field. One program for the objects
 * of every overlay: `objects` is [overlay, object] pairs; answers [overlay, problem] pairs.
 */
function unknownFieldProblems(objects) {
  const ts = requireFromRoot('typescript');
  const known = objects.filter(([, o]) => modelFor(o.apiVersion, o.kind));
  // One object a line, so a diagnostic's line is the object's index.
  const source = known
    .map(([, o], i) => `import type { I${o.kind} as T${i} } from 'kubernetes-models/${o.apiVersion}/${o.kind}'; export const o${i}: T${i} = ${JSON.stringify(o)};`)
    .join('\n');
  const file = join(ROOT, 'rendered-objects.ts');
  const options = { strict: true, noEmit: true, skipLibCheck: true, types: [], module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 };
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, ...rest) => (name === file ? ts.createSourceFile(name, source, ts.ScriptTarget.ES2022) : readSourceFile(name, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  // Only the excess property errors (TS2353, and TS2561 that adds a suggestion): wrong types are the schemas' to report.
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .filter((diagnostic) => diagnostic.code === 2353 || diagnostic.code === 2561)
    .map((diagnostic) => {
      const [overlay, object] = known[diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line];
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      const [, field, type] = message.match(/'"?([^'"]+)"?' does not exist in type '([^']+)'/) ?? [];
      return [overlay, `${object.kind}/${object.metadata?.name}: unknown field ${field} (in ${type})`];
    });
}

const matches = (selector, labels) =>
  Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
  (selector?.matchExpressions ?? []).every(({ key, operator, values = [] }) =>
    operator === 'In' ? values.includes(labels[key]) : operator === 'NotIn' ? !values.includes(labels[key]) : operator === 'Exists' ? key in labels : !(key in labels),
  );

/** A NetworkPolicy that lets nothing in or out of the pods it selects, so that only what others allow flows. */
const isDefaultDeny = (p) =>
  p.kind === 'NetworkPolicy' && p.spec?.policyTypes?.includes('Ingress') && p.spec.policyTypes.includes('Egress') && !p.spec.ingress && !p.spec.egress;

/** What appgen promises of every Deployment (k8s/README.md), as problems of the rendered objects. */
function policyProblems(objects) {
  const problems = [];
  const ofKind = (kind) => objects.filter((o) => o.kind === kind);
  const problem = (object, text) => problems.push(`${object.kind}/${object.metadata?.name}: ${text}`);
  const defaultDeny = ofKind('NetworkPolicy').filter(isDefaultDeny);
  for (const deployment of ofKind('Deployment')) {
    const pod = deployment.spec?.template ?? {};
    const labels = pod.metadata?.labels ?? {};
    const podSecurity = pod.spec?.securityContext ?? {};
    if (podSecurity.runAsNonRoot !== true) problem(deployment, 'pod securityContext.runAsNonRoot is not true');
    if (podSecurity.seccompProfile?.type !== 'RuntimeDefault') problem(deployment, 'pod seccompProfile is not RuntimeDefault');
    const ports = new Set();
    for (const container of pod.spec?.containers ?? []) {
      const where = `container ${container.name}`;
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) if (!container[probe]) problem(deployment, `${where} has no ${probe}`);
      for (const bound of ['requests', 'limits'])
        for (const resource of ['cpu', 'memory'])
          if (!container.resources?.[bound]?.[resource]) problem(deployment, `${where} has no ${resource} ${bound}`);
      const security = container.securityContext ?? {};
      if (security.allowPrivilegeEscalation !== false) problem(deployment, `${where} allows privilege escalation`);
      if (security.readOnlyRootFilesystem !== true) problem(deployment, `${where} has a writable root filesystem`);
      if (!security.capabilities?.drop?.includes('ALL')) problem(deployment, `${where} does not drop ALL capabilities`);
      for (const port of container.ports ?? []) ports.add(String(port.containerPort));
    }
    const annotations = pod.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] !== 'true' || !ports.has(annotations['prometheus.io/port']))
      problem(deployment, 'no prometheus.io/scrape annotation naming one of its container ports');
    const autoscalers = ofKind('HorizontalPodAutoscaler').filter(
      (h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === deployment.metadata?.name,
    );
    if (autoscalers.length !== 1) problem(deployment, `${autoscalers.length} HorizontalPodAutoscalers target it (want 1)`);
    else if (deployment.spec.replicas !== undefined) problem(deployment, 'sets replicas although an autoscaler owns them');
    if (!ofKind('PodDisruptionBudget').some((b) => matches(b.spec?.selector, labels))) problem(deployment, 'no PodDisruptionBudget selects its pods');
    if (!defaultDeny.some((p) => matches(p.spec.podSelector, labels))) problem(deployment, 'no default-deny NetworkPolicy selects its pods');
  }
  return problems;
}

/** The migration Job, the one workload given the database administrator's URL. */
const MIGRATION_JOB = 'appgen-migrate';
/** The Secret with the administrator's URL and each data service's own (k8s/README.md). */
const DATABASE_SECRET = 'appgen-database';
/** What the migration Job's pods may reach: DNS and Postgres. */
const MIGRATION_EGRESS_PORTS = new Set([53, 5432]);

/**
 * The services that own a schema, read from their one definition (SERVICE_SCHEMAS in service-kit's
 * database-roles.ts), each with the appgen-database key of its own URL (serviceDatabaseUrlVariable there).
 */
function dataServices() {
  const ts = requireFromRoot('typescript');
  const file = join(ROOT, 'libs/service-kit/src/database-roles.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  let schemas;
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'SERVICE_SCHEMAS') {
      let value = node.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
      if (value && ts.isObjectLiteralExpression(value)) schemas = value.properties.map((property) => property.name.text);
    }
    node.forEachChild(visit);
  });
  if (!schemas?.length) throw new Error(`no SERVICE_SCHEMAS object in ${file}`);
  return new Map(schemas.map((service) => [service, `${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`]));
}

/**
 * Who gets which database URL: every data service's Deployment takes DATABASE_URL from its own key of
 * appgen-database and from nowhere else, no other Deployment is given a database URL, none the administrator's,
 * and the migration Job, which is, reaches DNS and Postgres only and nothing reaches it.
 */
function databaseProblems(objects, services = dataServices()) {
  const problems = [];
  const problem = (object, text) => problems.push(`${object.kind}/${object.metadata?.name}: ${text}`);
  const ofKind = (kind) => objects.filter((o) => o.kind === kind);
  // In an overlay that generates it, the Secret's name carries a hash (appgen-database-<hash>), as do references to it.
  const databaseSecrets = new Set([DATABASE_SECRET, ...ofKind('Secret').map((s) => s.metadata?.name).filter((n) => n?.startsWith(`${DATABASE_SECRET}-`))]);
  const describe = (variable) => {
    const ref = variable.valueFrom?.secretKeyRef;
    if (ref) return `Secret ${ref.name} key ${ref.key}`;
    return variable.valueFrom ? 'a reference other than a secretKeyRef' : 'a literal value';
  };
  const isDatabaseVariable = (name) => /(^|_)DATABASE_(ADMIN_)?URL$/.test(name);
  const rendered = new Map(objects.filter((o) => o.kind === 'Secret' || o.kind === 'ConfigMap').map((o) => [`${o.kind}/${o.metadata?.name}`, o]));

  for (const deployment of ofKind('Deployment')) {
    const name = deployment.metadata?.name;
    const ownKey = services.get(name);
    for (const container of deployment.spec?.template?.spec?.containers ?? []) {
      const where = `container ${container.name}`;
      const env = container.env ?? [];
      for (const variable of env) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (variable.name === 'DATABASE_ADMIN_URL' || ref?.key === 'DATABASE_ADMIN_URL')
          problem(deployment, `${where} is given the database administrator's URL (${variable.name} from ${describe(variable)}): only the Job ${MIGRATION_JOB} may be`);
      }
      const urls = env.filter((variable) => variable.name === 'DATABASE_URL');
      if (ownKey === undefined) {
        for (const variable of urls) problem(deployment, `${where} is given DATABASE_URL (from ${describe(variable)}) but owns no schema`);
      } else if (urls.length === 0) {
        problem(deployment, `${where} does not take DATABASE_URL from Secret ${DATABASE_SECRET} key ${ownKey}`);
      } else {
        for (const variable of urls) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (!ref || !databaseSecrets.has(ref.name) || ref.key !== ownKey || ref.optional)
            problem(deployment, `${where} takes DATABASE_URL from ${describe(variable)}${ref?.optional ? ' (optional)' : ''} (want Secret ${DATABASE_SECRET} key ${ownKey})`);
        }
      }
      for (const source of container.envFrom ?? []) {
        const secret = source.secretRef?.name;
        if (secret && databaseSecrets.has(secret)) problem(deployment, `${where} takes every variable of Secret ${secret} (envFrom): every service's database URL`);
        // Where the overlay renders the Secret or ConfigMap (a generated one), its keys are known too.
        const from = source.secretRef ? `Secret/${secret}` : `ConfigMap/${source.configMapRef?.name}`;
        const data = rendered.get(from);
        const keys = Object.keys({ ...data?.data, ...data?.stringData }).map((key) => `${source.prefix ?? ''}${key}`);
        for (const key of keys.filter(isDatabaseVariable)) problem(deployment, `${where} is given ${key} by ${from} (envFrom)`);
      }
    }
  }

  const jobs = ofKind('Job').filter((j) => j.metadata?.name === MIGRATION_JOB);
  if (jobs.length !== 1) problems.push(`Job/${MIGRATION_JOB}: ${jobs.length} found (want 1): nothing provisions the database roles and schemas`);
  for (const job of jobs) {
    const labels = job.spec?.template?.metadata?.labels ?? {};
    const policies = ofKind('NetworkPolicy').filter((p) => matches(p.spec?.podSelector, labels));
    if (!policies.some(isDefaultDeny)) problem(job, 'no default-deny NetworkPolicy selects its pods');
    for (const policy of policies) {
      if ((policy.spec.ingress ?? []).length > 0) problem(job, `NetworkPolicy ${policy.metadata?.name} lets traffic in to its pods`);
      for (const rule of policy.spec.egress ?? []) {
        const ports = (rule.ports ?? []).map((p) => (p.endPort ? `${p.port}-${p.endPort}` : p.port));
        const beyond = ports.length === 0 ? ['every port'] : ports.filter((port) => !MIGRATION_EGRESS_PORTS.has(port));
        if (beyond.length > 0) problem(job, `NetworkPolicy ${policy.metadata?.name} lets its pods reach ${beyond.join(', ')} (want DNS 53 and Postgres 5432 only)`);
      }
    }
    const egressPorts = policies.flatMap((p) => (p.spec.egress ?? []).flatMap((rule) => (rule.ports ?? []).map((port) => port.port)));
    for (const port of MIGRATION_EGRESS_PORTS)
      if (!egressPorts.includes(port)) problem(job, `no NetworkPolicy lets its pods reach port ${port} (${port === 53 ? 'DNS' : 'Postgres'})`);
  }
  return problems;
}

/** Renders one overlay with kubectl kustomize and returns its objects. */
function render(kubectl, overlay) {
  const rendered = spawnSync(kubectl, ['kustomize', overlay], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (rendered.status !== 0) throw new Error(`kustomize failed: ${(rendered.stderr || rendered.error?.message || '').trim()}`);
  const { parseAllDocuments } = requireFromRoot('yaml');
  return parseAllDocuments(rendered.stdout)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`kustomize printed invalid YAML: ${document.errors[0].message}`);
      return document.toJS();
    })
    .filter(Boolean);
}

/**
 * Validates every overlay of a k8s folder: { overlay: problems[] }. Works on a copy, in which an overlay's env files
 * (secrets.env, database.env: not committed) are made from their examples (secrets.env.example, ...), as a user would.
 */
export function validateOverlays(k8sDir, kubectl = findKubectl()[0]) {
  const copy = mkdtempSync(join(tmpdir(), 'appgen-k8s-'));
  try {
    cpSync(k8sDir, copy, { recursive: true });
    const results = {};
    const rendered = [];
    const services = dataServices();
    for (const name of readdirSync(join(copy, 'overlays')).sort()) {
      const overlay = join(copy, 'overlays', name);
      for (const example of readdirSync(overlay).filter((file) => file.endsWith('.env.example'))) {
        const env = join(overlay, example.slice(0, -'.example'.length));
        if (!existsSync(env)) cpSync(join(overlay, example), env);
      }
      try {
        const objects = render(kubectl, overlay);
        const schema = objects.flatMap((object) => schemaProblems(object).map((p) => `${object.kind}/${object.metadata?.name}: ${p}`));
        results[name] = { objects: objects.length, problems: [...schema, ...policyProblems(objects), ...databaseProblems(objects, services)] };
        rendered.push(...objects.map((object) => [name, object]));
      } catch (error) {
        results[name] = { objects: 0, problems: [error.message] };
      }
    }
    for (const [overlay, problem] of unknownFieldProblems(rendered)) results[overlay].problems.push(problem);
    return results;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function main() {
  const dirFlag = process.argv.indexOf('--dir');
  const k8sDir = dirFlag > 0 ? process.argv[dirFlag + 1] : join(ROOT, 'k8s');
  let kubectl, kustomize;
  try {
    [kubectl, kustomize] = findKubectl();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const models = requireFromRoot('kubernetes-models/package.json').version;
  console.log(`rendering with ${kubectl} (kustomize ${kustomize}); schemas: Kubernetes ${KUBERNETES_VERSION} (kubernetes-models ${models})`);
  let failed = false;
  for (const [overlay, { objects, problems }] of Object.entries(validateOverlays(k8sDir, kubectl))) {
    console.log(`${overlay}: ${objects} objects, ${problems.length ? `${problems.length} problems` : 'valid'}`);
    for (const problem of problems) console.log(`  ${overlay}: ${problem}`);
    failed ||= problems.length > 0;
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
