/**
 * What the blueprint specs use to prove a rendered app works: write it to a scratch folder, type-check it with
 * the TypeScript compiler under the app's own strict tsconfig, and bundle it with esbuild as the builder does.
 * Not a spec itself; the `.testing.ts` suffix keeps it out of the service build.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build, type BuildResult } from 'esbuild';
import * as ts from 'typescript';
import { APP_SOURCE_LAYOUT, type SourceFile } from '@appgen/contracts';

/** Writes an app's files under a new scratch folder and returns it; the caller removes it. */
export function writeApp(files: SourceFile[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blueprint-app-'));
  for (const file of files) {
    const target = path.join(dir, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.content);
  }
  return dir;
}

export interface AppCompilerSetup {
  options: ts.CompilerOptions;
  fileNames: string[];
  configErrors: ts.Diagnostic[];
  strict: boolean;
}

/** Reads the tsconfig.json an app was rendered with. */
export function readAppConfig(dir: string): AppCompilerSetup {
  const configFile = ts.readConfigFile(path.join(dir, 'tsconfig.json'), (name) => ts.sys.readFile(name));
  if (configFile.error) return { options: {}, fileNames: [], configErrors: [configFile.error], strict: false };
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, dir);
  return { options: config.options, fileNames: config.fileNames, configErrors: config.errors, strict: config.options.strict === true };
}

/**
 * Type-checks apps under their own tsconfig and returns every diagnostic as "file:line message" (file relative
 * to its app's folder). Several apps rendered by the same renderer share one compiler program: their tsconfigs
 * are the same and every import is relative, so one program checks them all at the cost of one.
 */
export function typeCheckApps(dirs: string[]): string[] {
  const setups = dirs.map((dir) => ({ dir, setup: readAppConfig(dir) }));
  const problems = setups.flatMap(({ dir, setup }) => setup.configErrors.map((error) => `${dir}/tsconfig.json ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`));
  if (problems.length || !setups.length) return problems;
  const options = setups[0].setup.options;
  const program = ts.createProgram(setups.flatMap(({ setup }) => setup.fileNames), options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const fileName = diagnostic.file?.fileName ?? '';
    const owner = dirs.find((dir) => fileName.startsWith(`${dir}${path.sep}`) || fileName.startsWith(`${dir}/`));
    const line = diagnostic.file && diagnostic.start !== undefined ? `:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}` : '';
    const where = fileName ? `${owner ? path.relative(owner, fileName) : fileName}${line}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/** Bundles an app from its entry the way the builder does, in memory. */
export function bundleApp(dir: string): Promise<BuildResult<{ write: false }>> {
  return build({ entryPoints: [APP_SOURCE_LAYOUT.entry], absWorkingDir: dir, bundle: true, write: false, outdir: 'assets', entryNames: 'app', logLevel: 'silent' });
}
