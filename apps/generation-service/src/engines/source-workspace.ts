import {
  byteSize,
  contentProblem,
  CONTENT_LIMITS,
  fileCountProblem,
  pathProblem,
  treeSizeProblem,
  type AppPlan,
  type SourceFile,
} from '@appgen/contracts';
import { AppPlanValidationError, PLAN_FILE, planFromAppJson } from '../blueprint';

/** Why a plan file's content cannot be the app's plan, or null when it can. */
export function planFileProblem(content: string): string | null {
  try {
    planFromAppJson(content);
    return null;
  } catch (error) {
    if (!(error instanceof AppPlanValidationError)) throw error;
    return error.errors.map((problem) => `${problem.field} ${problem.message}`).join('; ');
  }
}

/**
 * An app's source files while a model changes them, in memory. Every change keeps the rules a save to apps-service
 * keeps (path form and length, a file's and the tree's size, the file count), and app.json stays a valid plan, so
 * whatever the model does, the result can be saved as a version and its entities defined. A refused change leaves
 * the files as they were and answers why.
 */
export class SourceWorkspace {
  private readonly files = new Map<string, string>();
  private totalBytes = 0;
  /** counts changes, so a build can tell whether it saw the current files */
  private revision = 0;

  constructor(files: readonly SourceFile[]) {
    for (const file of files) this.files.set(file.path, file.content);
    this.totalBytes = files.reduce((sum, file) => sum + byteSize(file.content), 0);
  }

  get version(): number {
    return this.revision;
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  /** Writes a whole file; the problem (a sentence naming the rule) when it is refused. */
  write(path: string, content: string): string | null {
    const problem = this.writeProblem(path, content);
    if (problem) return problem;
    this.totalBytes += byteSize(content) - byteSize(this.files.get(path) ?? '');
    this.files.set(path, content);
    this.revision += 1;
    return null;
  }

  delete(path: string): string | null {
    if (!this.files.has(path)) return `${path} does not exist`;
    if (path === PLAN_FILE) return `${PLAN_FILE} is the app's plan and cannot be deleted; change it instead`;
    this.totalBytes -= byteSize(this.files.get(path) ?? '');
    this.files.delete(path);
    this.revision += 1;
    return null;
  }

  /** The plan in app.json (always valid: every change of it was checked). */
  plan(): AppPlan {
    return planFromAppJson(this.files.get(PLAN_FILE) ?? '');
  }

  snapshot(): SourceFile[] {
    return this.paths().map((path) => ({ path, content: this.files.get(path) ?? '' }));
  }

  private writeProblem(path: string, content: string): string | null {
    if (path.length === 0 || path.length > CONTENT_LIMITS.filePathLength) {
      return `The path must be 1 to ${CONTENT_LIMITS.filePathLength} characters long`;
    }
    const pathError = pathProblem(path);
    if (pathError) return `The path ${pathError}`;
    const contentError = contentProblem(content);
    if (contentError) return `The content ${contentError}`;
    if (!this.files.has(path)) {
      const countError = fileCountProblem(this.files.size);
      if (countError) return `${path} ${countError}`;
    }
    const sizeError = treeSizeProblem(this.totalBytes + byteSize(content) - byteSize(this.files.get(path) ?? ''));
    if (sizeError) return `This write ${sizeError}`;
    if (path === PLAN_FILE) {
      const planError = planFileProblem(content);
      if (planError) return `${PLAN_FILE} must stay a valid app plan: ${planError}`;
    }
    return null;
  }
}
