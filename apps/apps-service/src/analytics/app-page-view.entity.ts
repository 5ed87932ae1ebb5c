import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'apps', name: 'app_page_views' })
@Index('app_page_views_app_at_idx', ['appId', 'at'])
export class AppPageViewEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  /** SHA-256 of the visitor cookie, as the edge sends it. */
  @Column({ type: 'text' })
  visitor!: string;

  @Column({ type: 'text' })
  session!: string;

  @Column({ type: 'text' })
  path!: string;

  @Column({ type: 'text' })
  environment!: 'preview' | 'production';

  @Column({ type: 'timestamptz' })
  at!: Date;
}
