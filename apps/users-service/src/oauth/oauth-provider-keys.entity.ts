import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The OAuth server's one set of keys (signing keys and cookie keys), sealed under SECRETS_KEY. */
@Entity({ schema: 'users', name: 'oauth_provider_keys' })
@Check('oauth_provider_keys_single_row', 'id = 1')
export class OAuthProviderKeysEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  /** sealSecret of the JSON `{jwks, cookie_keys}` */
  @Column({ type: 'text' })
  sealed!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
