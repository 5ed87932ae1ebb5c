import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One environment variable of an app; its value only ever sealed (service-kit's secret box). */
@Entity({ schema: 'apps', name: 'app_env_vars' })
export class AppEnvVarEntity {
  @PrimaryColumn({ name: 'app_id', type: 'text' })
  appId!: string;

  @PrimaryColumn({ type: 'text' })
  key!: string;

  /** `v1.<base64>` under SECRETS_KEY */
  @Column({ name: 'value_encrypted', type: 'text' })
  valueEncrypted!: string;

  /** when the value last changed (a PUT of the same value leaves it) */
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
