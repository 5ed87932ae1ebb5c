import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface RemovedForApp {
  appUsers: number;
  sessions: number;
  codes: number;
}

/** Rows of a DELETE: TypeORM's postgres driver answers `[rows, affectedCount]` for it. */
function affected(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

/** What users-service holds of an app, removed when apps-service deleted the app. */
@Injectable()
export class AppDeletionService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Deletes the app's users, their sessions and the sign-in codes asked for it (including codes of people who
   * never finished signing in), in one transaction; repeating it removes nothing more.
   */
  removeApp(appId: string): Promise<RemovedForApp> {
    return this.dataSource.transaction(async (manager) => {
      // Sessions would go with their users (ON DELETE CASCADE); deleting them first lets the log say how many.
      const sessions = await manager.query(
        'DELETE FROM app_user_sessions s USING app_users u WHERE s.app_user_id = u.id AND u.app_id = $1',
        [appId],
      );
      const appUsers = await manager.query('DELETE FROM app_users WHERE app_id = $1', [appId]);
      const codes = await manager.query('DELETE FROM app_user_codes WHERE app_id = $1', [appId]);
      return { appUsers: affected(appUsers), sessions: affected(sessions), codes: affected(codes) };
    });
  }
}
