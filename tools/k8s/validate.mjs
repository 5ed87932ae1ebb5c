// `node tools/k8s/validate.mjs [--dir <k8s folder>]`: renders every kustomize overlay under k8s/overlays and checks
// each object, offline:
//   - against the Kubernetes API schemas of KUBERNETES_VERSION, bundled in the npm package kubernetes-models (pinned
//     in package-lock.json); an object of a kind those schemas do not know is a problem too; and against the
//     package's TypeScript declarations for fields the schemas let through (a misspelt one);
//   - against what appgen's operators are promised (k8s/README.md): every Deployment has startup, readiness and
//     liveness probes, CPU and memory requests and limits, a non-root read-only hardened container, Prometheus
//     annotations naming one of its ports, an autoscaler (and no replicas of its own), a disruption budget, and a
//     default-deny NetworkPolicy covers appgen's pods.
// Prints each problem as `<overlay>: <Kind>/<name>: <what>` and exits 1 if there is any.
//
// Rendering uses kustomize as built into kubectl (`kubectl kustomize`, no cluster needed): KUBECTL, or the
// kubectl KUBERNETES_VERSION of the Google Cloud CLI's packages, or the kubectl on PATH; kustomize 5 or newer.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

function schemaProblems(object) {
  const Model = modelFor(object.apiVersion, object.kind);
  if (!Model) return [`no Kubernetes ${KUBERNETES_VERSION} schema for apiVersion ${object.apiVersion}, kind ${object.kind}`];
  try {
    new Model(object).validate();
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

/** What appgen promises of every Deployment (k8s/README.md), as problems of the rendered objects. */
function policyProblems(objects) {
  const problems = [];
  const ofKind = (kind) => objects.filter((o) => o.kind === kind);
  const problem = (object, text) => problems.push(`${object.kind}/${object.metadata?.name}: ${text}`);
  const defaultDeny = ofKind('NetworkPolicy').filter(
    (p) => p.spec?.policyTypes?.includes('Ingress') && p.spec.policyTypes.includes('Egress') && !p.spec.ingress && !p.spec.egress,
  );
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
 * Validates every overlay of a k8s folder: { overlay: problems[] }. Works on a copy, in which an overlay's
 * secrets.env (not committed) is made from its secrets.env.example, as a user would.
 */
export function validateOverlays(k8sDir, kubectl = findKubectl()[0]) {
  const copy = mkdtempSync(join(tmpdir(), 'appgen-k8s-'));
  try {
    cpSync(k8sDir, copy, { recursive: true });
    const results = {};
    const rendered = [];
    for (const name of readdirSync(join(copy, 'overlays')).sort()) {
      const overlay = join(copy, 'overlays', name);
      const example = join(overlay, 'secrets.env.example');
      if (existsSync(example) && !existsSync(join(overlay, 'secrets.env'))) cpSync(example, join(overlay, 'secrets.env'));
      try {
        const objects = render(kubectl, overlay);
        const schema = objects.flatMap((object) => schemaProblems(object).map((p) => `${object.kind}/${object.metadata?.name}: ${p}`));
        results[name] = { objects: objects.length, problems: [...schema, ...policyProblems(objects)] };
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
