import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { PaymentProviders } from './payment-providers';

@Module({ imports: [CreditsModule], controllers: [CheckoutController], providers: [CheckoutService, PaymentProviders] })
export class CheckoutModule {}
