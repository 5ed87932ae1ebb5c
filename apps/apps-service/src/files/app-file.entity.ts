import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The app's current source tree: the files of its newest version. */
@Entity({ schema: 'apps', name: 'app_files' })
export class AppFileEntity {
  @PrimaryColumn({ name: 'app_id', type: 'text' })
  appId!: string;

  @PrimaryColumn({ type: 'text' })
  path!: string;

  @Column({ type: 'text' })
  content!: string;

  /** UTF-8 bytes of the content. */
  @Column({ type: 'integer' })
  size!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
