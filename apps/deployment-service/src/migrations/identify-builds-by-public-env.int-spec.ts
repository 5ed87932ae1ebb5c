import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { CreateOutbox1763700000000 } from '@appgen/outbox';
import { createScratchDatabase, type ScratchDatabase } from '@appgen/testing';
import { CreateBuildsAndDeployments1763700000300 } from './1763700000300-create-builds-and-deployments';
import { IdentifyBuildsByPublicEnv1763700007400 } from './1763700007400-identify-builds-by-public-env';

describe('deployment-service migration: builds identified by version and public env vars', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createScratchDatabase('appgen_deploy_env_mig');
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: [CreateOutbox1763700000000, CreateBuildsAndDeployments1763700000300, IdentifyBuildsByPublicEnv1763700007400],
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const build = (version: number, digest?: string): Promise<Array<{ id: number }>> =>
    dataSource.query(
      `INSERT INTO builds (app_id, account_id, version_id, status${digest === undefined ? '' : ', public_env_digest'})
       VALUES ('envapp000001', 1, $1, 'succeeded'${digest === undefined ? '' : ', $2'}) RETURNING id`,
      digest === undefined ? [version] : [version, digest],
    );

  it('gives earlier builds the digest of no values, allows a build per set of values, and undoes exactly', async () => {
    await dataSource.runMigrations();
    await dataSource.undoLastMigration();
    await build(1);
    await expect(build(1)).rejects.toThrow(/builds_app_version_key/);

    await dataSource.runMigrations();
    expect(await dataSource.query('SELECT version_id, public_env_digest, rebuild FROM builds')).toEqual([{ version_id: 1, public_env_digest: '', rebuild: 0 }]);
    await build(1, 'a'.repeat(64));
    await expect(build(1, 'a'.repeat(64))).rejects.toThrow(/builds_app_version_env_key/);

    // Down keeps the first build of each version and drops the others nothing deployed.
    await dataSource.undoLastMigration();
    expect(await dataSource.query('SELECT version_id FROM builds')).toEqual([{ version_id: 1 }]);
    await dataSource.runMigrations();
  });

  it('refuses to undo while production history names a second build of a version', async () => {
    const [second] = await build(1, 'b'.repeat(64));
    await dataSource.query(
      `INSERT INTO deployments (app_id, account_id, build_id, version_id, status, caller) VALUES ('envapp000001', 1, $1, 1, 'deployed', '{}')`,
      [second?.id],
    );
    await expect(dataSource.undoLastMigration()).rejects.toThrow(/one build per version cannot hold them/);
    expect(await dataSource.query('SELECT count(*)::int AS builds FROM builds')).toEqual([{ builds: 2 }]);
  });
});
