import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One file of a successful build's `dist/`, by its path inside `dist/` (`index.html`, `assets/app.js`). */
@Entity({ schema: 'deployment', name: 'bundle_files' })
export class BundleFileEntity {
  @PrimaryColumn({ name: 'build_id', type: 'integer' })
  buildId!: number;

  @PrimaryColumn({ type: 'text' })
  path!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;
}
