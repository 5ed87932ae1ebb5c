import { Module } from '@nestjs/common';
import { ExpirySweep } from './expiry-sweep';

/** The durable sweep deleting unclaimed anonymous builds once their claim window ends. */
@Module({ providers: [ExpirySweep], exports: [ExpirySweep] })
export class ExpiryModule {}
