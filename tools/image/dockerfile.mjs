// Reads docker/Dockerfile and lays out, in a folder and without Docker, what one of its stages' images holds, by
// carrying out the stage's own instructions: COPY from the build context or from another stage, RUN in the stage's
// working directory, ARG and ENV as the build would substitute them. What the stage says about running (USER, CMD,
// HEALTHCHECK, WORKDIR, ENV) is answered, so a caller can start the process as the image would. Node builtins only.
//
// The base image's own files are not there: a caller brings its Node release. An instruction this reader does not
// know stops it, so the layout never silently drifts from the file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** Instructions about the image's metadata that change nothing in its files or in how its process starts. */
const METADATA = new Set(['STOPSIGNAL', 'EXPOSE', 'LABEL']);

/** `{ args: {NAME: default}, stages: [{ name, from, instructions: [{ keyword, value }] }] }` of a Dockerfile's text. */
export function readDockerfile(text) {
  const lines = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    lines.push(`${pending}${line}`.trim());
    pending = '';
  }
  const args = {};
  const stages = [];
  for (const line of lines) {
    const [, keyword, value = ''] = /^(\S+)\s*(.*)$/.exec(line);
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(value) ?? [];
      if (!from) throw new Error(`cannot read "FROM ${value}"`);
      stages.push({ name: name ?? String(stages.length), from, instructions: [] });
    } else if (stages.length === 0) {
      if (upper !== 'ARG') throw new Error(`only ARG may come before the first FROM, not ${keyword}`);
      Object.assign(args, parseArg(value));
    } else {
      stages.at(-1).instructions.push({ keyword: upper, value });
    }
  }
  return { args, stages };
}

function parseArg(value) {
  const [, name, fallback] = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(value) ?? [];
  if (!name) throw new Error(`cannot read "ARG ${value}"`);
  return { [name]: fallback };
}

/** `${NAME}` and `$NAME` replaced from `vars`; a name with no value becomes empty, as in a build. */
function substitute(text, vars) {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, braced, bare) => vars[braced ?? bare] ?? '');
}

/** `KEY=value KEY2="value 2"` (ENV's form with equals signs), substituted. */
function parseEnv(value, vars) {
  const found = {};
  for (const [, key, quoted, plain] of value.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(?:"([^"]*)"|(\S*))/g)) {
    found[key] = substitute(quoted ?? plain, { ...vars, ...found });
  }
  return found;
}

/** The JSON (exec) form of CMD; the shell form would start a shell as PID 1, which the images avoid. */
function execForm(value, what) {
  try {
    const parsed = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((part) => typeof part === 'string')) return parsed;
  } catch {
    // reported below
  }
  throw new Error(`${what} must be in exec form (a JSON array of strings): ${value}`);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr || result.stdout}`);
}

/**
 * Lays out `stage` of `dockerfile` under `root` (the image's `/`) and answers how its image runs:
 *   buildArgs     values of ARG (over the file's defaults)
 *   context       the build context's folder (COPY without --from)
 *   stageRoots    { [stage name]: { pathOf: (image path) => folder, link } }, where COPY --from=<stage> reads; link: its
 *                 files may be hard-linked rather than copied (a stage this run laid out: node_modules is large)
 *   env           variables every RUN gets besides the stage's own (PATH, a private npm cache, ...)
 * Answers { root, workdir, env, user: { uid, gid } | undefined, cmd, healthcheck, imagePath(path) }.
 */
export function layOutStage(dockerfile, stageName, { root, buildArgs = {}, context, stageRoots = {}, env: runEnv = {} }) {
  const stage = dockerfile.stages.find((s) => s.name === stageName);
  if (!stage) throw new Error(`the Dockerfile has no stage named ${stageName}`);
  const vars = { ...dockerfile.args, ...buildArgs };
  const state = { workdir: '/', env: {}, user: undefined, cmd: undefined, healthcheck: undefined };
  const imagePath = (path) => join(root, posix.resolve(state.workdir, path));
  mkdirSync(root, { recursive: true });

  for (const { keyword, value } of stage.instructions) {
    const all = { ...vars, ...state.env };
    if (keyword === 'ARG') {
      const [name, fallback] = Object.entries(parseArg(value))[0];
      vars[name] = buildArgs[name] ?? dockerfile.args[name] ?? fallback;
    } else if (keyword === 'ENV') {
      Object.assign(state.env, parseEnv(value, all));
    } else if (keyword === 'WORKDIR') {
      state.workdir = posix.resolve(state.workdir, substitute(value, all));
      mkdirSync(imagePath('.'), { recursive: true });
    } else if (keyword === 'COPY') {
      const parts = substitute(value, all).split(/\s+/);
      const from = parts[0].startsWith('--from=') ? parts.shift().slice('--from='.length) : undefined;
      if (parts.some((part) => part.startsWith('--'))) throw new Error(`COPY ${value}: only --from is understood`);
      const destination = parts.pop();
      const source = from === undefined ? { pathOf: (path) => join(context, path), link: false } : stageRoots[from];
      if (!source) throw new Error(`COPY --from=${from}: no folder for that stage`);
      const target = imagePath(destination);
      const intoFolder = destination.endsWith('/') || parts.length > 1;
      for (const part of parts) {
        const path = source.pathOf(part);
        if (!existsSync(path)) throw new Error(`COPY ${value}: ${part} does not exist (${path})`);
        mkdirSync(intoFolder ? target : dirname(target), { recursive: true });
        run('cp', [source.link ? '-al' : '-a', path, intoFolder ? `${target}/` : target]);
      }
    } else if (keyword === 'RUN') {
      run('sh', ['-c', value], { cwd: imagePath('.'), env: { ...process.env, ...runEnv, ...vars, ...state.env } });
    } else if (keyword === 'USER') {
      const [uid, gid = uid] = substitute(value, all).split(':');
      if (!/^\d+$/.test(uid) || !/^\d+$/.test(gid)) throw new Error(`USER ${value}: a number, as Kubernetes' runAsNonRoot needs`);
      state.user = { uid: Number(uid), gid: Number(gid) };
    } else if (keyword === 'CMD') {
      state.cmd = execForm(value, 'CMD');
    } else if (keyword === 'HEALTHCHECK') {
      const [, command] = /\bCMD\s+(.*)$/.exec(value) ?? [];
      state.healthcheck = command === undefined ? undefined : execForm(command, 'HEALTHCHECK CMD');
    } else if (!METADATA.has(keyword)) {
      throw new Error(`the image check does not understand ${keyword} (in stage ${stageName})`);
    }
  }
  return { root, workdir: state.workdir, env: state.env, user: state.user, cmd: state.cmd, healthcheck: state.healthcheck, imagePath };
}
