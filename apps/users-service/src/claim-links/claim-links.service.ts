import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MailClaimLinkRequest } from '@appgen/contracts';
import { USERS_CONFIG, type UsersConfig } from '../config/users.config';
import { MailOutboxService } from '../mail/mail-outbox.service';

/**
 * Mails an anonymous build's claim link to the address its visitor gave, through the one mail path (the outbox
 * the dispatcher sends and retries). The mail carries the claim token, so like a sign-in code it is dropped unsent
 * once the build can no longer be claimed, and its content is cleared when it is sent.
 */
@Injectable()
export class ClaimLinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: MailOutboxService,
    @Inject(USERS_CONFIG) private readonly config: UsersConfig,
  ) {}

  async mail(request: MailClaimLinkRequest): Promise<{ queued: true }> {
    const expiresAt = new Date(request.expires_at);
    await this.dataSource.transaction((manager) =>
      this.outbox.enqueue(manager, {
      to: request.email,
      discardAfter: expiresAt,
      subject: 'Your appgen app is ready to claim',
      text: [
        `Your app "${request.app_name}" is being built on appgen.`,
        '',
        'Open this link to sign in and keep it in your account:',
        request.claim_url,
        '',
        `It can be claimed until ${expiresAt.toISOString()}; after that it is deleted.`,
        'If you did not ask for this app, you can ignore this mail.',
        '',
        `appgen - ${this.config.SITE_URL}`,
        '',
      ].join('\n'),
      }),
    );
    return { queued: true };
  }
}
