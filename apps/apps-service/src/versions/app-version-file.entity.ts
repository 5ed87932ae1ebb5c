import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One file of a version's snapshot; versions never change once written. */
@Entity({ schema: 'apps', name: 'app_version_files' })
export class AppVersionFileEntity {
  @PrimaryColumn({ name: 'version_id', type: 'integer' })
  versionId!: number;

  @PrimaryColumn({ type: 'text' })
  path!: string;

  @Column({ type: 'text' })
  content!: string;

  /** UTF-8 bytes, so pages for the builder are cut without reading contents. */
  @Column({ type: 'integer' })
  size!: number;
}
