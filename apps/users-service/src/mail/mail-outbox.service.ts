import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailMessageEntity } from './mail-message.entity';

/** Postgres channel the dispatcher listens on; the NOTIFY is delivered only when the transaction commits. */
export const MAIL_CHANNEL = 'appgen_mail';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface QueuedMail extends OutgoingMail {
  /** When what the mail carries (a sign-in code) expires; past it the mail is dropped unsent. */
  discardAfter?: Date;
}

@Injectable()
export class MailOutboxService {
  /** Queues a mail in the caller's transaction: it goes out if and only if the change commits. */
  async enqueue(manager: EntityManager, mail: QueuedMail): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('MailOutboxService.enqueue must run inside the transaction that makes the change');
    }
    await manager.insert(MailMessageEntity, {
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      discardAfter: mail.discardAfter ?? null,
      nextAttemptAt: () => 'now()',
    });
    await manager.query('SELECT pg_notify($1, current_schema())', [MAIL_CHANNEL]);
  }
}
