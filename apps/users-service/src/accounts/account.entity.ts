import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Plan } from '@appgen/contracts';

@Entity({ schema: 'users', name: 'accounts' })
// Unique on lower(email), an expression TypeORM cannot describe; the migration creates it.
@Index('accounts_email_key', { synchronize: false })
export class AccountEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  /** Stored trimmed and lowercased. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text', default: 'free' })
  plan!: Plan;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
